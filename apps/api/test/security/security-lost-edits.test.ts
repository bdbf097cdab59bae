import { randomUUID } from 'node:crypto';
import { idempotencyKeys, jobs, leads, priceHistory, properties, savedSearches } from '@estately/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneStaleRows } from '../../src/features/jobs/prune-stale-rows.ts';
import { IDEMPOTENCY_KEY_TTL_MS, runIdempotent } from '../../src/lib/idempotency.ts';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';
import { insertFullOffer } from '../support/offer-fixtures.ts';

// Issue 11 item 10, lost edits: property writes honour If-Match against the property's ETag
// (one of 50 concurrent editors holding one version wins, 49 get 412), and creates honour an
// Idempotency-Key (10 concurrent repeats make one row and one answer). docs/decisions/014.

let api: TestApi;
let owner: number;
let other: number;
let buyer: number;
let offerId: number;

const auth = (userId: number) => bearer(api.config, userId);

const draft = {
  offer_type: 'sale',
  property_type: 'apartment',
  country_code: 'CZ',
  description: 'First version.',
  price: 5_000_000,
  latitude: 50.08,
  longitude: 14.42,
};

function save(userId: number, body: object, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: { ...auth(userId), ...headers },
    payload: body,
  });
}
function get(userId: number | null, id: number) {
  return api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: userId ? auth(userId) : {} });
}
function patch(userId: number, id: number, body: object, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${id}`,
    headers: { ...auth(userId), 'content-type': 'application/merge-patch+json', ...headers },
    payload: JSON.stringify(body),
  });
}
async function createDraft(): Promise<{ id: number; etag: string }> {
  const response = await save(owner, draft);
  expect(response.statusCode).toBe(200);
  return { id: response.json().data.id, etag: String(response.headers.etag) };
}
async function rowOf(id: number) {
  const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
  return row!;
}
async function propertiesOf(userId: number) {
  return api.db.select({ id: properties.id }).from(properties).where(eq(properties.ownerId, userId));
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = (await createUser(api.db)).id;
  other = (await createUser(api.db)).id;
  buyer = (await createUser(api.db)).id;
  offerId = await insertFullOffer(api.db, { ownerId: other });
});

afterAll(async () => {
  await api?.close();
});

describe('If-Match on property writes', () => {
  it('gives the owner a strong ETag that changes with a change and not with a read', async () => {
    const { id, etag } = await createDraft();
    expect(etag).toMatch(/^"p\d+-[A-Za-z0-9_-]+"$/);
    const read = await get(owner, id);
    expect(read.headers.etag).toBe(etag);
    expect((await get(owner, id)).headers.etag).toBe(etag);

    const changed = await patch(owner, id, { description: 'Second version.' }, { 'if-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toMatch(/^"p\d+-/);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await get(owner, id)).headers.etag).toBe(changed.headers.etag);
  });

  it('answers a stale If-Match with 412 precondition_failed and changes nothing, on every write', async () => {
    const { id, etag: stale } = await createDraft();
    const fresh = String((await patch(owner, id, { price: 5_100_000 })).headers.etag);
    const before = await rowOf(id);

    const stalePatch = await patch(owner, id, { description: 'Lost?' }, { 'if-match': stale });
    expect(stalePatch.statusCode).toBe(412);
    expect(stalePatch.json()).toMatchObject({ code: 'precondition_failed' });
    expect(stalePatch.json().message).toMatch(/changed since it was read/);

    const staleSave = await save(owner, { id, description: 'Lost?' }, { 'if-match': stale });
    expect(staleSave.statusCode).toBe(412);
    const staleState = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: { ...auth(owner), 'if-match': stale },
      payload: { state: 'archived' },
    });
    expect(staleState.statusCode).toBe(412);
    // A weak tag never matches under If-Match's strong comparison, even with the current value.
    expect((await patch(owner, id, { description: 'x' }, { 'if-match': `W/${fresh}` })).statusCode).toBe(412);
    expect((await patch(owner, id, { description: 'x' }, { 'if-match': 'garbage' })).statusCode).toBe(412);

    const after = await rowOf(id);
    expect(after).toEqual(before);
    expect(after.description).toBe('First version.');

    // The current tag, a list holding it, or `*` pass; ownership is checked before the tag.
    expect(
      (await patch(owner, id, { description: 'A' }, { 'if-match': `"nope", ${fresh}` })).statusCode,
    ).toBe(200);
    expect((await patch(owner, id, { description: 'B' }, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await patch(other, id, { description: 'C' }, { 'if-match': '*' })).statusCode).toBe(404);
    expect((await rowOf(id)).description).toBe('B');
  });

  it('keeps If-Match optional: without it the last write wins (the web editor does not send it yet)', async () => {
    const { id } = await createDraft();
    expect((await patch(owner, id, { description: 'One' })).statusCode).toBe(200);
    expect((await save(owner, { id, description: 'Two' })).statusCode).toBe(200);
    expect((await rowOf(id)).description).toBe('Two');
  });

  it('gives no ETag to the public view', async () => {
    const response = await get(null, offerId);
    expect(response.statusCode).toBe(200);
    expect(response.json().view).toBe('public');
    expect(response.headers.etag).toBeUndefined();
  });

  it('lets exactly one of 50 concurrent PATCHes with one ETag through; the row holds only the winner', async () => {
    const { id, etag } = await createDraft();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, writer) =>
        patch(
          owner,
          id,
          { description: `Writer ${writer}`, price: 6_000_000 + writer },
          { 'if-match': etag },
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 412)).toHaveLength(49);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const row = await rowOf(id);
    expect(row.description).toBe(`Writer ${winner}`);
    expect(row.price).toBe(6_000_000 + winner);
    // The losers left no trace: the price history holds the first price and the winner's only.
    const history = await api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, id));
    expect(history.map((entry) => entry.price).sort()).toEqual([5_000_000, 6_000_000 + winner].sort());
    expect(answers[winner]!.json().data.description).toBe(`Writer ${winner}`);
    expect(answers[winner]!.headers.etag).toBe((await get(owner, id)).headers.etag);
  });
});

describe('the OpenAPI document', () => {
  it('names If-Match, Idempotency-Key, the ETag and the replay marker on the write operations', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const operation = (path: string, method: string) => document.paths[path][method];
    const headerParameters = (op: { parameters?: { in: string; name: string }[] }) =>
      (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);

    for (const [path, method] of [
      ['/properties/{id}', 'patch'],
      ['/v1/properties/set-state/{id}', 'post'],
      ['/v1/property/save', 'post'],
    ] as const) {
      const op = operation(path, method);
      expect(headerParameters(op), path).toContain('if-match');
      expect(Object.keys(op.responses), path).toContain('412');
      expect(Object.keys(op.responses['200'].headers ?? {}), path).toContain('ETag');
      expect(op.description, path).toMatch(/If-Match/);
    }
    for (const [path, status] of [
      ['/v1/property/save', '200'],
      ['/saved_searches', '201'],
      ['/leads', '201'],
      ['/public/offers/{id}/offer_message', '201'],
    ] as const) {
      const op = operation(path, 'post');
      expect(headerParameters(op), path).toContain('idempotency-key');
      expect(Object.keys(op.responses[status].headers ?? {}), path).toContain('Idempotent-Replayed');
      expect(op.description, path).toMatch(/Idempotency-Key/);
    }
  });
});

describe('Idempotency-Key on creates', () => {
  it('makes one property of 10 concurrent repeats and answers each the same', async () => {
    const key = randomUUID();
    const before = (await propertiesOf(owner)).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        save(owner, { ...draft, description: 'Idempotent' }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect((await propertiesOf(owner)).length).toBe(before + 1);
    const id = answers[0]!.json().data.id;
    expect((await rowOf(id)).description).toBe('Idempotent');

    // A later repeat still answers the first answer and creates nothing.
    const later = await save(owner, { ...draft, description: 'Idempotent' }, { 'idempotency-key': key });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe(answers[0]!.body);
    expect((await propertiesOf(owner)).length).toBe(before + 1);
    const stored = await api.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, owner), eq(idempotencyKeys.key, key)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ route: 'POST /v1/property/save', statusCode: 200 });
  });

  it('refuses a key reused with another body (422, clear code) and a malformed key, creating nothing', async () => {
    const key = randomUUID();
    expect((await save(owner, draft, { 'idempotency-key': key })).statusCode).toBe(200);
    const before = (await propertiesOf(owner)).length;
    const reused = await save(owner, { ...draft, price: 1 }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: { 'Idempotency-Key': ['validation.idempotency_key_reused'] },
    });
    for (const bad of ['', 'a b', 'x'.repeat(256), 'ключ']) {
      const response = await save(owner, draft, { 'idempotency-key': bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json().errors).toEqual({ 'Idempotency-Key': ['validation.invalid_value'] });
    }
    expect((await propertiesOf(owner)).length).toBe(before);
  });

  it('scopes keys per user, forgets failed requests and keeps key order out of the comparison', async () => {
    const key = randomUUID();
    const mine = await save(owner, draft, { 'idempotency-key': key });
    const theirs = await save(other, draft, { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its members in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(draft).reverse());
    const replay = await save(owner, reordered, { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(mine.json().data.id);

    // A refused create leaves no key behind: the corrected request goes through under it.
    const failing = randomUUID();
    const refused = await save(owner, { offer_type: 'sale' }, { 'idempotency-key': failing });
    expect(refused.statusCode).toBe(422);
    const corrected = await save(owner, draft, { 'idempotency-key': failing });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps one row when repeats race in the database itself (as from several API processes)', async () => {
    // runIdempotent directly, without the in-process queue of respondIdempotently: on
    // PostgreSQL nine transactions block on the key's unique index and then read the answer.
    const key = randomUUID();
    const call = { db: api.db, userId: other, route: 'test /race', key, request: { n: 1 } };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        runIdempotent(call, async (tx) => {
          const [row] = await tx
            .insert(savedSearches)
            .values({ userId: other, name: `Race ${key}`, filters: {}, searchPath: '/cs' })
            .returning({ id: savedSearches.id });
          return { statusCode: 201, body: { id: row!.id } };
        }),
      ),
    );
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    const rows = await api.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.name, `Race ${key}`));
    expect(rows.map((row) => row.id)).toEqual([(answers[0]!.body as { id: number }).id]);
  });

  it('makes one saved search of 10 concurrent repeats', async () => {
    const key = randomUUID();
    const body = { name: 'Praha', filters: { offer_type: 'sale', country_code: 'cz' } };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.app.inject({
          method: 'POST',
          url: '/saved_searches',
          headers: { ...auth(buyer), 'idempotency-key': key },
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const rows = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer));
    expect(rows).toHaveLength(1);
  });

  it('makes one lead and one e-mail of 10 concurrent repeats of a message, within the 3-a-day budget', async () => {
    const key = randomUUID();
    const body = {
      offer_message: { name: 'Eva', email: 'eva@example.com', text: 'Is the flat still free?' },
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.app.inject({
          method: 'POST',
          url: `/public/offers/${offerId}/offer_message`,
          headers: { ...auth(buyer), 'idempotency-key': key },
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const rows = await api.db.select().from(leads).where(eq(leads.senderUserId, buyer));
    expect(rows).toHaveLength(1);
    const mails = await api.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `email.offer_message:${answers[0]!.json().id}`));
    expect(mails).toHaveLength(1);

    // POST /leads (the signed-in contact request) behaves the same.
    const leadKey = randomUUID();
    const leadAnswers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.app.inject({
          method: 'POST',
          url: '/leads',
          headers: { ...auth(buyer), 'idempotency-key': leadKey },
          payload: { offer_id: offerId, message: 'Can I see it on Monday?' },
        }),
      ),
    );
    expect(leadAnswers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(leadAnswers.map((answer) => answer.body)).size).toBe(1);
    expect(await api.db.select().from(leads).where(eq(leads.senderUserId, buyer))).toHaveLength(2);
  });

  it('is pruned by the hourly clean-up after a day', async () => {
    const now = new Date();
    await api.db.insert(idempotencyKeys).values([
      {
        userId: buyer,
        route: 'POST /saved_searches',
        key: 'old',
        requestHash: 'h',
        statusCode: 201,
        createdAt: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS - 60_000),
      },
      {
        userId: buyer,
        route: 'POST /saved_searches',
        key: 'recent',
        requestHash: 'h',
        statusCode: 201,
        createdAt: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS + 60_000),
      },
    ]);
    const result = await pruneStaleRows({ db: api.db, now });
    expect(result.idempotencyKeys).toBe(1);
    const keys = (await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, buyer))).map(
      (row) => row.key,
    );
    expect(keys).toContain('recent');
    expect(keys).not.toContain('old');
  });
});
