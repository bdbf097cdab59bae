import { leadThreads, offers, properties, sellers, users } from '@estately/db';
import { PublicSellerPageSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshReplyFigures } from '../../../src/features/responsiveness/refresh-reply-figures.ts';
import { searchWords } from '../../../src/features/sellers/get-public-seller.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';

// The public seller page (issue 39 point 15, decision 053): who has one, what it shows and never
// shows, its offers a page at a time, the address search and the offer type filter, the reply
// rate, and the company page it names for a company account.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

function get(path: string) {
  return api.app.inject({ method: 'GET', url: path });
}

/** An offer of `ownerId` at an address and of an offer type (the read model as projected). */
async function offerAt(
  ownerId: number,
  place: { street: string; cityPart: string; city: string; searchText: string },
  offerType: 'sale' | 'rent' = 'sale',
  publishedAt = new Date('2026-02-01T00:00:00Z'),
): Promise<number> {
  const id = await insertOffer(api.db, { ownerId, publishedAt, city: place.city });
  await api.db
    .update(properties)
    .set({ street: place.street, cityPart: place.cityPart, offerType })
    .where(eq(properties.id, id));
  await api.db
    .update(offers)
    .set({ street: place.street, cityPart: place.cityPart, offerType, searchText: place.searchText })
    .where(eq(offers.id, id));
  return id;
}

const BRNO = { street: 'Údolní 5', cityPart: 'Veveří', city: 'Brno', searchText: 'udolni 5 veveri brno' };
const PRAHA = {
  street: 'Dlouhá 10',
  cityPart: 'Staré Město',
  city: 'Praha',
  searchText: 'dlouha 10 stare mesto praha',
};

