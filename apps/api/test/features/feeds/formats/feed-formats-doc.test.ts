import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FEED_FILE_ERRORS, FEED_PROBLEM_CODES } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../../../src/features/feeds/formats/csv-columns.ts';
import { DEFAULT_FEED_READ_LIMITS } from '../../../../src/features/feeds/formats/feed-read-options.ts';
import { withTables } from '../fixtures/feed-format-tables.ts';

// docs/feed-formats.md stays true: its CSV columns and OpenImmo mapping are the code's tables,
// and it explains every file error and problem code the readers give.

const PAGE = fileURLToPath(new URL('../../../../../../docs/feed-formats.md', import.meta.url));

describe('docs/feed-formats.md', () => {
  it('shows the CSV columns and the OpenImmo mapping as the code has them', async () => {
    const page = await readFile(PAGE, 'utf8');
    const expected = withTables(page);
    if (process.env.WRITE_FEED_DOCS === '1' && expected !== page) await writeFile(PAGE, expected);
    else expect(page).toBe(expected);
    for (const column of CSV_COLUMNS) expect(page).toContain(`| \`${column.name}\` |`);
  });

  it('explains each file error and problem code, and the limits', async () => {
    const page = await readFile(PAGE, 'utf8');
    for (const code of [...FEED_FILE_ERRORS, ...FEED_PROBLEM_CODES]) expect(page).toContain(`\`${code}\``);
    expect(page).toContain(`${DEFAULT_FEED_READ_LIMITS.maxCompressionRatio}:1`);
  });
});
