import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import type { Db } from './types.ts';

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: Promise<readonly JournalEntry[]> | undefined;

/** The migrations journal of this build (read once: it ships with the code). */
function journalEntries(): Promise<readonly JournalEntry[]> {
  journal ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8').then((text) => {
    const entries = (JSON.parse(text) as { entries: JournalEntry[] }).entries;
    return entries.map(({ tag, when }) => ({ tag, when: Number(when) }));
  });
  return journal;
}

/**
 * The tags of the journal's migrations the database has not applied, by drizzle's own rule
 * (the one `migrate` follows): a migration is applied once a row of
 * drizzle.__drizzle_migrations has a `created_at` at or after the journal entry's `when`.
 * Every one is pending on a database that was never migrated. Rejects when the database does
 * not answer.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const entries = await journalEntries();
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: Array<{ present: boolean }> };
  if (!exists.rows[0]?.present) return entries.map((entry) => entry.tag);
  const result = (await db.execute(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ last: number | string | null }> };
  const last = result.rows[0]?.last;
  const applied = last === null || last === undefined ? -1 : Number(last);
  return entries.filter((entry) => entry.when > applied).map((entry) => entry.tag);
}
