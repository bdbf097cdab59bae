import { SEARCHABLE_STATES, SELLER_TYPES } from '@estately/domain';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryMediaStorage } from '../storage/local-storage.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type SeedResult, seed } from './index.ts';

// Seeds the same small data set twice into two fresh databases and compares them row by row,
// then checks that the data looks like a real market (issue 3 item 5).

const NOW = new Date('2026-03-01T00:00:00.000Z');
const OFFERS = 400;
let a: TestDatabase;
let b: TestDatabase;
let result: SeedResult;
const storage = new MemoryMediaStorage();

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  result = await seed({ handle: a, storage, offers: OFFERS, seed: 'test-seed', photos: 8, now: NOW });
  await seed({
    handle: b,
    storage,
    offers: OFFERS,
    seed: 'test-seed',
    photos: 8,
    now: NOW,
    method: 'insert',
  });
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.cleanup(), b?.cleanup()]);
});

const TABLES = [
  'users',
  'sellers',
  'seller_contacts',
  'properties',
  'offers',
  'property_media',
  'price_history',
  'locations',
  'location_names',
  'points_of_interest',
  'articles',
  'favourites',
  'offer_view_stats',
];

describe('seed', () => {
  it('is deterministic: the same seed gives the same rows (COPY and INSERT alike)', async () => {
    for (const table of TABLES) {
      const sql = `select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n from ${table} t`;
      const [ha] = await a.query<{ h: string; n: number }>(sql);
      const [hb] = await b.query<{ h: string; n: number }>(sql);
      expect(ha?.n, table).toBeGreaterThan(0);
      expect(ha, table).toEqual(hb);
    }
  });

  it('reports the counts it wrote', async () => {
    expect(result.counts.properties).toBe(OFFERS);
    const [row] = await a.query<{ n: number }>('select count(*)::int as n from offers');
    expect(result.activeOffers).toBe(row?.n);
  });

  it('projects exactly the searchable, non-struck properties into the offers read model', async () => {
    // Active and reserved ones (decision 042: a reserved offer stays in search with its badge).
    const states = SEARCHABLE_STATES.map((state) => `'${state}'`).join(', ');
    const [row] = await a.query<{ missing: number; extra: number }>(`
      select
        (select count(*)::int from properties p where p.state in (${states}) and p.struck_at is null
           and not exists (select 1 from offers o where o.id = p.id)) as missing,
        (select count(*)::int from offers o join properties p on p.id = o.id
           where p.state not in (${states}) or p.struck_at is not null) as extra`);
    expect(row).toEqual({ missing: 0, extra: 0 });
    const [ratio] = await a.query<{ r: number }>(
      "select (count(*) filter (where state = 'active'))::float / count(*) as r from properties",
    );
    expect(ratio?.r).toBeGreaterThan(0.8);
  });

  it('has sellers of all five types with ratings and trust scores in range', async () => {
    const rows = await a.query<{
      seller_type: string;
      n: number;
      min_r: number;
      max_r: number;
      min_t: number;
      max_t: number;
    }>(
      `select seller_type, count(*)::int as n, min(rating)::float as min_r, max(rating)::float as max_r,
              min(trust_score) as min_t, max(trust_score) as max_t from sellers group by seller_type`,
    );
    expect(rows.map((r) => r.seller_type).sort()).toEqual([...SELLER_TYPES].sort());
    for (const r of rows) {
      if (r.min_r !== null) expect(r.min_r).toBeGreaterThanOrEqual(1);
      if (r.max_r !== null) expect(r.max_r).toBeLessThanOrEqual(5);
      expect(r.min_t).toBeGreaterThanOrEqual(0);
      expect(r.max_t).toBeLessThanOrEqual(100);
    }
    const offerTypes = await a.query<{ seller_type: string }>('select distinct seller_type from offers');
    expect(offerTypes.length).toBeGreaterThanOrEqual(4);
  });

  it('prices offers in the local currency at realistic levels per m2', async () => {
    const rows = await a.query<{
      country_code: string;
      currency: string;
      offer_type: string;
      per_m2: number;
      n: number;
    }>(`
      select country_code, currency, offer_type, percentile_cont(0.5) within group (order by price / useful_area_meters) as per_m2,
             count(*)::int as n
      from properties where rent_price_period is distinct from 'week' and rent_price_period is distinct from 'day'
      group by 1, 2, 3`);
    const cz = (type: string) => rows.find((r) => r.country_code === 'CZ' && r.offer_type === type);
    expect(cz('sale')?.currency).toBe('CZK');
    expect(cz('sale')?.per_m2).toBeGreaterThan(40_000);
    expect(cz('sale')?.per_m2).toBeLessThan(200_000);
    expect(cz('rent')?.per_m2).toBeGreaterThan(120);
    expect(cz('rent')?.per_m2).toBeLessThan(600);
    for (const r of rows) {
      if (r.country_code === 'PL') expect(r.currency).toBe('PLN');
      // Swiss and Turkish portals quote their own currencies; Serbian sellers ask in euros.
      if (r.country_code === 'CH') expect(r.currency).toBe('CHF');
      if (r.country_code === 'TR') expect(r.currency).toBe('TRY');
      if (r.country_code === 'RS') expect(r.currency).toBe('EUR');
      if (['SK', 'AT', 'DE'].includes(r.country_code)) {
        expect(r.currency).toBe('EUR');
        if (r.offer_type === 'sale') expect(r.per_m2).toBeGreaterThan(800);
        if (r.offer_type === 'sale') expect(r.per_m2).toBeLessThan(15_000);
      }
    }
    expect(rows.some((r) => r.country_code === 'CH' || r.country_code === 'TR')).toBe(true);
    // Normalised prices are CZK: a EUR price is about 24 times larger.
    const [eur] = await a.query<{ f: number }>(
      "select avg(price_normalized / price)::float as f from offers where currency = 'EUR' and price is not null",
    );
    expect(eur?.f).toBeCloseTo(24.3, 1);
  });

  it('writes descriptions in the offer language and plausible parameters', async () => {
    const cs = await a.query<{ description: string }>(
      "select description from properties where locale = 'cs' limit 20",
    );
    expect(cs.length).toBeGreaterThan(0);
    for (const r of cs) expect(r.description).toMatch(/(Nabízíme|Prodej|Pronájem|Nemovitost)/);
    const de = await a.query<{ description: string }>(
      "select description from properties where locale in ('de', 'de-AT') limit 10",
    );
    for (const r of de) expect(r.description).toMatch(/(Wohnung|Einfamilienhaus|Immobilie)/);
    const [dispo] = await a.query<{ n: number }>(
      "select count(distinct disposition)::int as n from properties where property_type = 'apartment'",
    );
    expect(dispo?.n).toBeGreaterThanOrEqual(6);
    const [layout] = await a.query<{ ok: number }>(
      "select count(*)::int as ok from offers where layout ~ '^[0-9]+\\+(KK|[0-9]+)$'",
    );
    expect(layout?.ok).toBe(result.activeOffers);
    // A numeric disposition agrees with the layout shown on cards: "3" is "3+KK" or "3+1".
    const [disagree] = await a.query<{ n: number }>(`
      select count(*)::int as n from offers
      where disposition ~ '^[0-9]$' and split_part(layout, '+', 1) <> disposition
         or disposition = '6+' and split_part(layout, '+', 1)::int < 6`);
    expect(disagree?.n).toBe(0);
    const [future] = await a.query<{ n: number }>(
      'select count(*)::int as n from offers where published_at > $1 or activated_at > $1',
      [NOW.toISOString()],
    );
    expect(future?.n).toBe(0);
  });

  it('gives offers photos from the pool, with a main photo and every variant', async () => {
    const [row] = await a.query<{ with_photos: number; mismatched: number }>(`
      select count(*) filter (where photos_count > 0)::int as with_photos,
             count(*) filter (where photos_count <> (select count(*) from property_media m where m.property_id = o.id))::int as mismatched
      from offers o`);
    expect(row?.with_photos).toBeGreaterThan(result.activeOffers * 0.9);
    expect(row?.mismatched).toBe(0);
    const main = await a.query<{ main_photo_variants: Record<string, string> }>(
      'select main_photo_variants from offers where main_photo_variants is not null limit 5',
    );
    for (const r of main) {
      for (const field of ['thumb', 'card', 'gallery', 'full', 'card_avif']) {
        expect(await storage.exists(r.main_photo_variants[field] as string), field).toBe(true);
      }
    }
  });

  it('places offers near their city and inside the gazetteer', async () => {
    const [row] = await a.query<{ far: number }>(`
      select count(*)::int as far from offers o join locations l on l.id = o.location_id
      where geo_distance_km(o.location, l.point) > 40`);
    expect(row?.far).toBe(0);
    const [names] = await a.query<{ bad: number; locales: number }>(
      "select count(*) filter (where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$')::int as bad, count(distinct locale)::int as locales from location_names",
    );
    expect(names).toEqual({ bad: 0, locales: 30 });
    const praha = await a.query<{ name: string }>(
      "select n.name from location_names n where n.locale = 'cs' and search_normalize(n.name) like 'plzen%'",
    );
    expect(praha.map((r) => r.name)).toContain('Plzeň');
  });

  it('creates the demo accounts with argon2id hashes of the demo password', async () => {
    const users = await a.query<{
      email: string;
      password_hash: string;
      is_admin: boolean;
      account_type: string;
      n: number;
    }>(
      `select email, password_hash, is_admin, account_type,
              (select count(*)::int from properties p where p.owner_id = u.id) as n
       from users u where email = any($1) order by id`,
      [Object.values(DEMO_ACCOUNTS)],
    );
    expect(users.map((u) => u.email)).toEqual([
      DEMO_ACCOUNTS.person,
      DEMO_ACCOUNTS.agency,
      DEMO_ACCOUNTS.admin,
    ]);
    for (const u of users) {
      expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verify(u.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verify(u.password_hash, 'wrong')).toBe(false);
    }
    expect(users.map((u) => u.is_admin)).toEqual([false, false, true]);
    expect(users.map((u) => u.account_type)).toEqual(['person', 'company', 'person']);
    expect(users[0]?.n).toBeGreaterThan(0);
    expect(users[1]?.n).toBeGreaterThan(0);
  });

  it('gives the demo agency a company profile with descriptions in cs and en (issue 38 point 12)', async () => {
    const rows = await a.query<{ name: string; registration_number: string; languages: string[] }>(
      `select c.name, c.registration_number,
              array(select d->>'locale' from jsonb_array_elements(c.descriptions) d) as languages
       from company_profiles c join users u on u.id = c.user_id where u.email = $1`,
      [DEMO_ACCOUNTS.agency],
    );
    expect(rows).toEqual([
      { name: 'Estately Demo Reality s.r.o.', registration_number: '12345679', languages: ['cs', 'en'] },
    ]);
  });

  it('gives offers a plausible statistics history only from their activation, up to today', async () => {
    // Seed data of issue 38 point 11: never before an offer went public, never in the future.
    const [row] = await a.query<{ offers: number; days: number; early: number; late: number; demo: number }>(
      `select count(distinct s.property_id)::int as offers, count(*)::int as days,
              count(*) filter (where s.day < (o.activated_at at time zone 'UTC')::date - 1)::int as early,
              count(*) filter (where s.day > $1::date)::int as late,
              count(*) filter (where o.owner_id in (1, 2))::int as demo
       from offer_view_stats s join offers o on o.id = s.property_id`,
      [NOW.toISOString().slice(0, 10)],
    );
    expect(row?.offers).toBeGreaterThan(20);
    expect(row?.days).toBeGreaterThan(row?.offers ?? 0);
    expect(row?.early).toBe(0);
    expect(row?.late).toBe(0);
    expect(row?.demo).toBeGreaterThan(0);
  });

  it('continues identity sequences after the seeded ids', async () => {
    const [row] = await a.query<{ id: number; max: number }>(
      "insert into sellers (seller_type, name) values ('other', 'New') returning id, (select max(id) from sellers) as max",
    );
    expect(row?.id).toBeGreaterThan(0);
    const [count] = await a.query<{ n: number }>('select count(*)::int as n from sellers where id = $1', [
      row?.id,
    ]);
    expect(count?.n).toBe(1);
  });

  it('refuses to seed a database that already has data unless reset', async () => {
    await expect(seed({ handle: a, storage, offers: 10, photos: 8, now: NOW })).rejects.toThrow(
      /already holds users/,
    );
  });
});
