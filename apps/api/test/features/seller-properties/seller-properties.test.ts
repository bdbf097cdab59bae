import { favourites, leads, offers, priceHistory, properties } from '@estately/db';
import { DISPOSITIONS, PROPERTY_LIMITS, PUBLISH_REQUIRED_FIELDS } from '@estately/domain';
import { translate, translateDynamic } from '@estately/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, type TestApi } from '../../support/helpers.ts';
import { insertLocation } from '../../support/search-helpers.ts';

// Issue 7 deliverable 1: POST /v1/property/save, GET /properties/{id}, GET /my/own/properties,
// PATCH /properties/{id} (merge-patch), and the offers row that search reads.

let api: TestApi;
let owner: { id: number };
let other: { id: number };
let admin: { id: number };
let praha: number;
let vinohrady: number;

const auth = (userId: number) => bearer(api.config, userId);

/** Every field publishing needs, with the address left to the gazetteer. */
const complete = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 7_900_000,
  currency_iso_code: 'CZK',
  price_variant: 'negotiable',
  disposition: '3',
  room: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'],
  bathroom: 1,
  useful_area: 82,
  useful_area_units: 'm2',
  floor: 2,
  total_floors: 5,
  type_of_building: 'brick',
  type_of_heating: 'gas',
  ownership: 'personal',
  furnishings: 'partially_equipped',
  parking: 'garage',
  penb: 'c',
  other_params: ['lift'],
  tags: ['vyhled'],
  free_from_date: '2027-01-01',
  description: 'Sunny flat near the park.',
  street: 'Mánesova 12',
  city: 'praha',
  city_part: 'Vinohrady',
  country_code: 'CZ',
  contact: {
    contact_name: 'Jana Nováková',
    contact_email: 'jana@example.com',
    contact_phone: '+420 777 123 456',
  },
};

async function save(userId: number, body: Record<string, unknown>) {
  return api.app.inject({ method: 'POST', url: '/v1/property/save', headers: auth(userId), payload: body });
}
async function setState(userId: number, id: number, state: string) {
  if (state === 'active') await ensurePropertyPhoto(api.db, id);
  return api.app.inject({
    method: 'POST',
    url: `/v1/properties/set-state/${id}`,
    headers: auth(userId),
    payload: { state },
  });
}
async function patch(userId: number, id: number, body: unknown) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${id}`,
    headers: { ...auth(userId), 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
}
async function searchIds(query: string): Promise<number[]> {
  const response = await api.app.inject({ method: 'GET', url: `/public/offers?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((offer: { id: number }) => offer.id);
}
async function propertyCount() {
  return (await api.db.select({ id: properties.id }).from(properties)).length;
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
  other = await createUser(api.db);
  admin = await createUser(api.db, { isAdmin: true });
  const cz = await insertLocation(api.db, {
    kind: 'country',
    countryCode: 'CZ',
    name: 'Česko',
    slug: 'cesko',
    latitude: 49.8,
    longitude: 15.5,
  });
  praha = await insertLocation(api.db, {
    kind: 'city',
    parentId: cz,
    countryCode: 'CZ',
    name: 'Praha',
    slug: 'praha',
    latitude: 50.0875,
    longitude: 14.4214,
    population: 1_300_000,
  });
  vinohrady = await insertLocation(api.db, {
    kind: 'city_part',
    parentId: praha,
    countryCode: 'CZ',
    name: 'Vinohrady',
    slug: 'vinohrady',
    latitude: 50.0755,
    longitude: 14.4378,
  });
});

afterAll(async () => {
  await api.close();
});

