// Shared pieces of the crash checks: the data the writers need, and the writers themselves.
// Three kinds of write, as a real crowd makes them: favourites (POST
// /user/offers/{id}/favorite_offer), messages to sellers (POST /public/offers/{id}/offer_message)
// and property edits (PATCH /properties/{id}, a price that only grows). Every 2xx answer is
// recorded as acknowledged; verify() then reads the database and lists what went missing.
import { randomUUID } from 'node:crypto';
import { type Db, properties, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../apps/api/src/config.ts';
import { signAccessToken } from '../../../apps/api/src/lib/jwt.ts';
import { insertOffer } from '../../../apps/api/test/support/helpers.ts';

export interface LoadFixture {
  offerIds: number[];
  favUsers: number[];
  editors: Array<{ userId: number; propertyId: number }>;
}

/** Users, public offers and one own property per editor, written straight to the database. */
export async function seedFixture(
  db: Db,
  counts: { offers: number; favUsers: number; editors: number },
): Promise<LoadFixture> {
  const owner = await insertUser(db, 'owner');
  const offerIds: number[] = [];
  for (let i = 0; i < counts.offers; i++)
    offerIds.push(await insertOffer(db, { ownerId: owner, publishedAt: new Date(), price: 4_000_000 + i }));
  const favUsers: number[] = [];
  for (let i = 0; i < counts.favUsers; i++) favUsers.push(await insertUser(db, `fav-${i}`));
  const editors: LoadFixture['editors'] = [];
  for (let i = 0; i < counts.editors; i++) {
    const userId = await insertUser(db, `editor-${i}`);
    const propertyId = await insertOffer(db, { ownerId: userId, publishedAt: new Date(), price: 1_000_000 });
    // An active listing needs a description and a contact before any edit is accepted.
    await db
      .update(properties)
      .set({
        description: 'Světlý byt po rekonstrukci, blízko metra.',
        contact: {
          contact_name: 'Reliability',
          contact_email: `editor-${i}@example.com`,
          contact_phone: '+420 605 123 456',
        },
      })
      .where(eq(properties.id, propertyId));
    editors.push({ userId, propertyId });
  }
  return { offerIds, favUsers, editors };
}

async function insertUser(db: Db, label: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash: 'not-a-real-hash',
      verified: true,
    })
    .returning({ id: users.id });
  return row!.id;
}

export function tokenFor(config: Config, userId: number): string {
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken(config.jwt.keys, {
    sub: userId,
    iat: now - 5,
    exp: now + 3600,
    jti: randomUUID(),
    fam: randomUUID(),
  });
}

export interface Ledger {
  /** `${userId}:${offerId}` of acknowledged favourites. */
  favourites: Set<string>;
  /** Message markers: acknowledged, and every one ever sent (acknowledged or not). */
  messagesAcked: Set<string>;
  messagesSent: Set<string>;
  /** Highest acknowledged price per edited property, and the highest price ever sent. */
  editAcked: Map<number, number>;
  editSent: Map<number, number>;
  /** The last price sent: prices only grow, across rounds too. */
  priceSeq: number;
  ok: number;
  failed: number;
  statuses: Map<string, number>;
}

export function newLedger(): Ledger {
  return {
    favourites: new Set(),
    messagesAcked: new Set(),
    messagesSent: new Set(),
    editAcked: new Map(),
    editSent: new Map(),
    priceSeq: 1_000_000,
    ok: 0,
    failed: 0,
    statuses: new Map(),
  };
}

export interface Writers {
  stop(): Promise<void>;
}

/**
 * Starts `count` concurrent writers against the API at `baseUrl`. Writer i makes favourites when
 * i % 3 == 0, messages when 1, edits when 2. Each sends one request at a time; after a failed
 * request it waits a little, as a client would, so an outage is not a busy loop.
 */
