import { leads, offerReports, properties, propertyMedia } from '@estately/db';
import { FLAT_SETTINGS_LIMITS } from '@estately/domain';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadBudgetKey } from '../../src/features/seller-properties/spend-upload-budget.ts';
import { HOUR_MS, UPLOAD_BUDGET_UNIT_BYTES } from '../../src/lib/account-limits.ts';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi, uploadPropertyPhoto } from '../support/helpers.ts';
import { insertFullOffer } from '../support/offer-fixtures.ts';

// Issue 37 point 5: bounded storage per account. Free-form fields are bounded on create,
// update and the merged result of a merge-patch (422, nothing stored); each account has
// bounded counts (422) and per-period budgets (429 with Retry-After), all read from the
// environment (lib/account-limits.ts, decision 020's addendum, decision 041's budgets).

let api: TestApi;

// Low limits, so each bound is reached in a few requests; the variables are the documented ones.
const ENV = {
  ACCOUNT_MAX_PROPERTIES: '3',
  COMPANY_MAX_PROPERTIES: '5',
  PROPERTY_MAX_PHOTOS: '2',
  ACCOUNT_MAX_PHOTOS: '3',
  ACCOUNT_UPLOAD_MB_PER_HOUR: '15',
  MESSAGES_PER_DAY: '2',
  REPORTS_PER_DAY: '2',
};

const draft = { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' };

function save(userId: number, body: Record<string, unknown>) {
  return api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, userId),
    payload: body,
  });
}

function patch(userId: number, id: number, body: Record<string, unknown>) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${id}`,
    headers: { ...bearer(api.config, userId), 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
}

async function createDraft(userId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await save(userId, { ...draft, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function storedSettings(id: number) {
  const [row] = await api.db
    .select({ flatSettings: properties.flatSettings, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.id, id));
  return row!;
}

async function propertiesOf(ownerId: number): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(properties).where(eq(properties.ownerId, ownerId));
  return row!.n;
}

async function photosOf(propertyId: number): Promise<number> {
  const [row] = await api.db
    .select({ n: count() })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId));
  return row!.n;
}

/** `n` keys of `length`-character values, named `${prefix}0`, `${prefix}1`... */
function settings(prefix: string, n: number, length: number): Record<string, string> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'x'.repeat(length)]));
}

let photo: Buffer;
let uploads = 0;
/**
 * Each upload without `data` sends other bytes (the photo with a few after its end): the same
 * bytes twice are one photo of the property (issue 38 defect 4), and these tests count photos.
 */
const upload = (userId: number, propertyId: number, data?: Buffer) =>
  uploadPropertyPhoto(api, userId, propertyId, data ?? Buffer.concat([photo, Buffer.from(`#${++uploads}`)]), {
    filename: 'photo.png',
    contentType: 'image/png',
  });

beforeAll(async () => {
  api = await buildTestApi(ENV);
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await api?.close();
});