describe('POST /v1/property/save', () => {
  it('creates an incomplete draft and lists what publishing still needs', async () => {
    const response = await save(owner.id, { offer_type: 'rent', property_type: 'house', country_code: 'SK' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.view).toBe('owner');
    expect(body.data).toMatchObject({
      state: 'draft',
      offer_type: 'rent',
      property_type: 'house',
      country_code: 'SK',
    });
    expect(body.data.publish_problems).toMatchObject({
      price: ['validation.required'],
      city: ['validation.required'],
      rent_price_period: ['validation.required'],
      minimum_rental_period: ['validation.required'],
    });
    expect(body.data.allowed_states).toEqual(['active', 'archived']);
    // A draft is not in the read model at all.
    expect(await api.db.select().from(offers).where(eq(offers.id, body.data.id))).toHaveLength(0);
  });

  it('refuses bad input with message keys per field and writes nothing', async () => {
    const before = await propertyCount();
    const missing = await save(owner.id, { price: 100 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'validation_errors',
      errors: {
        offer_type: ['validation.required'],
        property_type: ['validation.required'],
        country_code: ['validation.required'],
      },
    });
    const invalid = await save(owner.id, {
      ...complete,
      price: -5,
      disposition: '9',
      room: ['ballroom'],
      free_from_date: '2027-13-01',
      contact: { contact_email: 'not-an-email' },
      latitude: 91,
    });
    expect(invalid.statusCode).toBe(422);
    const errors = invalid.json().errors;
    expect(errors.price).toEqual(['validation.number_not_positive']);
    expect(errors.disposition).toEqual(['validation.invalid_value']);
    expect(errors['room.0']).toEqual(['validation.invalid_value']);
    expect(errors.free_from_date).toEqual(['validation.invalid_date']);
    expect(errors['contact.contact_email']).toEqual(['validation.invalid_email']);
    expect(errors.latitude).toEqual(['validation.number_too_large']);
    const unknown = await save(owner.id, { ...complete, is_verified: true });
    expect(unknown.statusCode).toBe(422);
    expect(await propertyCount()).toBe(before);
  });

  it('geocodes the address from the gazetteer and keeps typed coordinates', async () => {
    const located = (await save(owner.id, complete)).json().data;
    expect(located).toMatchObject({ location_id: vinohrady, latitude: 50.0755, longitude: 14.4378 });
    // Every field is there; only a photo is missing (issue 38 defect 9).
    expect(located.publish_problems).toEqual({ photos: ['validation.photo_required'] });
    const cityOnly = (await save(owner.id, { ...complete, city_part: null })).json().data;
    expect(cityOnly).toMatchObject({ location_id: praha, latitude: 50.0875, longitude: 14.4214 });
    const typed = (await save(owner.id, { ...complete, latitude: 50.1, longitude: 14.5 })).json().data;
    expect(typed).toMatchObject({ location_id: vinohrady, latitude: 50.1, longitude: 14.5 });
    const half = await save(owner.id, { ...complete, latitude: 50.1 });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.longitude).toEqual(['validation.coordinates_incomplete']);
  });

  it('updates with an id, keeps price history, and answers 404 for another user', async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    const updated = await save(owner.id, { id, price: 7_500_000, sqft: undefined });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.price).toBe(7_500_000);
    expect(updated.json().data.price_history.map((p: { price: number }) => p.price)).toEqual([
      7_900_000, 7_500_000,
    ]);
    const foreign = await save(other.id, { id, price: 1 });
    expect(foreign.statusCode).toBe(404);
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.price).toBe(7_500_000);
    // Admins may edit any property.
    expect((await save(admin.id, { id, description: 'Checked by support.' })).statusCode).toBe(200);
  });

  it('converts areas in square feet to metres for search', async () => {
    const data = (await save(owner.id, { ...complete, useful_area: 1000, useful_area_units: 'sqft' })).json()
      .data;
    expect(data.useful_area_meters).toBeCloseTo(92.9, 1);
  });
});

