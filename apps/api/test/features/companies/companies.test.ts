import { companyProfiles } from '@estately/db';
import {
  CompanyProfileSchema,
  isValidIco,
  normalizeRegistrationNumber,
  OfferDetailSchema,
  PublicCompanySchema,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanMedia } from '../../../src/features/jobs/sweep-orphan-media.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';
import { multipart } from '../../support/multipart.ts';

// The company profile (issue 38 point 12): the owner's calls (read, save, logo upload and
// removal), the registration number rules, who may call them, the public company page with its
// paged offers, and the company on its offers' detail.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

const VALID = {
  name: 'Realitka Vltava s.r.o.',
  street: 'Národní 10',
  city: 'Praha',
  postcode: '110 00',
  countryCode: 'CZ',
  registrationNumber: '2708 2440',
  website: 'https://www.realitka-vltava.example',
  phone: '+420 601 234 567',
  descriptions: [
    { locale: 'cs', text: 'Prodáváme byty v Praze od roku 1998.' },
    { locale: 'en', text: 'We sell apartments in Prague since 1998.' },
  ],
};

function put(userId: number | null, body: unknown) {
  return api.app.inject({
    method: 'PUT',
    url: '/users/me/company-profile',
    headers: userId === null ? {} : bearer(api.config, userId),
    payload: body as object,
  });
}

