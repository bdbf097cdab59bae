import { type SQL, sql } from 'drizzle-orm';
import { bigint, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

// Shared column builders and CHECK helpers. Enum-like columns are `text` with a CHECK built from
// the value arrays of @estately/domain, so a value set changes by a plain migration (no
// ALTER TYPE ... ADD VALUE, which cannot run inside a transaction on older servers).

/** Primary key: bigint identity, a JS number (ids stay far below 2^53). */
export function idColumn() {
  return bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
}

/** A bigint foreign-key column as a JS number. */
export function ref(name: string) {
  return bigint(name, { mode: 'number' });
}

export function createdAt() {
  return timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
}

export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
}

export function tstz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

function literalList(values: readonly (string | number)[]): SQL {
  return sql.raw(
    values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', '),
  );
}

/** CHECK (column IN (...values)); a NULL passes, NOT NULL is declared on the column. */
export function oneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} in (${literalList(values)})`;
}

/** CHECK that every element of a text[] column is one of the values. */
export function allOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ array[${literalList(values)}]::text[]`;
}