describe('GET /public/sellers/{id}', () => {
  it('shows a private seller with picture, member since and public offers, never the contact data', async () => {
    const person = await createUser(api.db, {
      accountType: 'person',
      firstName: 'Jana',
      lastName: 'Nováková',
      phoneNumber: '+420 601 234 567',
      addressCity: 'Praha',
      profilePicturePath: 'users/1/abc/512.webp',
      createdAt: new Date('2024-03-05T10:00:00Z'),
    });
    const published = await offerAt(person.id, BRNO);
    await insertOffer(api.db, { ownerId: person.id, state: 'draft', publishedAt: null });
    await insertOffer(api.db, { ownerId: person.id, publishedAt: new Date(), struck: true });

    const answer = await get(`/public/sellers/${person.id}-any-words`);
    expect(answer.statusCode).toBe(200);
    const page = PublicSellerPageSchema.parse(answer.json());
    expect(page).toMatchObject({
      id: person.id,
      slug: `${person.id}-jana-novakova`,
      name: 'Jana Nováková',
      accountType: 'person',
      companySlug: null,
      sellerType: 'private',
      rating: null,
      verified: false,
      memberSince: '2024-03-05T10:00:00.000Z',
      replyRate: null,
      activeOffersCount: 1,
    });
    expect(page.pictureUrls?.large).toMatch(/users\/1\/abc\/512\.webp$/);
    expect(page.offers.data.map((card) => card.id)).toEqual([published]);
    const text = answer.body;
    expect(text).not.toContain(person.email);
    expect(text).not.toContain('601 234 567');
  });

  it('takes type, rating and verification from the seller profile', async () => {
    const [profile] = await api.db
      .insert(sellers)
      .values({
        sellerType: 'broker',
        name: 'Makléř Karel Dvořák',
        rating: 4.6,
        ratingCount: 31,
        trustScore: 80,
        isVerified: true,
        countryCode: 'CZ',
      })
      .returning({ id: sellers.id });
    const agent = await createUser(api.db, {
      accountType: 'person',
      firstName: 'Karel',
      lastName: 'Dvořák',
      sellerId: profile!.id,
    });
    const page = PublicSellerPageSchema.parse((await get(`/public/sellers/${agent.id}`)).json());
    expect(page).toMatchObject({
      name: 'Karel Dvořák',
      sellerType: 'broker',
      rating: 4.6,
      ratingCount: 31,
      verified: true,
      activeOffersCount: 0,
    });
    expect(page.offers.data).toEqual([]);
  });

  it('pages the offers newest first and searches them by address words and offer type', async () => {
    const seller = await createUser(api.db, { accountType: 'person', firstName: 'Petr', lastName: 'Malý' });
    const ids: number[] = [];
    for (let i = 0; i < 13; i++) {
      ids.push(
        await offerAt(
          seller.id,
          i % 2 === 0 ? BRNO : PRAHA,
          i % 3 === 0 ? 'rent' : 'sale',
          new Date(Date.UTC(2026, 0, 1 + i)),
        ),
      );
    }
    const first = PublicSellerPageSchema.parse((await get(`/public/sellers/${seller.id}`)).json());
    expect(first.offers.meta).toMatchObject({
      total: 13,
      page: 1,
      per_page: 12,
      total_pages: 2,
      next_page: 2,
    });
    expect(first.offers.data.map((card) => card.id)).toEqual(ids.slice(1).reverse());
    const second = PublicSellerPageSchema.parse((await get(`/public/sellers/${seller.id}?page=2`)).json());
    expect(second.offers.data.map((card) => card.id)).toEqual([ids[0]]);

    // Words of the address in any case and without accents, each of them.
    const brno = (i: number) => i % 2 === 0;
    const rent = (i: number) => i % 3 === 0;
    const expectIds = (keep: (i: number) => boolean) => ids.filter((_, i) => keep(i)).reverse();
    const search = async (query: string) => {
      const answer = await get(`/public/sellers/${seller.id}?${query}`);
      expect(answer.statusCode, query).toBe(200);
      return PublicSellerPageSchema.parse(answer.json());
    };
    const veveri = await search(`q=${encodeURIComponent('VEVEŘÍ brno')}`);
    expect(veveri.offers.data.map((card) => card.id)).toEqual(expectIds(brno));
    expect(veveri.offers.meta.total).toBe(7);
    expect(veveri.activeOffersCount).toBe(13);
    expect((await search(`q=${encodeURIComponent('veveri praha')}`)).offers.data).toEqual([]);
    const rentInPrague = await search(`q=dlouha&offer_type=rent`);
    expect(rentInPrague.offers.data.map((card) => card.id)).toEqual(expectIds((i) => !brno(i) && rent(i)));
    // Signs are no words: no search at all, never a LIKE wildcard.
    expect((await search(`q=${encodeURIComponent('% _')}`)).offers.meta.total).toBe(13);

    expect((await get(`/public/sellers/${seller.id}?offer_type=lease`)).statusCode).toBe(422);
    expect((await get(`/public/sellers/${seller.id}?q=${'a'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('shows the share of conversations answered once there are enough of them', async () => {
    const seller = await createUser(api.db, { accountType: 'person', firstName: 'Eva', lastName: 'Říhová' });
    const offer = await offerAt(seller.id, BRNO);
    const thread = (key: string, createdAt: Date, firstReplyAt: Date | null) => ({
      propertyId: offer,
      ownerId: seller.id,
      buyerKey: `email:${key}@example.com`,
      buyerEmail: `${key}@example.com`,
      createdAt,
      firstReplyAt,
    });
    const recent = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const replied = new Date(recent.getTime() + 3600 * 1000);
    await api.db.insert(leadThreads).values([thread('a', recent, replied), thread('b', recent, null)]);
    // The page shows the stored figures of the reply roll-up (decision 065), never counts itself.
    await refreshReplyFigures({ db: api.db });
    const few = PublicSellerPageSchema.parse((await get(`/public/sellers/${seller.id}`)).json());
    expect(few.replyRate).toBeNull();
    // Older than 90 days: not counted.
    await api.db
      .insert(leadThreads)
      .values([
        thread('old', new Date(Date.now() - 100 * 24 * 3600 * 1000), null),
        thread('c', recent, replied),
      ]);
    await api.db.insert(leadThreads).values(thread('d', recent, replied));
    expect(
      PublicSellerPageSchema.parse((await get(`/public/sellers/${seller.id}`)).json()).replyRate,
    ).toBeNull();
    await refreshReplyFigures({ db: api.db });
    const enough = PublicSellerPageSchema.parse((await get(`/public/sellers/${seller.id}`)).json());
    expect(enough.replyRate).toEqual({ share: 0.75, threads: 4, medianMinutes: 60 });
  });

  it('names the company page of a company account', async () => {
    const company = await createUser(api.db, {
      accountType: 'company',
      companyName: 'Reality Morava s.r.o.',
      companyRegistrationNumber: '27082440',
      firstName: 'Ota',
      lastName: 'Veselý',
    });
    const page = PublicSellerPageSchema.parse((await get(`/public/sellers/${company.id}`)).json());
    expect(page).toMatchObject({
      name: 'Reality Morava s.r.o.',
      accountType: 'company',
      companySlug: `${company.id}-reality-morava-s-r-o`,
    });
    expect(JSON.stringify(page)).not.toContain('27082440');
  });

  it('answers 404 for accounts that never sold, deleted accounts and ids that cannot exist', async () => {
    const buyer = await createUser(api.db, { accountType: 'person', firstName: 'Jen', lastName: 'Hledám' });
    const gone = await createUser(api.db, { accountType: 'person', firstName: 'Byl', lastName: 'Tu' });
    await offerAt(gone.id, BRNO);
    expect((await get(`/public/sellers/${gone.id}`)).statusCode).toBe(200);
    await api.db.delete(properties).where(eq(properties.ownerId, gone.id));
    await api.db.delete(users).where(eq(users.id, gone.id));
    for (const id of [String(buyer.id), String(gone.id), '999999999', 'abc', '0', '1e3', '-1']) {
      const answer = await get(`/public/sellers/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('searchWords', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(searchWords('  Staré  Město, Dlouhá-10 ')).toEqual(['stare', 'mesto', 'dlouha', '10']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});