function uploadLogo(userId: number, data: Buffer, filename = 'logo.png', contentType = 'image/png') {
  const body = multipart([{ name: 'file', filename, contentType, data }]);
  return api.app.inject({
    method: 'POST',
    url: '/users/me/company-profile/logo',
    headers: { ...bearer(api.config, userId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function company(name = 'Realitka Vltava s.r.o.') {
  return createUser(api.db, {
    accountType: 'company',
    companyName: name,
    companyRegistrationNumber: '45340129',
    addressCity: 'Brno',
    addressCountryCode: 'CZ',
  });
}

async function storedProfile(userId: number) {
  const [row] = await api.db.select().from(companyProfiles).where(eq(companyProfiles.userId, userId));
  return row ?? null;
}

describe('registration numbers', () => {
  it('checks the IČO check digit and the shapes of other countries', () => {
    expect(isValidIco('27082440')).toBe(true);
    expect(isValidIco('27082441')).toBe(false);
    expect(isValidIco('1234567')).toBe(false);
    expect(normalizeRegistrationNumber('270 82 440', 'CZ')).toBe('27082440');
    expect(normalizeRegistrationNumber('45340129', 'SK')).toBe('45340129');
    expect(normalizeRegistrationNumber('45340128', 'CZ')).toBeNull();
    expect(normalizeRegistrationNumber('HRB 12345', 'DE')).toBe('HRB 12345');
    expect(normalizeRegistrationNumber('12345', 'DE')).toBeNull();
    expect(normalizeRegistrationNumber('FN 123456a', 'AT')).toBe('FN 123456a');
    expect(normalizeRegistrationNumber('0000123456', 'PL')).toBe('0000123456');
    expect(normalizeRegistrationNumber('B 123.456', 'FR')).toBe('B 123.456');
    expect(normalizeRegistrationNumber('<script>', 'FR')).toBeNull();
    expect(normalizeRegistrationNumber('ABCDEF', null)).toBeNull();
  });
});

describe('GET and PUT /users/me/company-profile', () => {
  it('starts from the sign-up data, then saves every field and reads it back', async () => {
    const owner = await company();
    const before = await api.app.inject({
      method: 'GET',
      url: '/users/me/company-profile',
      headers: bearer(api.config, owner.id),
    });
    expect(before.statusCode).toBe(200);
    const start = CompanyProfileSchema.parse(before.json());
    expect(start).toMatchObject({
      saved: false,
      name: 'Realitka Vltava s.r.o.',
      registrationNumber: '45340129',
      city: 'Brno',
      logoUrls: null,
      descriptions: [],
    });

    const saved = await put(owner.id, VALID);
    expect(saved.statusCode).toBe(200);
    const profile = CompanyProfileSchema.parse(saved.json());
    expect(profile).toMatchObject({
      saved: true,
      name: VALID.name,
      registrationNumber: '27082440',
      website: VALID.website,
      descriptions: VALID.descriptions,
      pagePath: `company/${owner.id}-realitka-vltava-s-r-o`,
    });
    const row = await storedProfile(owner.id);
    expect(row?.registrationNumber).toBe('27082440');
    expect(row?.descriptions.map((d) => d.locale)).toEqual(['cs', 'en']);

    // A second save replaces the fields: left-out ones are cleared, the order of languages kept.
    const again = await put(owner.id, {
      name: 'Vltava Reality',
      countryCode: 'DE',
      registrationNumber: 'HRB 98765',
      descriptions: [
        { locale: 'de', text: 'Wohnungen in Prag.' },
        { locale: 'cs', text: 'Byty v Praze.' },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      name: 'Vltava Reality',
      website: null,
      phone: null,
      registrationNumber: 'HRB 98765',
    });
    expect((await storedProfile(owner.id))?.descriptions.map((d) => d.locale)).toEqual(['de', 'cs']);
  });

  it('refuses bad input with a key per field and changes nothing', async () => {
    const owner = await company();
    expect((await put(owner.id, VALID)).statusCode).toBe(200);
    const before = await storedProfile(owner.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ registrationNumber: '27082441' }, 'registrationNumber', 'company.error.registration_number'],
      [
        { countryCode: 'DE', registrationNumber: '27082440' },
        'registrationNumber',
        'company.error.registration_number',
      ],
      [{ website: 'http://www.realitka.example' }, 'website', 'company.error.website'],
      [{ website: 'javascript:alert(1)' }, 'website', 'company.error.website'],
      [{ phone: '12' }, 'phone', 'validation.invalid_phone'],
      [{ postcode: '!' }, 'postcode', 'validation.invalid_zip'],
      [{ name: '   ' }, 'name', 'validation.required'],
      [
        {
          descriptions: [
            { locale: 'cs', text: 'A' },
            { locale: 'cs', text: 'B' },
          ],
        },
        'descriptions.1.locale',
        'company.error.duplicate_language',
      ],
      [{ descriptions: [{ locale: 'xx', text: 'A' }] }, 'descriptions.0.locale', 'validation.invalid_value'],
      [
        { descriptions: [{ locale: 'cs', text: 'x'.repeat(3001) }] },
        'descriptions.0.text',
        'validation.too_long',
      ],
      [
        { descriptions: [{ locale: 'cs', text: '  ' }] },
        'descriptions.0.text',
        'company.error.description_required',
      ],
    ];
    for (const [change, field, key] of cases) {
      const answer = await put(owner.id, { ...VALID, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(422);
      expect(answer.json().errors?.[field], JSON.stringify(answer.json())).toContain(key);
    }
    const unknown = await put(owner.id, { ...VALID, userId: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(await storedProfile(owner.id)).toEqual(before);
  });

  it('is for signed-in company accounts only', async () => {
    const person = await createUser(api.db, { accountType: 'person', firstName: 'Jana' });
    expect((await put(null, VALID)).statusCode).toBe(401);
    const refused = await put(person.id, VALID);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ account: ['company.error.company_only'] });
    expect(await storedProfile(person.id)).toBeNull();
    const read = await api.app.inject({
      method: 'GET',
      url: '/users/me/company-profile',
      headers: bearer(api.config, person.id),
    });
    expect(read.statusCode).toBe(403);
    const logo = await uploadLogo(
      person.id,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(logo.statusCode).toBe(403);
  });
});

describe('the logo', () => {
  it('stores a fitted WebP in two sizes, replaces the old one and is removed on request', async () => {
    const owner = await company();
    // A wide transparent PNG: fitted, not cropped, transparency kept.
    const png = await sharp({
      create: { width: 1200, height: 400, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const first = await uploadLogo(owner.id, png);
    expect(first.statusCode, first.body).toBe(200);
    const profile = CompanyProfileSchema.parse(first.json());
    expect(profile.saved).toBe(true);
    expect(profile.name).toBe('Realitka Vltava s.r.o.');
    const firstKey = (await storedProfile(owner.id))?.logoKey;
    expect(firstKey).toMatch(new RegExp(`^companies/${owner.id}/[0-9a-f]+/400\\.webp$`));
    const large = await api.app.storage.get(firstKey as string);
    const small = await api.app.storage.get((firstKey as string).replace('/400.webp', '/96.webp'));
    expect(large?.contentType).toBe('image/webp');
    const largeMeta = await sharp(large?.data).metadata();
    expect([largeMeta.format, largeMeta.width, largeMeta.height, largeMeta.hasAlpha]).toEqual([
      'webp',
      400,
      133,
      true,
    ]);
    expect((await sharp(small?.data).metadata()).width).toBe(96);

    const second = await uploadLogo(owner.id, png);
    expect(second.statusCode).toBe(200);
    const secondKey = (await storedProfile(owner.id))?.logoKey;
    expect(secondKey).not.toBe(firstKey);
    expect(await api.app.storage.exists(firstKey as string)).toBe(false);

    const removed = await api.app.inject({
      method: 'DELETE',
      url: '/users/me/company-profile/logo',
      headers: bearer(api.config, owner.id),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrls).toBeNull();
    expect(await api.app.storage.exists(secondKey as string)).toBe(false);
  });

  it('leaves orphan logo files to the media sweep, which keeps the live logo', async () => {
    const owner = await company();
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#333' } })
      .png()
      .toBuffer();
    expect((await uploadLogo(owner.id, png)).statusCode).toBe(200);
    const live = (await storedProfile(owner.id))?.logoKey as string;
    // Files of an upload whose row was never written (a process killed in between).
    const orphan = `companies/${owner.id}/00112233445566778899`;
    await api.app.storage.put(`${orphan}/400.webp`, png, 'image/webp');
    await api.app.storage.put(`${orphan}/96.webp`, png, 'image/webp');
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    const report = await sweepOrphanMedia({ db: api.db, storage: api.app.storage, now: later });
    expect(report.deleted).toBeGreaterThanOrEqual(2);
    expect(report.missing).toEqual({});
    expect(await api.app.storage.exists(`${orphan}/400.webp`)).toBe(false);
    expect(await api.app.storage.exists(`${orphan}/96.webp`)).toBe(false);
    expect(await api.app.storage.exists(live)).toBe(true);
    expect(await api.app.storage.exists(live.replace('/400.webp', '/96.webp'))).toBe(true);
  });

  it('refuses what is not a picture and keeps the logo it had', async () => {
    const owner = await company();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    expect((await uploadLogo(owner.id, png)).statusCode).toBe(200);
    const kept = (await storedProfile(owner.id))?.logoKey;
    const svg = await uploadLogo(
      owner.id,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'logo.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors).toEqual({ file: ['validation.invalid_image'] });
    const text = await uploadLogo(owner.id, Buffer.from('not an image'), 'logo.png');
    expect(text.statusCode).toBe(422);
    expect((await storedProfile(owner.id))?.logoKey).toBe(kept);
    expect(await api.app.storage.exists(kept as string)).toBe(true);
  });
});

describe('GET /public/companies/{id}', () => {
  it('shows the saved profile and the public offers a page at a time', async () => {
    const owner = await company('Stránkovací Reality a.s.');
    expect((await put(owner.id, { ...VALID, name: 'Stránkovací Reality a.s.' })).statusCode).toBe(200);
    for (let i = 0; i < 14; i++) {
      await insertOffer(api.db, {
        ownerId: owner.id,
        publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    await insertOffer(api.db, { ownerId: owner.id, state: 'draft', publishedAt: null });
    const first = await api.app.inject({ method: 'GET', url: `/public/companies/${owner.id}-any-slug` });
    expect(first.statusCode).toBe(200);
    const page = PublicCompanySchema.parse(first.json());
    expect(page).toMatchObject({
      id: owner.id,
      name: 'Stránkovací Reality a.s.',
      slug: `${owner.id}-strankovaci-reality-a-s`,
      registrationNumber: '27082440',
      descriptions: VALID.descriptions,
    });
    expect(page.offers.data).toHaveLength(12);
    expect(page.offers.meta).toMatchObject({ total: 14, page: 1, total_pages: 2, next_page: 2 });
    const second = PublicCompanySchema.parse(
      (await api.app.inject({ method: 'GET', url: `/public/companies/${owner.id}?page=2` })).json(),
    );
    expect(second.offers.data).toHaveLength(2);
    // Newest first across pages, no offer twice.
    const ids = [...page.offers.data, ...second.offers.data].map((card) => card.id);
    expect(new Set(ids).size).toBe(14);
    expect(page.offers.data[0]?.activated_at).toBe('2026-01-14T00:00:00.000Z');
  });

  it('answers 404 for persons, unknown ids and ids that cannot exist; private data stays private', async () => {
    const person = await createUser(api.db, { accountType: 'person', firstName: 'Jana' });
    for (const id of [String(person.id), '999999999', 'abc', '0', '1e3']) {
      const answer = await api.app.inject({ method: 'GET', url: `/public/companies/${id}` });
      expect(answer.statusCode, id).toBe(404);
    }
    // Without a saved profile: the company name only, never the account's address or ids.
    const owner = await company('Bez Profilu s.r.o.');
    const answer = await api.app.inject({ method: 'GET', url: `/public/companies/${owner.id}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ name: 'Bez Profilu s.r.o.', registrationNumber: null, city: null });
  });

  it('names the company with its small logo on the offer detail', async () => {
    const owner = await company('Detailní Reality s.r.o.');
    const offerId = await insertOffer(api.db, { ownerId: owner.id, publishedAt: new Date('2026-02-01') });
    const before = OfferDetailSchema.parse(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}` })).json(),
    );
    expect(before.company).toMatchObject({ id: owner.id, name: 'Detailní Reality s.r.o.', logo_url: null });
    expect((await put(owner.id, { ...VALID, name: 'Detailní Reality Praha' })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    expect((await uploadLogo(owner.id, png)).statusCode).toBe(200);
    // The kept detail is built again after the profile changed.
    const after = OfferDetailSchema.parse(
      (await api.app.inject({ method: 'GET', url: `/public/offers/${offerId}` })).json(),
    );
    expect(after.company).toMatchObject({
      id: owner.id,
      name: 'Detailní Reality Praha',
      slug: `${owner.id}-detailni-reality-praha`,
    });
    expect(after.company?.logo_url).toMatch(/\/companies\/\d+\/[0-9a-f]+\/96\.webp$/);

    const person = await createUser(api.db, { accountType: 'person', firstName: 'Jana' });
    const personal = await insertOffer(api.db, { ownerId: person.id, publishedAt: new Date('2026-02-01') });
    const detail = (await api.app.inject({ method: 'GET', url: `/public/offers/${personal}` })).json();
    expect(detail.company).toBeNull();
  });
});
