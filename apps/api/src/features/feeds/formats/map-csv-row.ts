import type { Locale } from '@estately/domain';
import type { FeedPhotoSource, FeedProblem } from '../feed-listing.ts';
import { CSV_LIST_SEPARATOR, type CsvColumn } from './csv-columns.ts';
import { notANumber, parseFeedNumber, reportValue } from './feed-values.ts';
import { emptyRawListing, type RawFeedListing } from './finish-feed-listing.ts';

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0', '']);

/** A row whose own structure is broken: the listing cannot be read at all. */
export interface CsvRowRefusal {
  refused: true;
  externalId: string | undefined;
  problems: FeedProblem[];
}

/**
 * One data row by the header's columns. A value outside its column's values is reported
 * (`invalid_value`) and left out, and a list keeps its valid items; the property schema
 * judges the rest when the listing is finished. A `withdrawn` cell that is neither yes nor
 * no refuses the row: whether to withdraw the listing is not ours to guess.
 */
export function mapCsvRow(
  header: readonly CsvColumn[],
  record: readonly string[],
  defaultLocale: Locale,
): RawFeedListing | CsvRowRefusal {
  const raw = emptyRawListing();
  const contact: Record<string, string> = {};
  let refusal: FeedProblem | undefined;
  header.forEach((column, index) => {
    const cell = (record[index] ?? '').trim();
    switch (column.kind) {
      case 'yes_no': {
        const answer = cell.toLowerCase();
        if (YES.has(answer)) raw.action = 'withdraw';
        else if (!NO.has(answer))
          refusal = {
            code: 'invalid_value',
            field: column.target,
            value: reportValue(cell),
            detail: 'validation.invalid_boolean',
          };
        return;
      }
      case 'urls': {
        raw.photos = photoSources(cell, raw.problems);
        return;
      }
    }
    if (cell === '') return;
    const value = cellValue(column, cell, raw.problems);
    if (value === undefined) return;
    if (column.target === 'external_id') raw.externalId = value as string;
    else if (column.target.startsWith('contact.'))
      contact[column.target.slice('contact.'.length)] = value as string;
    else raw.fields[column.target] = value;
  });
  if (Object.keys(contact).length > 0) raw.fields.contact = contact;
  raw.fields.locale ??= defaultLocale;
  // An area without its unit is in square metres, on every import (not only a new property's default).
  if (raw.fields.useful_area !== undefined) raw.fields.useful_area_units ??= 'm2';
  if (refusal) return { refused: true, externalId: raw.externalId, problems: [refusal, ...raw.problems] };
  return raw;
}

function cellValue(column: CsvColumn, cell: string, problems: FeedProblem[]): unknown {
  switch (column.kind) {
    case 'number':
    case 'integer': {
      const number = parseFeedNumber(cell);
      if (number !== 'invalid') return number;
      problems.push(notANumber(column.target, cell));
      return undefined;
    }
    case 'boolean': {
      const answer = cell.toLowerCase();
      if (YES.has(answer)) return true;
      if (NO.has(answer)) return false;
      problems.push({
        code: 'invalid_value',
        field: column.target,
        value: reportValue(cell),
        detail: 'validation.invalid_boolean',
      });
      return undefined;
    }
    case 'choice': {
      const value = choice(column, cell);
      if (value === undefined) problems.push(invalidChoice(column, cell));
      return value;
    }
    case 'list': {
      const values: string[] = [];
      for (const item of cell.split(CSV_LIST_SEPARATOR).map((part) => part.trim())) {
        if (item === '') continue;
        const value = choice(column, item);
        if (value === undefined) problems.push(invalidChoice(column, item));
        // Rooms repeat (two bedrooms); parameters and tags are each said once.
        else if (column.target === 'room' || !values.includes(value)) values.push(value);
      }
      return values.length === 0 ? undefined : values;
    }
    default:
      return cell;
  }
}

/** The column's own spelling of a value written in any case (`Sale`, `de-at`). */
function choice(column: CsvColumn, cell: string): string | undefined {
  const lower = cell.toLowerCase();
  return column.values?.find((value) => value.toLowerCase() === lower);
}

function invalidChoice(column: CsvColumn, cell: string): FeedProblem {
  return {
    code: 'invalid_value',
    field: column.target,
    value: reportValue(cell),
    detail: 'validation.invalid_value',
  };
}

function photoSources(cell: string, problems: FeedProblem[]): FeedPhotoSource[] {
  const sources: FeedPhotoSource[] = [];
  for (const item of cell.split(CSV_LIST_SEPARATOR)) {
    const address = item.trim();
    if (address === '') continue;
    if (URL.canParse(address) && /^https?:$/.test(new URL(address).protocol)) {
      sources.push({ kind: 'url', url: address });
    } else {
      problems.push({
        code: 'photo_failed',
        field: 'photos',
        value: reportValue(address),
        detail: 'feeds.photo.address_refused',
      });
    }
  }
  return sources;
}
