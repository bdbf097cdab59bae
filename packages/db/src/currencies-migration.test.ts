import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { CURRENCIES, DEFAULT_RATES } from '@estately/domain';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import type { DatabaseHandle } from './types.ts';

// Migration 0026 (decision 050) lets every currency column take CHF, TRY and RSD, and gives a
// database that already holds exchange rates the built-in rates of the three.

const CHECKS = [
  ['saved_searches', 'saved_searches_currency_check'],
  ['price_history', 'price_history_currency_check'],
  ['properties', 'properties_currency_check'],
  ['exchange_rates', 'exchange_rates_currency_check'],
  ['users', 'users_preferred_currency_check'],
] as const;

type Journal = { entries: Array<{ tag: string }> };

let handle: DatabaseHandle;
let pglite: PGlite;
let folder: string;

async function rows<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (await pglite.query<T>(query, params)).rows;
}

/** The currency codes a CHECK constraint allows, from its definition in the catalog. */
async function allowed(table: string, constraint: string): Promise<string[]> {
  const [row] = await rows<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def from pg_constraint c
     join pg_class t on t.oid = c.conrelid where t.relname = $1 and c.conname = $2`,
    [table, constraint],
  );
  return [...(row?.def ?? '').matchAll(/'([A-Z]{3})'/g)].map((m) => m[1] as string).sort();
}

async function migrateTo(journal: Journal, count: number) {
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  await migratePglite(drizzle({ client: pglite }), { migrationsFolder: folder });
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'estately-0026-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  handle = await createPglite('memory://');
  pglite = handle.pglite as PGlite;
});

afterAll(async () => {
  await handle?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('migration 0026_chf_try_rsd_currencies', () => {
  it('widens every currency check and adds the three rates to a seeded table', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const at = journal.entries.findIndex((entry) => entry.tag === '0026_chf_try_rsd_currencies');
    expect(at).toBeGreaterThan(0);

    // A database before 0026, seeded with the rates of the 12 currencies it knew.
    await migrateTo(journal, at);
    const older = CURRENCIES.filter((c) => !['CHF', 'TRY', 'RSD'].includes(c));
    for (const currency of older) {
      await pglite.query(
        `insert into exchange_rates (currency, rate_to_czk, source) values ($1, $2, 'seed')`,
        [currency, DEFAULT_RATES.rates[currency]],
      );
    }
    await expect(
      pglite.query(
        `insert into users (email, password_hash, preferred_currency) values ('a@example.test', 'x', 'CHF')`,
      ),
    ).rejects.toThrow(/users_preferred_currency_check/);
    expect(await allowed('properties', 'properties_currency_check')).not.toContain('CHF');

    await migrateTo(journal, journal.entries.length);
    for (const [table, constraint] of CHECKS) {
      expect(await allowed(table, constraint), constraint).toEqual([...CURRENCIES].sort());
    }
    const rates = await rows<{ currency: string; rate: string; source: string }>(
      `select currency, rate_to_czk::text as rate, source from exchange_rates
       where currency in ('CHF', 'TRY', 'RSD') order by currency`,
    );
    expect(rates.map((r) => [r.currency, Number(r.rate), r.source])).toEqual([
      ['CHF', DEFAULT_RATES.rates.CHF, 'default'],
      ['RSD', DEFAULT_RATES.rates.RSD, 'default'],
      ['TRY', DEFAULT_RATES.rates.TRY, 'default'],
    ]);
    const [owner] = await rows<{ id: number }>(
      `insert into users (email, password_hash, preferred_currency) values ('b@example.test', 'x', 'TRY') returning id`,
    );
    const [property] = await rows<{ currency: string }>(
      `insert into properties (owner_id, offer_type, property_type, country_code, price, currency)
       values ($1, 'sale', 'apartment', 'CH', 850000, 'CHF') returning currency`,
      [owner?.id],
    );
    expect(property?.currency).toBe('CHF');
  });
});

describe('a fresh database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('takes offers in francs, lira and dinars, and has no rates until the seed writes them', async () => {
    const [owner] = await t.query<{ id: number }>(
      `insert into users (email, password_hash, preferred_currency) values ('c@example.test', 'x', 'RSD') returning id`,
    );
    for (const currency of ['CHF', 'TRY', 'RSD']) {
      const [row] = await t.query<{ currency: string }>(
        `insert into properties (owner_id, offer_type, property_type, country_code, price, currency)
         values ($1, 'sale', 'apartment', 'RS', 1000, $2) returning currency`,
        [owner?.id, currency],
      );
      expect(row?.currency).toBe(currency);
    }
    const [count] = await t.query<{ n: number }>('select count(*)::int as n from exchange_rates');
    expect(count?.n).toBe(0);
  });
});
