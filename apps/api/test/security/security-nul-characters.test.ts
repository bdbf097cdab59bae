import { leads, properties, savedSearches, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nulFields } from '../../src/plugins/app/reject-nul.ts';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';
import { insertFullOffer, insertUser } from '../support/offer-fixtures.ts';

// PostgreSQL text and jsonb cannot hold U+0000: a string carrying it answered 500 (issue 11).
// Every route now refuses it before validation with 422 `validation_errors` and
// `validation.nul_character` on the field, and nothing is written. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.

const NUL = '\u0000';
let api: TestApi;
let userId = 0;
let offerId = 0;
let savedSearchId = 0;

const auth = () => bearer(api.config, userId);

function expectNulRefusal(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { code: string; errors: Record<string, string[]> };
  expect(body.code).toBe('validation_errors');
  expect(body.errors[field]).toEqual(['validation.nul_character']);
}

beforeAll(async () => {
  api = await buildTestApi();
  userId = (await createUser(api.db, { firstName: 'Jana' })).id;
  const ownerId = await insertUser(api.db, { email: 'nul-owner@example.com' });
  offerId = await insertFullOffer(api.db, { ownerId });
  const created = await api.app.inject({
    method: 'POST',
    url: '/saved_searches',
    headers: auth(),
    payload: { name: 'Byty', filters: { offer_type: 'sale' }, search_path: '/cs/hledani/prodej' },
  });
  expect(created.statusCode).toBe(201);
  savedSearchId = created.json().id;
});

afterAll(async () => {
  await api?.close();
});

describe('strings with U+0000 are refused on every route, nothing written', () => {
  it('PATCH /saved_searches/{id}: the name', async () => {
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/saved_searches/${savedSearchId}`,
      headers: auth(),
      payload: { name: `Byty${NUL}v Praze` },
    });
    expectNulRefusal(response, 'name');
    const [row] = await api.db.select().from(savedSearches).where(eq(savedSearches.id, savedSearchId));
    expect(row!.name).toBe('Byty');
  });

  it('POST /saved_searches: a string inside the filters (jsonb), by its dotted path', async () => {
    const before = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    const response = await api.app.inject({
      method: 'POST',
      url: '/saved_searches',
      headers: auth(),
      payload: {
        name: 'Domy',
        filters: { offer_type: 'sale', tags: ['sauna', `x${NUL}`] },
        search_path: '/cs',
      },
    });
    expectNulRefusal(response, 'filters.tags.1');
    const after = await api.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    expect(after).toHaveLength(before.length);
  });

  it('PATCH /users/me: a profile field', async () => {
    const response = await api.app.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: auth(),
      payload: { firstName: `Ja${NUL}na`, lastName: 'Nováková' },
    });
    expectNulRefusal(response, 'firstName');
    const [row] = await api.db.select().from(users).where(eq(users.id, userId));
    expect(row!.firstName).toBe('Jana');
    expect(row!.lastName).not.toBe('Nováková');
  });

  it('POST /public/offers/{id}/offer_message: the text of a guest message', async () => {
    const before = await api.db.select({ id: leads.id }).from(leads);
    const response = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${offerId}/offer_message`,
      payload: {
        offer_message: { name: 'Eva', email: 'eva@example.com', text: `Dobrý den${NUL}, je byt volný?` },
      },
      remoteAddress: '10.9.0.1',
    });
    expectNulRefusal(response, 'offer_message.text');
    expect(await api.db.select({ id: leads.id }).from(leads)).toHaveLength(before.length);
  });

  it('POST /v1/property/save: the description of a draft', async () => {
    const before = await api.db.select({ id: properties.id }).from(properties);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: auth(),
      payload: {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        description: `Světlý byt${NUL}`,
        price: 5_000_000,
      },
    });
    expectNulRefusal(response, 'description');
    expect(await api.db.select({ id: properties.id }).from(properties)).toHaveLength(before.length);
  });

  it('a query string parameter (%00) on a public route', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/public/locations/autocomplete?q=Pra%00ha',
    });
    expectNulRefusal(response, 'q');
  });

  it('a key carrying U+0000 is reported at its parent', async () => {
    const response = await api.app.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: auth(),
      payload: JSON.parse(`{"a\\u0000b": "x"}`),
    });
    expectNulRefusal(response, 'body');
  });

  it('the same strings without U+0000 are accepted (the check is not a blanket refusal)', async () => {
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/saved_searches/${savedSearchId}`,
      headers: auth(),
      payload: { name: 'Byty v Praze' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('nulFields', () => {
  it('names every offending string by its path and ignores clean input and buffers', () => {
    expect(nulFields({ a: 'ok', b: [`x${NUL}`, 'y'], c: { d: NUL } }, 'body')).toEqual(['b.0', 'c.d']);
    expect(nulFields({ a: 'ok', n: 1, z: null, buf: Buffer.from([0]) }, 'body')).toEqual([]);
    expect(nulFields(NUL, 'body')).toEqual(['body']);
    const cyclic: Record<string, unknown> = { name: `a${NUL}` };
    cyclic.self = cyclic;
    expect(nulFields(cyclic, 'body')).toEqual(['name']);
  });
});