describe('publishing and search', () => {
  it('an active offer is found by search at once; pausing removes it', async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    expect(await searchIds(`location_id=${vinohrady}`)).not.toContain(id);
    const published = await setState(owner.id, id, 'active');
    expect(published.statusCode).toBe(200);
    expect(published.json().data.state).toBe('active');
    expect(published.json().data.activated_at).not.toBeNull();
    expect(published.json().data.published_at).not.toBeNull();
    expect(await searchIds(`location_id=${vinohrady}`)).toContain(id);
    expect(await searchIds(`location_id=${praha}&price_to=8000000&currency=CZK`)).toContain(id);

    // A price change of the live offer reaches search in the same write.
    const repriced = await patch(owner.id, id, { price: 9_000_000 });
    expect(repriced.statusCode).toBe(200);
    expect(await searchIds(`location_id=${praha}&price_to=8000000&currency=CZK`)).not.toContain(id);
    expect(await searchIds(`location_id=${praha}&price_from=8500000&currency=CZK`)).toContain(id);
    const history = await api.db.select().from(priceHistory).where(eq(priceHistory.propertyId, id));
    expect(history.map((h) => h.price)).toEqual([7_900_000, 9_000_000]);

    // Others see the public view, without the contact or history.
    const publicView = await api.app.inject({ method: 'GET', url: `/properties/${id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().view).toBe('public');
    expect(publicView.json().data.contact).toBeUndefined();
    expect(publicView.json().data.price_history).toBeUndefined();

    expect((await setState(owner.id, id, 'paused')).statusCode).toBe(200);
    expect(await searchIds(`location_id=${vinohrady}`)).not.toContain(id);
    const [row] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(row?.isPublic).toBe(false);
    expect(
      (await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth(other.id) })).statusCode,
    ).toBe(404);
  });

  it('refuses to publish an incomplete draft and names the missing fields', async () => {
    const id = (
      await save(owner.id, { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' })
    ).json().data.id;
    const response = await setState(owner.id, id, 'active');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      price: ['validation.required'],
      room: ['validation.required'],
      description: ['validation.required'],
      contact: ['validation.required'],
    });
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.state).toBe('draft');
    expect(row?.activatedAt).toBeNull();
  });
});

describe('PATCH /properties/{id} (merge patch)', () => {
  it('null deletes, objects merge, arrays replace', async () => {
    const id = (
      await save(owner.id, { ...complete, flat_settings: { balcony_area: 6, cellar: true } })
    ).json().data.id;
    const response = await patch(owner.id, id, {
      year_built: 1930,
      parking: null,
      tags: ['sauna', 'vana'],
      contact: { contact_phone: null, contact_name: 'Jana N.' },
      flat_settings: { cellar: null, terrace_area: 12 },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.year_built).toBe(1930);
    expect(data.parking).toBeNull();
    expect(data.tags).toEqual(['sauna', 'vana']);
    expect(data.contact).toEqual({ contact_name: 'Jana N.', contact_email: 'jana@example.com' });
    expect(data.flat_settings).toEqual({ balcony_area: 6, terrace_area: 12 });
    expect(data.offer_type).toBe('sale');
  });

  it('keeps an active offer publishable and refuses bad members, changing nothing', async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    expect((await setState(owner.id, id, 'active')).statusCode).toBe(200);
    const cleared = await patch(owner.id, id, { description: null, price: 5 });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toEqual({ description: ['validation.required'] });
    const bad = await patch(owner.id, id, { offer_type: null, penb: 'z', state: 'sold' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('state');
    const typeNull = await patch(owner.id, id, { offer_type: null });
    expect(typeNull.statusCode).toBe(422);
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.description).toBe(complete.description);
    expect(row?.price).toBe(complete.price);
    const [offer] = await api.db.select().from(offers).where(eq(offers.id, id));
    expect(offer?.price).toBe(complete.price);
  });

  it("another user's property is 404 for reads of drafts and for every write", async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    const headers = auth(other.id);
    expect((await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/properties/${id}` })).statusCode).toBe(404);
    expect((await patch(other.id, id, { price: 1 })).statusCode).toBe(404);
    expect((await setState(other.id, id, 'active')).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/properties/abc', headers })).statusCode).toBe(404);
    const adminView = await api.app.inject({
      method: 'GET',
      url: `/properties/${id}`,
      headers: auth(admin.id),
    });
    expect(adminView.json().view).toBe('owner');
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.state).toBe('draft');
    expect(row?.price).toBe(complete.price);
  });
});

