import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import type { DatabaseHandle } from './types.ts';

// Migration 0020 (issue 38 point 10) turns the leads written before it into conversations: one
// thread per offer and buyer (the account, else the e-mail address in any case), each lead's
// message in it (a lead without a stored message gets its text as one), the status carried over
// (replied: answered; all archived: closed) and the read marks kept.

let handle: DatabaseHandle;
let pglite: PGlite;
let folder: string;

type Journal = { entries: Array<{ tag: string }> };

beforeAll(async () => {
  // The migrations up to 0018, as a database written before threads existed has them.
  folder = mkdtempSync(path.join(tmpdir(), 'estately-0020-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const before = journal.entries.findIndex((entry) => entry.tag === '0020_lead_threads');
  expect(before).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
  handle = await createPglite('memory://');
  pglite = handle.pglite as PGlite;
  await migratePglite(drizzle({ client: pglite }), { migrationsFolder: folder });
});

afterAll(async () => {
  await handle?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function one<T>(query: string, params: unknown[] = []): Promise<T> {
  const result = await pglite.query<T>(query, params);
  return result.rows[0] as T;
}

describe('migration 0020_lead_threads', () => {
  it('groups the earlier leads into threads with their messages, statuses and read marks', async () => {
    const seller = await one<{ id: number }>(
      "insert into users (email, password_hash) values ('seller@example.com', 'x') returning id",
    );
    const buyer = await one<{ id: number }>(
      "insert into users (email, password_hash) values ('buyer@example.com', 'x') returning id",
    );
    const property = async () =>
      (
        await one<{ id: number }>(
          `insert into properties (owner_id, state, offer_type, property_type, country_code)
           values ($1, 'active', 'sale', 'apartment', 'CZ') returning id`,
          [seller.id],
        )
      ).id;
    const flat = await property();
    const house = await property();
    const lead = async (values: {
      property: number;
      sender?: number | null;
      email: string;
      status: string;
      message: string | null;
      at: string;
      stored?: boolean;
    }) => {
      const row = await one<{ id: number }>(
        `insert into leads (property_id, owner_id, sender_user_id, email, name, status, message, locale, created_at, updated_at)
         values ($1, $2, $3, $4, 'Jan', $5, $6, 'de', $7, $7) returning id`,
        [
          values.property,
          seller.id,
          values.sender ?? null,
          values.email,
          values.status,
          values.message,
          values.at,
        ],
      );
      if (values.stored !== false && values.message)
        await pglite.query(
          'insert into offer_messages (lead_id, sender_user_id, body, created_at) values ($1, $2, $3, $4)',
          [row.id, values.sender ?? null, values.message, values.at],
        );
      return row.id;
    };
    // Jan wrote twice about the flat (the address in two spellings), once answered by e-mail.
    await lead({
      property: flat,
      email: 'Jan@Example.com',
      status: 'replied',
      message: 'First',
      at: '2026-10-01T10:00:00Z',
    });
    await lead({
      property: flat,
      email: 'jan@example.com',
      status: 'new',
      message: 'Second',
      at: '2026-10-02T10:00:00Z',
    });
    // The signed-in buyer asked about the flat; the message was not stored as a message row.
    await lead({
      property: flat,
      sender: buyer.id,
      email: 'buyer@example.com',
      status: 'read',
      message: 'Signed in',
      at: '2026-10-03T10:00:00Z',
      stored: false,
    });
    // An archived enquiry about the house.
    await lead({
      property: house,
      email: 'old@example.com',
      status: 'archived',
      message: 'Old',
      at: '2026-09-01T10:00:00Z',
    });

    await migratePglite(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });

    const threads = (
      await pglite.query<{
        property_id: number;
        buyer_key: string;
        buyer_user_id: number | null;
        buyer_locale: string;
        status: string;
        created_at: Date;
        last_message_at: Date;
        messages: number;
        unread: number;
        leads: number;
      }>(
        `select t.*, (select count(*)::int from offer_messages m where m.thread_id = t.id) as messages,
                (select count(*)::int from offer_messages m where m.thread_id = t.id and m.read_at is null and not m.from_owner) as unread,
                (select count(*)::int from leads l where l.thread_id = t.id) as leads
           from lead_threads t order by t.property_id, t.buyer_key`,
      )
    ).rows;
    expect(
      threads.map((t) => [
        t.property_id,
        t.buyer_key,
        t.status,
        t.messages,
        t.unread,
        t.leads,
        t.buyer_locale,
      ]),
    ).toEqual([
      [flat, 'email:jan@example.com', 'answered', 2, 1, 2, 'de'],
      [flat, `user:${buyer.id}`, 'new', 1, 0, 1, 'de'],
      // Archived means read: nothing unread left there.
      [house, 'email:old@example.com', 'closed', 1, 0, 1, 'de'],
    ]);
    const jan = threads[0]!;
    expect(new Date(jan.created_at).toISOString()).toBe('2026-10-01T10:00:00.000Z');
    expect(new Date(jan.last_message_at).toISOString()).toBe('2026-10-02T10:00:00.000Z');
    expect(threads[1]!.buyer_user_id).toBe(buyer.id);
    // Every message belongs to a thread now, and no lead is left without one.
    expect(
      (await one<{ n: number }>('select count(*)::int as n from offer_messages where thread_id is null')).n,
    ).toBe(0);
    expect((await one<{ n: number }>('select count(*)::int as n from leads where thread_id is null')).n).toBe(
      0,
    );
  });
});
