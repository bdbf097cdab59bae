import { feedListings, feeds, jobs, offers, priceHistory, properties, propertyMedia } from '@estately/db';
import { PartnerListingSchema, PartnerListingsResponseSchema } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_LISTING_JOB } from '../../../src/features/partner-api/partner-listing-job.ts';
import { bearer } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { LISTING, type Partner, partnerWithKey, photo, runPartnerJobs, servePhotos } from './support.ts';

// The partner API's listings end to end (issue 42): a PUT creates the offer through the feed
// sync, the worker fetches its photos from 127.0.0.1 and publishes it, and it shows in search
// and detail under the company's seller type; the same PUT again writes nothing; a new price
// updates it with its history; DELETE withdraws it and a PUT brings it back; a bad body
// answers 422 as POST /v1/property/save does and writes nothing.

let api: TestApi;
let photos: Awaited<ReturnType<typeof servePhotos>>;

beforeAll(async () => {
  api = await buildTestApi({ FEED_ALLOWED_NETWORKS: '127.0.0.1/32', RATE_LIMIT_MAX: '0' });
  photos = await servePhotos({
    '/red.jpg': { type: 'image/jpeg', body: await photo(200, 30, 30) },
    '/green.jpg': { type: 'image/jpeg', body: await photo(30, 200, 30) },
    '/blue.jpg': { type: 'image/jpeg', body: await photo(30, 30, 200) },
    '/page.jpg': { type: 'image/jpeg', body: '<!doctype html><title>Not a photo</title>' },
  });
});
afterAll(async () => {
  await photos?.close();
  await api?.close();
});

const put = (partner: Partner, externalId: string, body: unknown) =>
  api.app.inject({
    method: 'PUT',
    url: `/v1/partner/listings/${externalId}`,
    headers: { authorization: `Bearer ${partner.secret}` },
    payload: body as object,
  });
const get = (partner: Partner, externalId: string) =>
  api.app.inject({
    method: 'GET',
    url: `/v1/partner/listings/${externalId}`,
    headers: { authorization: `Bearer ${partner.secret}` },
  });
const withdraw = (partner: Partner, externalId: string) =>
  api.app.inject({
    method: 'DELETE',
    url: `/v1/partner/listings/${externalId}`,
    headers: { authorization: `Bearer ${partner.secret}` },
  });

const withPhotos = (...names: string[]) => ({
  ...LISTING,
  photos: names.map((name) => ({ url: `${photos.base}/${name}.jpg` })),
});

async function searchIds(): Promise<number[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: '/public/offers?offer_type=sale&property_type=apartment&country_code=CZ&per_page=100',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((card: { id: number }) => card.id);
}

/** Everything a listing's writes touch, to prove a call wrote nothing. */
async function snapshot(ownerId: number) {
  const owned = await api.db.select().from(properties).where(eq(properties.ownerId, ownerId));
  const ids = owned.map((row) => row.id);
  const rowsOf = async <T>(read: (id: number) => Promise<T[]>) => (await Promise.all(ids.map(read))).flat();
  return {
    properties: owned,
    media: await rowsOf((id) => api.db.select().from(propertyMedia).where(eq(propertyMedia.propertyId, id))),
    history: await rowsOf((id) => api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, id))),
    offers: await rowsOf((id) => api.db.select().from(offers).where(eq(offers.id, id))),
    listings: await api.db
      .select()
      .from(feedListings)
      .innerJoin(feeds, eq(feeds.id, feedListings.feedId))
      .where(eq(feeds.ownerId, ownerId)),
    jobs: await api.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, PARTNER_LISTING_JOB)),
  };
}