export function startWriters(options: {
  baseUrl: string;
  config: Config;
  fixture: LoadFixture;
  ledger: Ledger;
  count: number;
  requestTimeoutMs?: number;
}): Writers {
  const { baseUrl, config, fixture, ledger, count, requestTimeoutMs = 15_000 } = options;
  let running = true;
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  const send = async (method: string, url: string, body: unknown, headers: Record<string, string>) => {
    try {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { 'x-forwarded-for': nextAddress(), ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      const key = String(response.status);
      if (response.status >= 400 && response.status < 500 && !ledger.statuses.has(key))
        console.log(`first ${response.status} answer (${method} ${url}): ${text.slice(0, 300)}`);
      ledger.statuses.set(key, (ledger.statuses.get(key) ?? 0) + 1);
      return response.status;
    } catch (error) {
      const key = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      ledger.statuses.set(key, (ledger.statuses.get(key) ?? 0) + 1);
      return 0;
    }
  };

  const writer = async (index: number) => {
    const kind = index % 3;
    let step = Math.floor(Math.random() * fixture.offerIds.length);
    const favUser = fixture.favUsers[Math.floor(index / 3) % fixture.favUsers.length]!;
    const editor = fixture.editors[Math.floor(index / 3) % fixture.editors.length]!;
    const token = tokenFor(config, kind === 0 ? favUser : editor.userId);
    while (running) {
      step += 1;
      const offerId = fixture.offerIds[step % fixture.offerIds.length]!;
      let status = 0;
      if (kind === 0) {
        status = await send(
          'POST',
          `/user/offers/${offerId}/favorite_offer`,
          {},
          {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
        );
        if (status >= 200 && status < 300) ledger.favourites.add(`${favUser}:${offerId}`);
      } else if (kind === 1) {
        const marker = `reliability ${randomUUID()}`;
        ledger.messagesSent.add(marker);
        status = await send(
          'POST',
          `/public/offers/${offerId}/offer_message`,
          { offer_message: { name: 'Reliability', email: `w${index}-${step}@example.com`, text: marker } },
          { 'content-type': 'application/json' },
        );
        if (status >= 200 && status < 300) ledger.messagesAcked.add(marker);
      } else {
        ledger.priceSeq += 1;
        const price = ledger.priceSeq;
        ledger.editSent.set(editor.propertyId, Math.max(price, ledger.editSent.get(editor.propertyId) ?? 0));
        status = await send(
          'PATCH',
          `/properties/${editor.propertyId}`,
          { price },
          {
            authorization: `Bearer ${token}`,
            'content-type': 'application/merge-patch+json',
          },
        );
        if (status >= 200 && status < 300)
          ledger.editAcked.set(
            editor.propertyId,
            Math.max(price, ledger.editAcked.get(editor.propertyId) ?? 0),
          );
      }
      if (status >= 200 && status < 300) ledger.ok += 1;
      else {
        ledger.failed += 1;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  };
  // Editors share nothing: two writers never edit one property (the price check needs one sender).
  const tasks = Array.from({ length: count }, (_, i) => writer(i));
  return {
    async stop() {
      running = false;
      await Promise.all(tasks);
    },
  };
}

export interface Verification {
  lostFavourites: number;
  duplicateFavourites: number;
  lostMessages: number;
  duplicateMessages: number;
  lostEdits: number;
  tornEdits: number;
  checked: number;
}

/** Reads what the database holds after recovery and compares it with the ledger. */
export async function verify(
  query: <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>,
  ledger: Ledger,
): Promise<Verification> {
  const favRows = await query<{ user_id: number; offer_id: number; n: number }>(
    'select user_id, offer_id, count(*)::int as n from favourites group by 1, 2',
  );
  const favs = new Map(favRows.map((r) => [`${r.user_id}:${r.offer_id}`, r.n]));
  const lostFavourites = [...ledger.favourites].filter((k) => !favs.has(k)).length;
  const duplicateFavourites = favRows.filter((r) => r.n > 1).length;

  const msgRows = await query<{ message: string; n: number }>(
    "select message, count(*)::int as n from leads where message like 'reliability %' group by 1",
  );
  const msgs = new Map(msgRows.map((r) => [r.message, r.n]));
  const lostMessages = [...ledger.messagesAcked].filter((m) => !msgs.has(m)).length;
  const duplicateMessages =
    msgRows.filter((r) => r.n > 1).length + msgRows.filter((r) => !ledger.messagesSent.has(r.message)).length;

  const editRows = await query<{ id: number; price: string; offer_price: string | null }>(
    'select p.id, p.price::text as price, o.price::text as offer_price from properties p left join offers o on o.id = p.id',
  );
  let lostEdits = 0;
  let tornEdits = 0;
  for (const row of editRows) {
    const acked = ledger.editAcked.get(row.id);
    if (acked === undefined) continue;
    const price = Number(row.price);
    // What the database holds is the last acknowledged price or a later one sent (a write whose
    // answer was lost in the crash may have committed); anything older is a lost write.
    if (price < acked || price > (ledger.editSent.get(row.id) ?? 0)) {
      lostEdits += 1;
      console.log(
        `property ${row.id}: holds price ${price}, last acknowledged ${acked}, last sent ${ledger.editSent.get(row.id)}`,
      );
    }
    // The search read model is written in the same transaction: it must agree.
    if (row.offer_price === null || Number(row.offer_price) !== price) tornEdits += 1;
  }
  return {
    lostFavourites,
    duplicateFavourites,
    lostMessages,
    duplicateMessages,
    lostEdits,
    tornEdits,
    checked: ledger.favourites.size + ledger.messagesAcked.size + ledger.editAcked.size,
  };
}