describe('flat_settings and the other free-form property fields are bounded', () => {
  it('refuses the 850 KB merge-patch of the report and leaves the stored property unchanged', async () => {
    const owner = await createUser(api.db);
    const id = await createDraft(owner.id, { flat_settings: { balcony_area: 6 } });
    const before = await storedSettings(id);
    // What grew a property to 2.5 MB in three requests: thousands of 200-character values.
    const big = settings('k', 4_200, 200);
    expect(JSON.stringify({ flat_settings: big }).length).toBeGreaterThan(850_000);
    const response = await patch(owner.id, id, { flat_settings: big });
    expect(response.statusCode).toBe(422);
    // One message on the field, not an echo of 4,200 client keys.
    expect(response.json().errors).toEqual({ flat_settings: ['validation.too_many_keys'] });
    expect(await storedSettings(id)).toEqual(before);
  });

  it('checks the merged result: three patches that each fit are refused at the third', async () => {
    const owner = await createUser(api.db);
    const id = await createDraft(owner.id);
    // 15 keys of 180 characters are about 2.9 KB; three of them pass 8 KB, 45 keys stay under 50.
    const patches = ['a', 'b', 'c'].map((prefix) => settings(prefix, 15, 180));
    for (const part of patches) {
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThan(
        FLAT_SETTINGS_LIMITS.totalBytesMax,
      );
    }
    expect((await patch(owner.id, id, { flat_settings: patches[0]! })).statusCode).toBe(200);
    expect((await patch(owner.id, id, { flat_settings: patches[1]! })).statusCode).toBe(200);
    const before = await storedSettings(id);
    const third = await patch(owner.id, id, { flat_settings: patches[2]! });
    expect(third.statusCode).toBe(422);
    expect(third.json().errors).toEqual({ flat_settings: ['validation.too_large'] });
    expect(await storedSettings(id)).toEqual(before);
    expect(Object.keys(before.flatSettings ?? {})).toHaveLength(30);
    // Deleting keys (null) in the same patch makes room: the merged result is what counts.
    const swap = await patch(owner.id, id, {
      flat_settings: {
        ...settings('c', 15, 180),
        ...Object.fromEntries(Object.keys(patches[0]!).map((k) => [k, null])),
      },
    });
    expect(swap.statusCode, swap.body).toBe(200);
  });

  it.each([
    [
      'too many keys',
      settings('k', FLAT_SETTINGS_LIMITS.keysMax + 1, 1),
      'flat_settings',
      'validation.too_many_keys',
    ],
    ['a key with a space', { 'balcony area': 6 }, 'flat_settings', 'validation.invalid_key'],
    ['a key in capitals', { Balcony: 6 }, 'flat_settings', 'validation.invalid_key'],
    ['a key of 41 characters', { [`k${'e'.repeat(40)}`]: 1 }, 'flat_settings', 'validation.invalid_key'],
    ['a nested object', { cellar: { area: 4 } }, 'flat_settings.cellar', 'validation.invalid_value'],
    ['an array', { cellar: [1, 2] }, 'flat_settings.cellar', 'validation.invalid_value'],
    ['a value of 201 characters', { note: 'x'.repeat(201) }, 'flat_settings.note', 'validation.too_long'],
    ['not an object', 'cellar', 'flat_settings', 'validation.invalid_value'],
  ])('refuses %s on create, update and merge-patch, storing nothing', async (_name, value, field, key) => {
    const owner = await createUser(api.db);
    const created = await save(owner.id, { ...draft, flat_settings: value });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ [field]: [key] });
    expect(await propertiesOf(owner.id)).toBe(0);

    const id = await createDraft(owner.id, { flat_settings: { cellar: true } });
    const before = await storedSettings(id);
    const updated = await save(owner.id, { id, flat_settings: value });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({ [field]: [key] });
    const patched = await patch(owner.id, id, { flat_settings: value });
    expect(patched.statusCode).toBe(422);
    expect(await storedSettings(id)).toEqual(before);
  });

  it('accepts what a seller writes: snake_case keys with strings, numbers and booleans', async () => {
    const owner = await createUser(api.db);
    const id = await createDraft(owner.id, {
      flat_settings: { balcony_area: 6, cellar: true, view: 'Vltava and the castle', floor_2_note: 'new' },
    });
    expect((await storedSettings(id)).flatSettings).toEqual({
      balcony_area: 6,
      cellar: true,
      view: 'Vltava and the castle',
      floor_2_note: 'new',
    });
  });

  it('refuses value lists longer than their value sets (each value once at most)', async () => {
    const owner = await createUser(api.db);
    const response = await save(owner.id, { ...draft, other_params: Array(10_000).fill('lift') });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ other_params: ['validation.too_long'] });
    const tags = await save(owner.id, { ...draft, tags: Array(10_000).fill('vyhled') });
    expect(tags.json().errors).toEqual({ tags: ['validation.too_long'] });
    expect(await propertiesOf(owner.id)).toBe(0);
  });
});

describe('per-account counts', () => {
  it('refuses a property beyond ACCOUNT_MAX_PROPERTIES, drafts and archived ones counted', async () => {
    const owner = await createUser(api.db);
    for (let i = 0; i < 3; i += 1) await createDraft(owner.id);
    const refused = await save(owner.id, draft);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'validation_errors',
      errors: { property: ['validation.too_many_properties'] },
    });
    expect(await propertiesOf(owner.id)).toBe(3);
    // Another account is not affected.
    const other = await createUser(api.db);
    await createDraft(other.id);
  });

  it('gives a company COMPANY_MAX_PROPERTIES', async () => {
    const company = await createUser(api.db, { accountType: 'company' });
    for (let i = 0; i < 5; i += 1) await createDraft(company.id);
    const refused = await save(company.id, draft);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ property: ['validation.too_many_properties'] });
    expect(await propertiesOf(company.id)).toBe(5);
  });

  it('refuses a photo beyond PROPERTY_MAX_PHOTOS and beyond ACCOUNT_MAX_PHOTOS, storing nothing', async () => {
    const owner = await createUser(api.db);
    const first = await createDraft(owner.id);
    const second = await createDraft(owner.id);
    for (let i = 0; i < 2; i += 1) expect((await upload(owner.id, first)).statusCode).toBe(200);
    const perProperty = await upload(owner.id, first);
    expect(perProperty.statusCode).toBe(422);
    expect(perProperty.json().errors).toEqual({ file: ['validation.too_many_photos'] });
    expect(await photosOf(first)).toBe(2);

    expect((await upload(owner.id, second)).statusCode).toBe(200);
    const perAccount = await upload(owner.id, second);
    expect(perAccount.statusCode).toBe(422);
    expect(perAccount.json().errors).toEqual({ file: ['validation.too_many_account_photos'] });
    expect(await photosOf(second)).toBe(1);
    // Refused uploads spent none of the hourly byte budget: 3 photos of 1 MiB each (rounded up).
    const budget = (max: number) =>
      api.app.rateLimiter.check(uploadBudgetKey(owner.id), { max, windowMs: HOUR_MS });
    expect((await budget(3)).allowed).toBe(false);
    expect((await budget(4)).allowed).toBe(true);
  });
});