describe('partner listings', () => {
  it('creates, publishes with its photos, keeps, updates, withdraws and brings back a listing', async () => {
    const partner = await partnerWithKey(api, undefined, 'developer');

    // Create: accepted at once, applied by the worker with its photos.
    const created = await put(partner, 'PRG-001', withPhotos('red', 'green'));
    expect(created.statusCode, created.body).toBe(201);
    expect(PartnerListingSchema.parse(created.json())).toMatchObject({
      external_id: 'PRG-001',
      state: 'active',
      property_id: null,
      photos_pending: 2,
      problems: [],
    });
    expect(photos.requests).toEqual([]);
    expect((await get(partner, 'PRG-001')).json()).toMatchObject({ photos_pending: 2, property_id: null });

    expect(await runPartnerJobs(api)).toMatchObject({ done: 1, failed: 0 });
    expect(photos.requests.sort()).toEqual(['/green.jpg', '/red.jpg']);
    const applied = PartnerListingSchema.parse((await get(partner, 'PRG-001')).json());
    expect(applied).toMatchObject({ state: 'active', photos_pending: 0, problems: [] });
    const propertyId = applied.property_id!;
    expect(propertyId).toBeGreaterThan(0);
    expect(applied.url).toBe(`${api.config.publicWebUrl}/cs/property/${propertyId}`);

    // In search and detail like any offer, under the company's seller type, with both photos.
    expect(await searchIds()).toContain(propertyId);
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${propertyId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const offer = detail.json();
    expect(offer).toMatchObject({ price: 7_900_000 });
    expect(offer.photos).toHaveLength(2);
    expect(offer.photos[0]).toMatchObject({ is_main: true, position: 0 });
    const listed = PartnerListingsResponseSchema.parse(
      (
        await api.app.inject({
          method: 'GET',
          url: '/v1/partner/listings',
          headers: { authorization: `Bearer ${partner.secret}` },
        })
      ).json(),
    );
    expect(listed.listings).toEqual([applied]);
    expect(listed.meta).toMatchObject({ total: 1, page: 1, per_page: 100 });

    // The same body again: 200 and not one row or timestamp changes, no photo fetched.
    const before = await snapshot(partner.user.id);
    const again = await put(partner, 'PRG-001', withPhotos('red', 'green'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(applied);
    expect(await snapshot(partner.user.id)).toEqual(before);
    expect(photos.requests).toHaveLength(2);

    // A new price applies at once (its photos are known) and goes into the price history.
    const cheaper = await put(partner, 'PRG-001', { ...withPhotos('red', 'green'), price: 7_500_000 });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json()).toMatchObject({ state: 'active', property_id: propertyId, photos_pending: 0 });
    const [property] = await api.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(property!.price).toBe(7_500_000);
    expect(property!.updatedAt.getTime()).toBeGreaterThan(before.properties[0]!.updatedAt.getTime());
    const history = await api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, propertyId));
    expect(history.map((row) => row.price)).toContain(7_500_000);
    expect(history.length).toBe(before.history.length + 1);
    expect((await api.app.inject({ method: 'GET', url: `/public/offers/${propertyId}` })).json().price).toBe(
      7_500_000,
    );

    // Withdrawn: out of search, kept; again changes nothing.
    const gone = await withdraw(partner, 'PRG-001');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ state: 'withdrawn', property_id: propertyId, url: null });
    expect(await searchIds()).not.toContain(propertyId);
    expect(await api.db.select().from(properties).where(eq(properties.id, propertyId))).toHaveLength(1);
    expect((await withdraw(partner, 'PRG-001')).json()).toMatchObject({ state: 'withdrawn' });

    // Back with a PUT: the same property, public again.
    const back = await put(partner, 'PRG-001', { ...withPhotos('red', 'green'), price: 7_500_000 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ state: 'active', property_id: propertyId });
    expect(await searchIds()).toContain(propertyId);
    expect(
      await api.db.select().from(properties).where(eq(properties.ownerId, partner.user.id)),
    ).toHaveLength(1);
  });

  it('fetches only new photos, keeps the others, and reports a photo that is not one', async () => {
    const partner = await partnerWithKey(api);
    expect((await put(partner, 'BRN-7', withPhotos('red'))).statusCode).toBe(201);
    await runPartnerJobs(api);
    const propertyId = PartnerListingSchema.parse((await get(partner, 'BRN-7')).json()).property_id!;
    const fetched = photos.requests.length;

    // A new set: blue is new, red known, page.jpg answers HTML.
    const changed = await put(partner, 'BRN-7', withPhotos('blue', 'red', 'page'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ photos_pending: 2, property_id: propertyId });
    await runPartnerJobs(api);
    expect(photos.requests.slice(fetched).sort()).toEqual(['/blue.jpg', '/page.jpg']);
    const listing = PartnerListingSchema.parse((await get(partner, 'BRN-7')).json());
    expect(listing).toMatchObject({ state: 'active', photos_pending: 0 });
    expect(listing.problems).toEqual([
      {
        code: 'photo_failed',
        field: 'photos',
        value: `${photos.base}/page.jpg`,
        detail: 'feeds.photo.not_an_image',
      },
    ]);
    const media = await api.db
      .select()
      .from(propertyMedia)
      .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.kind, 'photo')))
      .orderBy(propertyMedia.position);
    expect(media).toHaveLength(2);
    expect(media[0]).toMatchObject({ isMain: true, position: 0, status: 'ready' });
    const offer = (await api.app.inject({ method: 'GET', url: `/public/offers/${propertyId}` })).json();
    expect(offer.photos.map((item: { id: number }) => item.id)).toEqual(media.map((row) => row.id));
  });

  it('reports a new listing none of whose photos could be taken, publishing nothing', async () => {
    const partner = await partnerWithKey(api);
    expect((await put(partner, 'NO-PHOTO', withPhotos('page', 'missing'))).statusCode).toBe(201);
    await runPartnerJobs(api);
    const listing = PartnerListingSchema.parse((await get(partner, 'NO-PHOTO')).json());
    expect(listing).toMatchObject({ state: 'withdrawn', property_id: null, url: null, photos_pending: 0 });
    expect(listing.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'photo_failed', detail: 'feeds.photo.not_an_image' }),
        expect.objectContaining({ code: 'photo_failed', detail: 'feeds.photo.not_found' }),
        expect.objectContaining({ code: 'missing_field', field: 'photos' }),
      ]),
    );
    expect(await api.db.select().from(properties).where(eq(properties.ownerId, partner.user.id))).toEqual([]);
    // Sent again with a photo that works, it is created and published.
    expect((await put(partner, 'NO-PHOTO', withPhotos('green'))).statusCode).toBe(201);
    await runPartnerJobs(api);
    expect((await get(partner, 'NO-PHOTO')).json()).toMatchObject({ state: 'active', problems: [] });
  });

  it('answers 422 for a bad body exactly as POST /v1/property/save does, and writes nothing', async () => {
    const partner = await partnerWithKey(api);
    expect((await put(partner, 'OK-1', withPhotos('red'))).statusCode).toBe(201);
    const before = await snapshot(partner.user.id);
    for (const bad of [
      { price: -5 },
      { useful_area: 'big' },
      { disposition: '99+kk' },
      { latitude: 95, longitude: 14.4 },
      { owner_id: 1 },
    ]) {
      const body = { ...LISTING, ...bad };
      const refused = await put(partner, 'BAD-1', { ...body, photos: [{ url: `${photos.base}/red.jpg` }] });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      const saved = await api.app.inject({
        method: 'POST',
        url: '/v1/property/save',
        headers: bearer(api.config, partner.user.id),
        payload: body,
      });
      expect(saved.statusCode, JSON.stringify(bad)).toBe(422);
      expect(refused.json(), JSON.stringify(bad)).toEqual(saved.json());
    }
    // What publishing needs, before anything is written: a description, a photo.
    const { description: _description, ...undescribed } = LISTING;
    const missing = await put(partner, 'BAD-2', undescribed);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      description: ['validation.required'],
      photos: ['validation.photo_required'],
    });
    // Not a photo address, an id we do not take.
    const notUrl = await put(partner, 'BAD-3', { ...LISTING, photos: [{ url: 'file:///etc/passwd' }] });
    expect(notUrl.statusCode).toBe(422);
    expect(notUrl.json().errors).toEqual({ 'photos.0.url': ['validation.invalid_url'] });
    const badId = await put(partner, 'has%20space', withPhotos('red'));
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors).toEqual({ externalId: ['validation.invalid_value'] });

    expect(await snapshot(partner.user.id)).toEqual(before);
    expect((await get(partner, 'BAD-1')).statusCode).toBe(404);
  });

  it('keeps each company’s listings apart', async () => {
    const owner = await partnerWithKey(api);
    const stranger = await partnerWithKey(api);
    expect((await put(owner, 'SAME-ID', withPhotos('green'))).statusCode).toBe(201);
    await runPartnerJobs(api);
    expect((await get(stranger, 'SAME-ID')).statusCode).toBe(404);
    expect((await withdraw(stranger, 'SAME-ID')).statusCode).toBe(404);
    // The stranger's own listing of that id is its own property.
    expect((await put(stranger, 'SAME-ID', withPhotos('green'))).statusCode).toBe(201);
    await runPartnerJobs(api);
    const mine = PartnerListingSchema.parse((await get(owner, 'SAME-ID')).json());
    const theirs = PartnerListingSchema.parse((await get(stranger, 'SAME-ID')).json());
    expect(mine.property_id).not.toBe(theirs.property_id);
    expect(mine.state).toBe('active');
  });
});
