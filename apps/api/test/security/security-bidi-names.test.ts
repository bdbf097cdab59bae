import { leads, properties, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../support/helpers.ts';
import { insertFullOffer, insertUser } from '../support/offer-fixtures.ts';

// Issue 37 point 9: names accepted U+202E (RIGHT-TO-LEFT OVERRIDE) and the other bidirectional
// controls, so "Jan\u202Egnp.exe" showed as "Janexe.png" to sellers, buyers and admins. Every
// name field (packages/domain name-characters.ts) now answers 422 `validation_errors` with
// `validation.invalid_characters` on the field, and nothing is written.

const RLO = '\u202E';
let api: TestApi;
let userId = 0;
let offerId = 0;
let address = 0;

const auth = () => bearer(api.config, userId);
/** One address per request, so no per-address budget answers 429 before the 422 under test. */
const nextAddress = () => {
  address += 1;
  return `10.37.${(address >> 8) & 255}.${address & 255}`;
};

function expectRefusal(response: { statusCode: number; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { code: string; errors: Record<string, string[]> };
  expect(body.code).toBe('validation_errors');
  expect(body.errors[field]).toEqual(['validation.invalid_characters']);
}

beforeAll(async () => {
  api = await buildTestApi();
  userId = (await createUser(api.db, { firstName: 'Jana', lastName: 'Nováková' })).id;
  const ownerId = await insertUser(api.db, { email: 'bidi-owner@example.com' });
  offerId = await insertFullOffer(api.db, { ownerId });
});

afterAll(async () => {
  await api?.close();
});

describe('names with a bidirectional control are refused with 422, nothing stored', () => {
  it('PATCH /users/me: first and last name', async () => {
    for (const [field, value] of [
      ['firstName', `Jan${RLO}gnp.exe`],
      ['lastName', `Nov\u2067ák`],
    ] as const) {
      const response = await api.app.inject({
        method: 'PATCH',
        url: '/users/me',
        headers: auth(),
        payload: { [field]: value, addressCity: 'Brno' },
      });
      expectRefusal(response, field);
    }
    const [row] = await api.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ firstName: 'Jana', lastName: 'Nováková' });
    expect(row!.addressCity).not.toBe('Brno');
  });

  it('POST /auth/signup/company: company name and contact person', async () => {
    const company = {
      email: 'office@bidi-reality.example',
      password: 'Brno-Garden-2026',
      company_name: 'Reality Brno s.r.o.',
      registration_number: '12345678',
      address_street: 'Masarykova',
      address_zip: '602 00',
      address_city: 'Brno',
      contact_first_name: 'Petr',
      contact_last_name: 'Svoboda',
    };
    for (const field of ['company_name', 'contact_first_name', 'contact_last_name'] as const) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/auth/signup/company',
        payload: { ...company, [field]: `${company[field]}${RLO}` },
        remoteAddress: nextAddress(),
      });
      expectRefusal(response, field);
    }
    expect(await api.db.select().from(users).where(eq(users.email, company.email))).toEqual([]);
    // The same sign-up without the control goes through: the refusals above were the names.
    const clean = await api.app.inject({
      method: 'POST',
      url: '/auth/signup/company',
      payload: company,
      remoteAddress: nextAddress(),
    });
    expect(clean.statusCode, clean.body).toBe(201);
  });

  it('POST /public/offers/{id}/offer_message: the sender name of a guest message', async () => {
    const before = await api.db.select({ id: leads.id }).from(leads);
    const response = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${offerId}/offer_message`,
      payload: {
        offer_message: { name: `Eva${RLO}`, email: 'eva@example.com', text: 'Dobrý den, je byt volný?' },
      },
      remoteAddress: nextAddress(),
    });
    expectRefusal(response, 'offer_message.name');
    expect(await api.db.select({ id: leads.id }).from(leads)).toHaveLength(before.length);
  });

  it('POST /v1/property/save: the contact person of a draft', async () => {
    const before = await api.db.select({ id: properties.id }).from(properties);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: auth(),
      payload: {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        contact: { contact_name: `Jana${RLO}`, contact_phone: '+420 600 000 000' },
      },
    });
    expectRefusal(response, 'contact.contact_name');
    expect(await api.db.select({ id: properties.id }).from(properties)).toHaveLength(before.length);
  });

  it('names in any script without a control are stored (the rule is not a blanket refusal)', async () => {
    const response = await api.app.inject({
      method: 'PATCH',
      url: '/users/me',
      headers: auth(),
      payload: { firstName: 'محمد', lastName: 'Ørsted-Søn' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await api.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ firstName: 'محمد', lastName: 'Ørsted-Søn' });
  });
});