describe('per-period budgets through the one rate limiter', () => {
  it('refuses an upload beyond ACCOUNT_UPLOAD_MB_PER_HOUR with 429 and Retry-After, storing nothing', async () => {
    const owner = await createUser(api.db);
    const id = await createDraft(owner.id);
    // 15 MiB an hour: an uncompressed PNG of a little over 8 MiB costs 9 units; a second needs 18.
    const large = await sharp({
      create: { width: 1700, height: 1700, channels: 3, background: '#88aa66' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(8 * UPLOAD_BUDGET_UNIT_BYTES);
    expect(large.length).toBeLessThan(9 * UPLOAD_BUDGET_UNIT_BYTES);
    const first = await upload(owner.id, id, large);
    expect(first.statusCode, first.body).toBe(200);
    const before = await photosOf(id);
    // Another file of the same size (the same bytes again would be the photo already kept).
    const refused = await upload(owner.id, id, Buffer.concat([large, Buffer.from('2')]));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    expect(await photosOf(id)).toBe(before);
    // A small photo still fits the 6 MiB left.
    expect((await upload(owner.id, id)).statusCode).toBe(200);
  });

  it('refuses a message to a seller beyond MESSAGES_PER_DAY per sender', async () => {
    const ownerId = (await createUser(api.db)).id;
    const offerId = await insertFullOffer(api.db, { ownerId });
    const sender = await createUser(api.db);
    const countLeads = async () =>
      (await api.db.select({ n: count() }).from(leads).where(eq(leads.propertyId, offerId)))[0]!.n;
    const send = (email: string, address: string) =>
      api.app.inject({
        method: 'POST',
        url: `/public/offers/${offerId}/offer_message`,
        headers: bearer(api.config, sender.id),
        remoteAddress: address,
        payload: { offer_message: { name: 'Eva Nová', email, text: 'Is the flat still free?' } },
      });
    // Different addresses and e-mails: only the per-day budget of the account is shared.
    expect((await send('a@example.com', '10.9.0.1')).statusCode).toBe(201);
    expect((await send('b@example.com', '10.9.0.2')).statusCode).toBe(201);
    const refused = await send('c@example.com', '10.9.0.3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3_600);
    expect(await countLeads()).toBe(2);
    // A guest is counted by address.
    const guest = (address: string) =>
      api.app.inject({
        method: 'POST',
        url: `/public/offers/${offerId}/offer_message`,
        remoteAddress: address,
        payload: { offer_message: { name: 'Jan', email: `g${address}@example.com`, text: 'Hello' } },
      });
    expect((await guest('10.9.1.1')).statusCode).toBe(201);
    expect((await guest('10.9.1.1')).statusCode).toBe(201);
    expect((await guest('10.9.1.1')).statusCode).toBe(429);
    expect(await countLeads()).toBe(4);
  });

  it('refuses a report beyond REPORTS_PER_DAY per reporter', async () => {
    const ownerId = (await createUser(api.db)).id;
    const offersToReport = [
      await insertFullOffer(api.db, { ownerId }),
      await insertFullOffer(api.db, { ownerId }),
      await insertFullOffer(api.db, { ownerId }),
    ];
    const reporter = await createUser(api.db);
    const report = (offerId: number) =>
      api.app.inject({
        method: 'POST',
        url: `/public/offers/${offerId}/offer_report`,
        headers: bearer(api.config, reporter.id),
        payload: { offer_report: { reason: 'duplicate' } },
      });
    expect((await report(offersToReport[0]!)).statusCode).toBe(201);
    expect((await report(offersToReport[1]!)).statusCode).toBe(201);
    const refused = await report(offersToReport[2]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3_600);
    const [stored] = await api.db
      .select({ n: count() })
      .from(offerReports)
      .where(eq(offerReports.reporterUserId, reporter.id));
    expect(stored!.n).toBe(2);
  });
});

describe('the limits come from the environment', () => {
  it('reads them into the configuration and quotes them in the OpenAPI descriptions', async () => {
    expect(api.config.accountLimits).toEqual({
      properties: { person: 3, company: 5 },
      photosPerProperty: 2,
      photos: { person: 3, company: 100_000 },
      uploadBytesPerHour: { person: 15 * 1024 * 1024, company: 10 * 1024 * 1024 * 1024 },
      messagesPerDay: 2,
      reportsPerDay: 2,
    });
    const spec = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const text = (path: string, method: string) => spec.paths[path][method].description as string;
    expect(text('/v1/property/save', 'post')).toContain('at most 3 properties (a company 5)');
    expect(text('/v1/property/save', 'post')).toContain(`at most ${FLAT_SETTINGS_LIMITS.keysMax} keys`);
    expect(text('/properties/{id}', 'patch')).toContain('merged result');
    expect(text('/v1/property-media/save', 'post')).toContain('2 photos per property');
    expect(text('/v1/property-media/save', 'post')).toContain('15 MiB of photos');
    expect(text('/public/offers/{id}/offer_message', 'post')).toContain('2 within any 24 hours');
    expect(text('/public/offers/{id}/offer_report', 'post')).toContain('2 reports within any 24 hours');
  });
});
