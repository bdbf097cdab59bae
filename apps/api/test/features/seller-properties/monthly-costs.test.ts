import { properties } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, ensurePropertyPhoto, setRates, type TestApi } from '../../support/helpers.ts';

// A rent's true monthly cost (issue 43 point 6, decision 074): the seller states the monthly
// service charges, a utilities estimate and whether the rent includes utilities, on save and by
// merge-patch, within limits and with clear errors that change nothing; the public detail gives
// them converted into the visitor's currency beside the seller's amounts.

let api: TestApi;
let owner: { id: number };

const auth = () => bearer(api.config, owner.id);

const rent = {
  offer_type: 'rent',
  property_type: 'apartment',
  price: 18_000,
  currency_iso_code: 'CZK',
  price_variant: 'fixed',
  rent_price_period: 'month',
  minimum_rental_period: 12,
  disposition: '2',
  room: ['living_room', 'bedroom', 'kitchen'],
  useful_area: 54,
  useful_area_units: 'm2',
  description: 'Quiet flat by the river, close to the tram.',
  city: 'Olomouc',
  country_code: 'CZ',
  latitude: 49.5938,
  longitude: 17.2509,
  contact: { contact_name: 'Petr Malý', contact_email: 'petr@example.com' },
};

function save(body: Record<string, unknown>) {
  return api.app.inject({ method: 'POST', url: '/v1/property/save', headers: auth(), payload: body });
}
function patch(id: number, body: Record<string, unknown>) {
  return api.app.inject({
    method: 'PATCH',
    url: `/properties/${id}`,
    headers: { ...auth(), 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
}
async function stored(id: number) {
  const [row] = await api.db
    .select({
      fees: properties.monthlyFees,
      utilities: properties.monthlyUtilities,
      included: properties.utilitiesIncluded,
    })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
}
async function created(body: Record<string, unknown>): Promise<number> {
  const response = await save(body);
  expect(response.statusCode).toBe(200);
  return response.json().data.id as number;
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = await createUser(api.db);
  await setRates(api.db, { EUR: 25 });
});
afterAll(async () => {
  await api.close();
});

describe('saving the monthly costs', () => {
  it('keeps the fees, the utilities estimate and the flag, and reads them back', async () => {
    const id = await created({
      ...rent,
      monthly_fees: 2_500,
      monthly_utilities: 1_800.5,
      utilities_included: false,
    });
    expect(await stored(id)).toEqual({ fees: 2_500, utilities: 1_800.5, included: false });
    const view = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth() });
    expect(view.json().data).toMatchObject({
      monthly_fees: 2_500,
      monthly_utilities: 1_800.5,
      utilities_included: false,
    });
  });

  it('refuses amounts out of bounds and a flag that is no boolean, with a key per field, changing nothing', async () => {
    const id = await created({ ...rent, monthly_fees: 2_000 });
    const response = await save({
      id,
      monthly_fees: -1,
      monthly_utilities: 10_000_001,
      utilities_included: 'yes',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'validation_errors',
      errors: {
        monthly_fees: ['validation.number_too_small'],
        monthly_utilities: ['validation.number_too_large'],
        utilities_included: ['validation.invalid_boolean'],
      },
    });
    expect(await stored(id)).toEqual({ fees: 2_000, utilities: null, included: null });
  });

  it('refuses utilities both included in the rent and estimated on top, on the merged values', async () => {
    const id = await created({ ...rent, monthly_utilities: 1_500 });
    const both = await patch(id, { utilities_included: true });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ monthly_utilities: ['validation.utilities_included'] });
    expect(await stored(id)).toEqual({ fees: null, utilities: 1_500, included: null });
    // Saying "included" and clearing the estimate in one patch is the way.
    const fixed = await patch(id, { utilities_included: true, monthly_utilities: null });
    expect(fixed.statusCode).toBe(200);
    expect(await stored(id)).toEqual({ fees: null, utilities: null, included: true });
    // A stated zero fee is kept as zero, not as "not stated"; null clears it again.
    expect((await patch(id, { monthly_fees: 0 })).statusCode).toBe(200);
    expect((await stored(id))?.fees).toBe(0);
    expect((await patch(id, { monthly_fees: null })).statusCode).toBe(200);
    expect((await stored(id))?.fees).toBeNull();
  });

  it('is documented in the OpenAPI of the save call and the form definition', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const text = JSON.stringify(document.paths['/v1/property/save']);
    for (const field of ['monthly_fees', 'monthly_utilities', 'utilities_included'])
      expect(text).toContain(field);
    const form = await api.app.inject({
      method: 'GET',
      url: '/v1/property/property-form',
      headers: { 'accept-language': 'de' },
    });
    const fields = form.json().fields as { name: string; label: string | null; values?: unknown }[];
    expect(fields.find((field) => field.name === 'monthly_fees')).toMatchObject({
      type: 'number',
      min: 0,
      max: 10_000_000,
      label: 'Nebenkosten pro Monat',
    });
    expect(fields.find((field) => field.name === 'utilities_included')?.values).toEqual([
      { value: 'true', label: 'In der Miete enthalten' },
      { value: 'false', label: 'Zusätzlich zur Miete zu zahlen' },
    ]);
  });
});

describe('the public detail', () => {
  it('gives the amounts converted into the asked currency beside the seller’s', async () => {
    const id = await created({
      ...rent,
      monthly_fees: 2_500,
      monthly_utilities: 1_800,
      utilities_included: false,
    });
    await ensurePropertyPhoto(api.db, id);
    const published = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: auth(),
      payload: { state: 'active' },
    });
    expect(published.statusCode).toBe(200);
    const detail = await api.app.inject({ method: 'GET', url: `/public/offers/${id}?currency=EUR` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      price: 720,
      monthly_fees: 100,
      monthly_utilities: 72,
      original_monthly_fees: 2_500,
      original_monthly_utilities: 1_800,
      utilities_included: false,
    });
    // A change of the amounts shows on the next detail (the kept body follows the write).
    expect((await patch(id, { monthly_fees: 3_000 })).statusCode).toBe(200);
    const again = await api.app.inject({ method: 'GET', url: `/public/offers/${id}` });
    expect(again.json()).toMatchObject({ monthly_fees: 3_000, original_monthly_fees: 3_000 });
  });
});