describe('GET /my/own/properties', () => {
  it("pages the caller's properties with state and statistics", async () => {
    const seller = await createUser(api.db);
    const first = (await save(seller.id, complete)).json().data.id;
    const second = (
      await save(seller.id, { ...complete, offer_type: 'rent', rent_price_period: 'month' })
    ).json().data.id;
    await api.db.insert(favourites).values([
      { userId: owner.id, offerId: first },
      { userId: other.id, offerId: first },
    ]);
    await api.db.insert(leads).values({ propertyId: first, ownerId: seller.id, email: 'buyer@example.com' });
    const page1 = await api.app.inject({
      method: 'GET',
      url: '/my/own/properties?per_page=1',
      headers: auth(seller.id),
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().meta).toMatchObject({ page: 1, per_page: 1, total: 2, total_pages: 2, next_page: 2 });
    expect(page1.json().data.map((p: { id: number }) => p.id)).toEqual([second]);
    const page2 = (
      await api.app.inject({
        method: 'GET',
        url: '/my/own/properties?per_page=1&page=2',
        headers: auth(seller.id),
      })
    ).json();
    expect(page2.data[0]).toMatchObject({
      id: first,
      state: 'draft',
      statistics: { views: 0, favourites: 2, leads: 1 },
      strike: null,
    });
    const unauthenticated = await api.app.inject({ method: 'GET', url: '/my/own/properties' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('POST /v1/property/save-tour-dates', () => {
  const nextYear = new Date().getUTCFullYear() + 1;
  const tours = (userId: number, body: Record<string, unknown>) =>
    api.app.inject({
      method: 'POST',
      url: '/v1/property/save-tour-dates',
      headers: auth(userId),
      payload: body,
    });

  it('replaces the upcoming slots and shows them on the property', async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    const first = await tours(owner.id, {
      property_id: id,
      tour_dates: [
        { date: `${nextYear}-03-02`, from: '14:00', to: '15:00', capacity: 4 },
        { date: `${nextYear}-03-01`, from: '10:00', to: '11:30', capacity: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first
        .json()
        .data.map((t: { date: string; from: string; to: string; capacity: number }) => [
          t.date,
          t.from,
          t.to,
          t.capacity,
        ]),
    ).toEqual([
      [`${nextYear}-03-01`, '10:00', '11:30', 1],
      [`${nextYear}-03-02`, '14:00', '15:00', 4],
    ]);
    const replaced = await tours(owner.id, {
      property_id: id,
      tour_dates: [{ date: `${nextYear}-04-01`, from: '09:00', to: '10:00', capacity: 2 }],
    });
    expect(replaced.json().data).toHaveLength(1);
    const detail = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth(owner.id) });
    expect(detail.json().data.tour_dates).toMatchObject([
      { date: `${nextYear}-04-01`, from: '09:00', capacity: 2 },
    ]);
  });

  it('refuses past, inverted, overlapping and empty-capacity slots and strangers, changing nothing', async () => {
    const id = (await save(owner.id, complete)).json().data.id;
    const ok = { date: `${nextYear}-05-01`, from: '10:00', to: '11:00', capacity: 2 };
    await tours(owner.id, { property_id: id, tour_dates: [ok] });
    const inverted = await tours(owner.id, {
      property_id: id,
      tour_dates: [
        { ...ok, from: '12:00', to: '11:00' },
        { ...ok, capacity: 0 },
      ],
    });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors).toMatchObject({
      'tour_dates.0.to': ['validation.range_inverted'],
      'tour_dates.1.capacity': ['validation.number_too_small'],
    });
    const past = await tours(owner.id, { property_id: id, tour_dates: [{ ...ok, date: '2020-01-01' }] });
    expect(past.json().errors).toEqual({ 'tour_dates.0.date': ['validation.invalid_date'] });
    const overlap = await tours(owner.id, {
      property_id: id,
      tour_dates: [ok, { ...ok, from: '10:30', to: '12:00' }],
    });
    expect(overlap.json().errors).toEqual({ 'tour_dates.1.from': ['validation.invalid_value'] });
    expect((await tours(other.id, { property_id: id, tour_dates: [] })).statusCode).toBe(404);
    const detail = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth(owner.id) });
    expect(detail.json().data.tour_dates).toMatchObject([
      { date: ok.date, from: '10:00', to: '11:00', capacity: 2 },
    ]);
  });
});

describe('form definitions', () => {
  it('GET /v1/property/property-form: fields, required flags, value sets and labels by Accept-Language', async () => {
    const cs = await api.app.inject({
      method: 'GET',
      url: '/v1/property/property-form',
      headers: { 'accept-language': 'cs-CZ,cs;q=0.9' },
    });
    expect(cs.statusCode).toBe(200);
    const form = cs.json();
    expect(form).toMatchObject({ form: 'property', locale: 'cs' });
    const byName = new Map(form.fields.map((f: { name: string }) => [f.name, f]));
    for (const name of PUBLISH_REQUIRED_FIELDS)
      expect(byName.get(name), name).toMatchObject({ required: true });
    expect(byName.get('minimum_rental_period')).toMatchObject({ required: false, required_for_rent: true });
    expect(byName.get('floor')).toMatchObject({ type: 'integer', min: PROPERTY_LIMITS.floorMin, max: 200 });
    const disposition = byName.get('disposition') as {
      values: { value: string; label: string }[];
      label: string;
    };
    expect(disposition.values.map((v) => v.value)).toEqual([...DISPOSITIONS]);
    expect(disposition.label).toBe(translate('cs', 'filter.disposition'));
    const heating = byName.get('type_of_heating') as { values: { value: string; label: string }[] };
    expect(heating.values.find((v) => v.value === 'heat_pump')?.label).toBe(
      translateDynamic('cs', 'value.heating.heat_pump'),
    );
    expect((byName.get('contact') as { fields: { name: string }[] }).fields.map((f) => f.name)).toContain(
      'contact_phone',
    );

    const de = (
      await api.app.inject({
        method: 'GET',
        url: '/v1/property/property-form',
        headers: { 'accept-language': 'de-DE' },
      })
    ).json();
    expect(de.locale).toBe('de');
    expect(de.fields.find((f: { name: string }) => f.name === 'disposition').label).toBe(
      translate('de', 'filter.disposition'),
    );
    expect(translate('de', 'filter.disposition')).not.toBe(translate('cs', 'filter.disposition'));
  });

  it('GET /v1/property/search-form lists the search filters', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/v1/property/search-form',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const names = response.json().fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['price_from', 'dispositions', 'verified_only', 'trust_score_min']),
    );
    expect(response.json().fields.find((f: { name: string }) => f.name === 'verified_only')).toMatchObject({
      type: 'boolean',
      label: translate('en', 'filter.verified_only'),
    });
  });
});
