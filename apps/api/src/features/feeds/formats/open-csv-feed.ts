import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { DEFAULT_LOCALE, type Locale } from '@estately/domain';
import { CsvError, parse } from 'csv-parse';
import { parse as parseLine } from 'csv-parse/sync';
import { FeedFileError, type FeedItem, type FeedProblem, type OpenedFeed } from '../feed-listing.ts';
import { CSV_COLUMN_BY_NAME, CSV_COLUMNS, CSV_REQUIRED_COLUMNS, type CsvColumn } from './csv-columns.ts';
import { decodeFeedText, encodingFromBom, feedEncoding } from './decode-feed-text.ts';
import type { FeedReadLimits, OpenFeedFileOptions } from './feed-read-options.ts';
import { finishFeedListing, refuseDuplicate } from './finish-feed-listing.ts';
import { mapCsvRow } from './map-csv-row.ts';
import { FeedPhotoReadError } from './zip-archive.ts';

/** Delimiters a CSV feed may use, told apart by its header (docs/feed-formats.md). */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** The longest header line read before giving up on finding its end. */
const HEADER_CHARS_MAX = 64 * 1024;

/** Our field name -> its column, so a report names what the agency wrote (`currency`, not `currency_iso_code`). */
const COLUMN_OF_TARGET: ReadonlyMap<string, string> = new Map(
  CSV_COLUMNS.map((column) => [column.target, column.name]),
);

/**
 * Opens a CSV feed: the header is read and judged at once (its delimiter, unknown and missing
 * columns), so a wrong file fails before any row is read; `items()` then streams the rows
 * through csv-parse, one record at a time. Every CSV is the agency's whole stock (`full`).
 */
export async function openCsvFeed(options: OpenFeedFileOptions, limits: FeedReadLimits): Promise<OpenedFeed> {
  const declared = feedEncoding(options.encoding ?? 'utf-8');
  const text = () =>
    decodeFeedText(
      createReadStream(options.path, { highWaterMark: 64 * 1024 }),
      (head) => encodingFromBom(head) ?? declared,
    );
  const defaultLocale = options.defaultLocale ?? DEFAULT_LOCALE;

  const headerLine = await readHeaderLine(text());
  const delimiter = detectDelimiter(headerLine);
  const header = judgeHeader(headerLine, delimiter);

  async function* items(): AsyncGenerator<FeedItem> {
    const source = Readable.from(text(), { objectMode: false });
    const parser = parse({
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: limits.maxListingChars,
    });
    source.on('error', (error) => parser.destroy(error));
    source.pipe(parser);
    const seen = new Set<string>();
    let position = 0;
    let headerSkipped = false;
    try {
      for await (const { record } of parser as AsyncIterable<{ record: string[] }>) {
        if (!headerSkipped) {
          headerSkipped = true;
          continue;
        }
        if (record.every((cell) => cell.trim() === '')) continue;
        position += 1;
        yield refuseDuplicate(rowItem(position, header, record, defaultLocale), seen);
      }
    } catch (error) {
      if (error instanceof FeedFileError) throw error;
      if (error instanceof CsvError) {
        // A quote left open or closed mid-field: past it no row can be told from the next, so
        // the file is refused rather than read as fewer listings (a full feed would withdraw them).
        throw new FeedFileError('csv_delimiter', `line ${String(error.lines ?? '?')}: ${error.code}`);
      }
      throw error;
    } finally {
      source.destroy();
      parser.destroy();
    }
    if (position === 0) throw new FeedFileError('empty_feed', 'no data rows');
  }

  return {
    mode: 'full',
    items,
    readPhoto: async (path) => {
      // A CSV names photos by address only; nothing is read from the file itself.
      throw new FeedPhotoReadError('not_found', path);
    },
    close: async () => {},
  };
}

function rowItem(
  position: number,
  header: readonly CsvColumn[],
  record: string[],
  defaultLocale: Locale,
): FeedItem {
  if (record.length !== header.length) {
    const idIndex = header.findIndex((column) => column.target === 'external_id');
    const externalId = record[idIndex]?.trim() || undefined;
    const problem: FeedProblem = {
      code: 'malformed_listing',
      value: `${record.length}/${header.length}`,
      detail: 'feeds.csv.column_count',
    };
    return { kind: 'rejected', position, rejection: { externalId, problems: [problem] } };
  }
  const raw = mapCsvRow(header, record, defaultLocale);
  const item: FeedItem =
    'refused' in raw
      ? { kind: 'rejected', position, rejection: { externalId: raw.externalId, problems: raw.problems } }
      : finishFeedListing(position, raw);
  const problems = item.kind === 'listing' ? item.listing.problems : item.rejection.problems;
  for (const problem of problems) {
    if (problem.field) problem.field = COLUMN_OF_TARGET.get(problem.field) ?? problem.field;
  }
  return item;
}

async function readHeaderLine(text: AsyncIterable<string>): Promise<string> {
  let buffered = '';
  for await (const chunk of text) {
    // Blank lines before the header are skipped, as csv-parse skips them.
    buffered = (buffered + chunk).replace(/^(\s*\r?\n)+/, '');
    const end = buffered.indexOf('\n');
    if (end !== -1) return buffered.slice(0, end).replace(/\r$/, '');
    if (buffered.length > HEADER_CHARS_MAX) throw new FeedFileError('csv_header', 'no header line');
  }
  if (buffered.trim() === '') throw new FeedFileError('empty_feed', 'empty file');
  return buffered.replace(/\r$/, '');
}

const headerNames = (line: string, delimiter: string) =>
  line.split(delimiter).map((name) =>
    name
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );

/**
 * The delimiter under which the header names the most of our columns. A header that names
 * none of them under any delimiter, as one column, was written with another one (`|`): the
 * file is refused, never read as one column of garbage.
 */
export function detectDelimiter(line: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; known: number; parts: number } | undefined;
  for (const delimiter of CSV_DELIMITERS) {
    const names = headerNames(line, delimiter);
    const known = names.filter((name) => CSV_COLUMN_BY_NAME.has(name)).length;
    if (!best || known > best.known || (known === best.known && names.length > best.parts))
      best = { delimiter, known, parts: names.length };
  }
  if (!best || best.known === 0)
    throw new FeedFileError('csv_delimiter', `no known column under "," ";" or tab: ${line.slice(0, 100)}`);
  return best.delimiter;
}

function judgeHeader(line: string, delimiter: CsvDelimiter): CsvColumn[] {
  const [cells = []] = parseLine(line, { delimiter, relax_quotes: true }) as string[][];
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !CSV_COLUMN_BY_NAME.has(name));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  const absent = CSV_REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  const faults = [
    unknown.length > 0 ? `unknown columns: ${unknown.join(', ')}` : '',
    repeated.length > 0 ? `repeated columns: ${repeated.join(', ')}` : '',
    absent.length > 0 ? `missing columns: ${absent.join(', ')}` : '',
  ].filter(Boolean);
  if (faults.length > 0) throw new FeedFileError('csv_header', faults.join('; ').slice(0, 500));
  return names.map((name) => CSV_COLUMN_BY_NAME.get(name) as CsvColumn);
}
