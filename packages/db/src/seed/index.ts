import { CURRENCIES, DEFAULT_RATES, SELLER_TYPES, type SellerType } from '@estately/domain';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../password-hashing.ts';
import { refreshPriceMapMedians } from '../price-map-medians.ts';
import * as schema from '../schema/index.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { recomputeAllTrust, refreshLocalityPriceMedians } from '../trust-signals.ts';
import type { DatabaseHandle } from '../types.ts';
import { MARKETS } from './countries.ts';
import { buildGazetteer, locationNameRows } from './gazetteer.ts';
import { OfferGenerator, type SellerRef } from './offers.ts';
import { buildPhotoPool } from './photo-pool.ts';
import { Random } from './random.ts';
import { CopySink, InsertSink, PgliteCopySink, type RowSink } from './sinks.ts';
import { ARTICLE_TEXTS, BLOG_POSTS, namesFor, POI_NAMES } from './texts.ts';

// The deterministic demo-data generator (issue 3 item 5; DESIGN 5): the same seed and size
// give the same rows. Reference data (gazetteer, sellers, accounts, content) goes in with
// drizzle INSERTs; offers stream through INSERT batches (small sizes, PGlite) or COPY
// (large sizes on PostgreSQL).

export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const DEMO_ACCOUNTS = {
  person: 'demo@estately.test',
  agency: 'agency@estately.test',
  admin: 'admin@estately.test',
} as const;

export { ARGON2_OPTIONS } from '../password-hashing.ts';

export type SeedProgress = { phase: string; done: number; total: number };

export type SeedOptions = {
  handle: DatabaseHandle;
  storage: MediaStorage;
  /** Number of properties to generate (default 3000). */
  offers?: number;
  /** Seed of the random streams (default 'estately'). */
  seed?: string | number;
  /** Size of the generated photo pool (default grows with offers: 24..240). */
  photos?: number;
  /** The instant the data is generated "at"; default today 00:00 UTC, so one day's runs match. */
  now?: Date;
  /** 'copy' (default: COPY FROM STDIN on PostgreSQL, FROM '/dev/blob' on PGlite) or 'insert' (drizzle). */
  method?: 'copy' | 'insert';
  /** COPY without foreign-key triggers (rows are valid by construction); for the benchmark. */
  skipTriggers?: boolean;
  /**
   * Drop the secondary indexes of the offer tables during the load and build them afterwards
   * (as pg_restore does); default on for COPY from 100,000 offers, into PostgreSQL and PGlite
   * alike (PGlite maintains each index row by row in one WASM thread: a 1M load with its
   * indexes in place ran for over an hour).
   */
  deferIndexes?: boolean;
  /** Empty every table first. Without it, seeding a database that has users is refused. */
  reset?: boolean;
  onProgress?: (progress: SeedProgress) => void;
};

export type SeedResult = {
  counts: Record<string, number>;
  activeOffers: number;
  elapsedMs: number;
  timings: Record<string, number>;
  method: 'copy' | 'insert';
};

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The database already holds users; seed with reset to replace its data.');
    this.name = 'DatabaseNotEmptyError';
  }
}

/** Every application table, children first (TRUNCATE order does not matter with CASCADE). */
export const SEEDED_TABLES = [
  'offer_view_stats',
  'offer_view_visitors',
  'offer_reports',
  'offer_messages',
  'leads',
  'lead_thread_tokens',
  'lead_threads',
  'saved_searches',
  'favourites',
  'price_history',
  'property_media',
  'property_tour_dates',
  'property_translations',
  'offers',
  'properties',
  'points_of_interest',
  'location_names',
  'locations',
  'security_events',
  'refresh_tokens',
  'email_confirmation_tokens',
  'password_reset_tokens',
  'users',
  'seller_contacts',
  'sellers',
  'exchange_rates',
  'articles',
  'blog_posts',
  'redirects',
  'jobs',
  'dev_mailbox',
] as const;

export async function isSeeded(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.query<{ n: number }>('select count(*)::int as n from users');
  return (rows[0]?.n ?? 0) > 0;
}

export async function seed(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (name: string) => {
    const t = performance.now();
    timings[name] = Math.round(t - mark);
    mark = t;
  };
  const { handle, storage } = options;
  const db = handle.db;
  const total = options.offers ?? 3000;
  const seedText = String(options.seed ?? 'estately');
  const now = options.now ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  const root = new Random(`seed:${seedText}`);
  const method = options.method ?? 'copy';
  const progress = (phase: string, done: number, all: number) =>
    options.onProgress?.({ phase, done, total: all });

  if (options.reset) {
    await handle.exec(`TRUNCATE ${SEEDED_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
  } else if (await isSeeded(handle)) {
    throw new DatabaseNotEmptyError();
  }

  // Photos first: the slowest part on a first run, reused from storage afterwards.
  const poolSize = options.photos ?? Math.min(240, Math.max(24, Math.round(total / 120)));
  const pool = await buildPhotoPool(storage, {
    size: poolSize,
    seed: seedText,
    onProgress: (done, all) => progress('photos', done, all),
  });
  lap('photos');

  // Bulk rows go through COPY on both drivers; drizzle INSERTs when asked for (method 'insert').
  const bulk = (batch: number): RowSink =>
    method === 'insert'
      ? new InsertSink(db, batch)
      : handle.pglite
        ? new PgliteCopySink(handle.pglite, batch)
        : new CopySink(handle.pool as NonNullable<DatabaseHandle['pool']>, batch, options.skipTriggers);
  const ref = bulk(20_000);

  // Exchange rates (spec 9 currencies).
  for (const currency of CURRENCIES) {
    await ref.add(schema.exchangeRates, {
      currency,
      rateToCzk: DEFAULT_RATES.rates[currency],
      source: 'seed',
      updatedAt: now,
    });
  }

  // Gazetteer.
  const gazetteer = buildGazetteer();
  for (const l of gazetteer.all) {
    await ref.add(schema.locations, {
      id: l.id,
      kind: l.kind,
      parentId: l.parentId,
      countryCode: l.countryCode,
      geonamesId: l.geonamesId,
      population: l.population,
      latitude: l.latitude,
      longitude: l.longitude,
      createdAt: now,
    });
  }
  await ref.flush();
  const names = locationNameRows(gazetteer);
  for (const [i, row] of names.entries()) {
    await ref.add(schema.locationNames, { id: i + 1, ...row });
  }
  await ref.flush();
  lap('locations');
  progress('locations', gazetteer.all.length, gazetteer.all.length);

  // Points of interest around the larger cities.
  const poiRandom = root.fork('poi');
  let poiId = 1;
  for (const list of gazetteer.cities.values()) {
    for (const city of list.slice(0, 40)) {
      const count = Math.min(60, Math.max(6, Math.round(Math.sqrt(city.population) / 12)));
      for (let i = 0; i < count; i++) {
        const kind = poiRandom.weighted(
          Object.keys(POI_NAMES).map(
            (k) => [k, k === 'bus_stop' || k === 'restaurant' || k === 'supermarket' ? 3 : 1] as const,
          ),
        ) as keyof typeof POI_NAMES;
        if (kind === 'metro_station' && city.population < 500_000) continue;
        const km = Math.min(6, 0.5 + Math.sqrt(city.population) / 300);
        await ref.add(schema.pointsOfInterest, {
          id: poiId++,
          kind,
          name: poiRandom.pick(POI_NAMES[kind] ?? ['Place']),
          cityLocationId: city.id,
          latitude: city.latitude + (poiRandom.normal() * km) / 111.2,
          longitude:
            city.longitude + (poiRandom.normal() * km) / (111.2 * Math.cos((city.latitude * Math.PI) / 180)),
          createdAt: now,
        });
      }
    }
  }
  await ref.flush();
  lap('points_of_interest');

  // Sellers of all five types, spread over the markets, each with an owner account and contacts.
  const sellerRandom = root.fork('sellers');
  const sellerCount = Math.min(50_000, Math.max(40, Math.round(total / 15)));
  const totalWeight = MARKETS.reduce((s, m) => s + m.weight, 0);
  const passwordHash = await hash(DEMO_PASSWORD, { ...ARGON2_OPTIONS, salt: saltFor(seedText, 'demo') });
  // Generated sellers' accounts get a hash of a secret nobody knows: they cannot sign in.
  const lockedHash = await hash(`${seedText}:${root.fork('locked').hex(32)}`, {
    ...ARGON2_OPTIONS,
    salt: saltFor(seedText, 'locked'),
  });
  const sellers: SellerRef[] = [];
  let contactId = 1;
  const addSeller = async (
    id: number,
    userId: number,
    type: SellerType,
    country: (typeof MARKETS)[number]['code'],
    r: Random,
    account: { email: string; hash: string; isAdmin?: boolean; name?: string; first?: string; last?: string },
  ) => {
    const people = namesFor(country);
    const first = account.first ?? r.pick(people.first);
    const last = account.last ?? r.pick(people.last);
    const cityName = gazetteer.cities.get(country)?.[r.int(0, 4)]?.name ?? country;
    const company = type !== 'private';
    const name =
      account.name ??
      (company
        ? r.pick(people.agency).replace('{last}', last).replace('{city}', cityName)
        : `${first} ${last}`);
    const rating =
      type === 'private' && r.bool(0.5)
        ? null
        : Math.round(clampNum(4.1 + r.normal() * 0.55, 1, 5) * 10) / 10;
    const trustScore = Math.round(
      clampNum(
        (type === 'developer'
          ? 80
          : type === 'agency'
            ? 72
            : type === 'broker'
              ? 65
              : type === 'private'
                ? 55
                : 50) +
          r.normal() * 15,
        0,
        100,
      ),
    );
    await ref.add(schema.sellers, {
      id,
      sellerType: type,
      name,
      registrationNumber: company ? String(r.int(10_000_000, 99_999_999)) : null,
      website: company ? `https://www.${slugPart(name)}.example` : null,
      countryCode: country,
      rating,
      ratingCount: rating === null ? 0 : r.int(1, 400),
      trustScore,
      isVerified: company && r.bool(0.6),
      createdAt: now,
      updatedAt: now,
    });
    const contactIds: number[] = [];
    for (let c = company ? r.int(1, 3) : 1; c > 0; c--) {
      const cFirst = c === 1 ? first : r.pick(people.first);
      const cLast = c === 1 ? last : r.pick(people.last);
      contactIds.push(contactId);
      await ref.add(schema.sellerContacts, {
        id: contactId++,
        sellerId: id,
        contactName: `${cFirst} ${cLast}`,
        contactEmail: `${slugPart(cFirst)}.${slugPart(cLast)}${id}@${company ? `${slugPart(name)}.example` : 'mail.example'}`,
        contactEmailSecond: company && r.bool(0.3) ? `info@${slugPart(name)}.example` : null,
        contactPhone: phoneFor(country, r),
        contactPhoneSecond: r.bool(0.2) ? phoneFor(country, r) : null,
        createdAt: now,
      });
    }
    sellers.push({ id, userId, sellerType: type, rating, trustScore, contactIds, countryCode: country });
    return { first, last, name, company };
  };

  // Demo accounts (issue 3 item 5): a person, an agency and an admin, credentials printed by the CLI.
  const demoRandom = root.fork('demo');
  const demoPerson = await addSeller(1, 1, 'private', 'CZ', demoRandom, {
    email: DEMO_ACCOUNTS.person,
    hash: passwordHash,
    first: 'Jana',
    last: 'Nováková',
  });
  const demoAgency = await addSeller(2, 2, 'agency', 'CZ', demoRandom, {
    email: DEMO_ACCOUNTS.agency,
    hash: passwordHash,
    name: 'Estately Demo Reality s.r.o.',
    first: 'Petr',
    last: 'Svoboda',
  });
  await ref.flush(); // users reference sellers
  const userRow = (
    id: number,
    email: string,
    h: string,
    extra: Partial<typeof schema.users.$inferInsert>,
  ) => ({
    id,
    email,
    passwordHash: h,
    verified: true,
    verifiedAt: now,
    preferredLanguage: 'cs',
    preferredCurrency: 'CZK',
    createdAt: now,
    updatedAt: now,
    ...extra,
  });
  await ref.add(
    schema.users,
    userRow(1, DEMO_ACCOUNTS.person, passwordHash, {
      accountType: 'person',
      firstName: demoPerson.first,
      lastName: demoPerson.last,
      phoneNumber: '+420 601 234 567',
      addressCity: 'Praha',
      addressCountryCode: 'CZ',
      countryCode: 'CZ',
      sellerId: 1,
    }),
  );
  await ref.add(
    schema.users,
    userRow(2, DEMO_ACCOUNTS.agency, passwordHash, {
      accountType: 'company',
      firstName: demoAgency.first,
      lastName: demoAgency.last,
      companyName: demoAgency.name,
      companyRegistrationNumber: '12345678',
      addressStreet: 'Václavské náměstí',
      addressStreetNumbers: '1',
      addressZip: '110 00',
      addressCity: 'Praha',
      addressCountryCode: 'CZ',
      countryCode: 'CZ',
      sellerId: 2,
    }),
  );
  await ref.add(
    schema.users,
    userRow(3, DEMO_ACCOUNTS.admin, passwordHash, {
      accountType: 'person',
      firstName: 'Admin',
      lastName: 'Estately',
      isAdmin: true,
      preferredLanguage: 'en',
      countryCode: 'CZ',
    }),
  );

  const typeTable: readonly (readonly [SellerType, number])[] = [
    ['private', 45],
    ['agency', 30],
    ['broker', 12],
    ['developer', 8],
    ['other', 5],
  ];
  let nextSeller = 3;
  for (const market of MARKETS) {
    const count = Math.max(SELLER_TYPES.length, Math.round((sellerCount * market.weight) / totalWeight));
    for (let i = 0; i < count; i++) {
      const r = sellerRandom.fork(nextSeller);
      // Every market gets every seller type once, then the usual mix.
      const type = i < SELLER_TYPES.length ? (SELLER_TYPES[i] as SellerType) : r.weighted(typeTable);
      const id = nextSeller++;
      const userId = id + 1; // users 1..3 are the demo accounts
      const s = await addSeller(id, userId, type, market.code, r, { email: '', hash: lockedHash });
      await ref.add(
        schema.users,
        userRow(userId, `seller${id}@sellers.estately.test`, lockedHash, {
          accountType: s.company ? 'company' : 'person',
          firstName: s.first,
          lastName: s.last,
          companyName: s.company ? s.name : null,
          preferredLanguage: market.locales[0]?.[0] ?? 'en',
          preferredCurrency: market.currency,
          countryCode: market.code,
          sellerId: id,
        }),
      );
    }
  }
  await ref.flush();
  // The demo agency's public company profile (issue 38 point 12): its page and its offers'
  // seller box show it. Users 1..3 are the demo accounts; the agency is user 2. One row, written
  // by drizzle on either sink (COPY would write a JS array as a PostgreSQL array, not jsonb).
  await db.insert(schema.companyProfiles).values({
    userId: 2,
    name: demoAgency.name,
    street: 'Václavské náměstí 1',
    city: 'Praha',
    postcode: '110 00',
    countryCode: 'CZ',
    registrationNumber: '12345679',
    website: 'https://www.estately-demo-reality.example',
    phone: '+420 601 234 568',
    descriptions: [
      {
        locale: 'cs',
        text: 'Realitní kancelář v centru Prahy. Prodáváme a pronajímáme byty a domy v Praze a okolí, pomůžeme s prohlídkami i smlouvami.',
      },
      {
        locale: 'en',
        text: 'An estate agency in the centre of Prague. We sell and let apartments and houses in and around Prague and help with viewings and contracts.',
      },
    ],
    createdAt: now,
    updatedAt: now,
  });
  lap('sellers');
  progress('sellers', sellers.length, sellers.length);

  // Properties, offers, photos and price history.
  const generator = new OfferGenerator(
    seedText,
    gazetteer,
    sellers.slice(2),
    { person: sellers[0] as SellerRef, agency: sellers[1] as SellerRef },
    pool,
    now,
  );
  const sink = bulk(handle.pglite ? 10_000 : 40_000);
  const deferIndexes = options.deferIndexes ?? (method === 'copy' && total >= 100_000);
  const deferred = deferIndexes
    ? await dropSecondaryIndexes(handle, ['properties', 'offers', 'property_media', 'price_history'])
    : [];
  let active = 0;
  const activeIds: number[] = [];
  /** When the first active offers were activated: their demo statistics start then. */
  const activatedAt = new Map<number, Date>();
  // The map cells and facet counts of the read model are added up in one statement each after
  // the load rather than by their triggers, batch by batch, and a fresh load logs no facet
  // changes: no index has seen the offers before (docs/decisions/012, 025).
  await handle.exec('ALTER TABLE offers DISABLE TRIGGER offers_map_cells_follow');
  await handle.exec('ALTER TABLE offers DISABLE TRIGGER offers_facet_counts_insert');
  await handle.exec('ALTER TABLE offers DISABLE TRIGGER offers_facet_log_insert');
  try {
    for (let i = 0; i < total; i++) {
      const g = generator.generate(i);
      await sink.add(schema.properties, g.property);
      if (g.offer) {
        await sink.add(schema.offers, g.offer);
        active++;
        if (activeIds.length < 200) {
          activeIds.push(g.property.id);
          activatedAt.set(g.property.id, g.offer.activatedAt);
        }
      }
      for (const m of g.media) await sink.add(schema.propertyMedia, m);
      for (const p of g.prices) await sink.add(schema.priceHistory, p);
      if ((i + 1) % 1000 === 0 || i + 1 === total) progress('offers', i + 1, total);
    }
    await sink.flush();
  } finally {
    await handle.exec('ALTER TABLE offers ENABLE TRIGGER offers_map_cells_follow');
    await handle.exec('ALTER TABLE offers ENABLE TRIGGER offers_facet_counts_insert');
    await handle.exec('ALTER TABLE offers ENABLE TRIGGER offers_facet_log_insert');
  }
  await handle.exec('SELECT offer_map_cells_rebuild()');
  await handle.exec('SELECT offer_facet_counts_rebuild()');
  lap('offers');
  if (deferred.length > 0) {
    await rebuildIndexes(handle, deferred);
    lap('indexes');
  }

  // Content: legal articles in every locale (English where no translation exists) and blog posts.
  const { LOCALES, languageOf } = await import('@estately/domain');
  let articleId = 1;
  for (const locale of LOCALES) {
    const texts = ARTICLE_TEXTS[languageOf(locale)] ?? ARTICLE_TEXTS.en;
    for (const key of ['terms', 'cookie-policy', 'privacy-policy'] as const) {
      const t = texts?.[key] ?? ARTICLE_TEXTS.en?.[key];
      if (!t) continue;
      await ref.add(schema.articles, {
        id: articleId++,
        key,
        locale,
        slug: key,
        title: t.title,
        body: t.body,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  let blogId = 1;
  for (const [i, post] of BLOG_POSTS.entries()) {
    for (const [locale, t] of Object.entries(post.texts)) {
      await ref.add(schema.blogPosts, {
        id: blogId++,
        groupKey: post.key,
        locale,
        slug: slugPart(t.title),
        title: t.title,
        excerpt: t.excerpt,
        body: t.body,
        coverImageKey: pool[i % Math.max(1, pool.length)]?.variants.card ?? null,
        publishedAt: new Date(now.getTime() - (i + 1) * 9 * 86_400_000),
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  await ref.add(schema.redirects, {
    id: 1,
    fromPath: '/cs/nabidky',
    toUrl: '/cs/inzeraty',
    statusCode: 301,
    createdAt: now,
  });
  await ref.add(schema.redirects, {
    id: 2,
    fromPath: '/en/offers',
    toUrl: '/en/listings',
    statusCode: 301,
    createdAt: now,
  });

  // The demo person's favourites and watch-dogs, and a lead for the demo agency.
  const favouriteIds = activeIds.filter((id) => id > 30).slice(0, 5);
  for (const [i, offerId] of favouriteIds.entries()) {
    await ref.add(schema.favourites, {
      id: i + 1,
      userId: 1,
      offerId,
      createdAt: new Date(now.getTime() - i * 3_600_000),
    });
  }
  await ref.add(schema.savedSearches, {
    id: 1,
    userId: 1,
    name: 'Byty 2+kk Praha',
    filters: {
      offer_type: 'sale',
      property_type: 'apartment',
      location_id: gazetteer.cities.get('CZ')?.[0]?.id,
      disposition: ['2'],
    },
    searchPath: '/cs/hledani/prodej/byty/cesko/praha?disposition=2',
    frequency: 'daily',
    locale: 'cs',
    currency: 'CZK',
    createdAt: now,
    updatedAt: now,
  });
  await ref.add(schema.savedSearches, {
    id: 2,
    userId: 1,
    name: 'Pronájem Brno',
    filters: { offer_type: 'rent', property_type: 'apartment' },
    searchPath: '/cs/hledani/pronajem/byty/cesko/brno',
    frequency: 'weekly',
    locale: 'cs',
    currency: 'CZK',
    createdAt: now,
    updatedAt: now,
  });
  const agencyOffer = activeIds.find((id) => id > 6 && id <= 30);
  if (agencyOffer) {
    // The conversation of this buyer about this offer (issue 38 point 10).
    await ref.add(schema.leadThreads, {
      id: 1,
      propertyId: agencyOffer,
      ownerId: 2,
      buyerUserId: 1,
      buyerKey: 'user:1',
      buyerName: 'Jana Nováková',
      buyerEmail: DEMO_ACCOUNTS.person,
      buyerPhone: '+420 601 234 567',
      buyerLocale: 'cs',
      status: 'new',
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await ref.flush(); // the lead references the thread
    await ref.add(schema.leads, {
      id: 1,
      threadId: 1,
      propertyId: agencyOffer,
      ownerId: 2,
      senderUserId: 1,
      source: 'offer_message',
      status: 'new',
      name: 'Jana Nováková',
      email: DEMO_ACCOUNTS.person,
      phone: '+420 601 234 567',
      message: 'Dobrý den, je byt stále k dispozici? Ráda bych se přišla podívat.',
      locale: 'cs',
      createdAt: now,
      updatedAt: now,
    });
    await ref.flush(); // the message references the lead
    await ref.add(schema.offerMessages, {
      id: 1,
      leadId: 1,
      threadId: 1,
      senderUserId: 1,
      fromOwner: false,
      body: 'Dobrý den, je byt stále k dispozici? Ráda bych se přišla podívat.',
      createdAt: now,
    });
  }
  // Demo statistics (issue 38 point 11), SEED DATA ONLY, never counted from visits: up to 90
  // days of plausible daily detail views (busier at weekends), contact reveals and favourites
  // for the first active offers (the demo accounts' among them), from their activation on, so
  // the statistics page has a history and comparable offers. Real counting starts when the
  // portal runs (offer_view_stats, written by the API).
  const statsRandom = root.fork('view-stats');
  for (const offerId of activeIds.slice(0, 150)) {
    const r = statsRandom.fork(offerId);
    const base = r.float(3, 45);
    const since = activatedAt.get(offerId)?.getTime() ?? now.getTime();
    for (let daysAgo = 89; daysAgo >= 0; daysAgo--) {
      const at = now.getTime() - daysAgo * 86_400_000;
      if (at < since - 86_400_000) continue;
      const weekday = new Date(at).getUTCDay();
      const views = Math.round(base * (weekday === 0 || weekday === 6 ? 1.3 : 1) * r.float(0.5, 1.5));
      if (views === 0) continue;
      await ref.add(schema.offerViewStats, {
        propertyId: offerId,
        day: new Date(at).toISOString().slice(0, 10),
        detailViews: views,
        contactViews: r.int(0, Math.round(views / 8)),
        favouritesAdded: r.bool(Math.min(0.5, views / 150)) ? 1 : 0,
      });
    }
  }
  await ref.flush();
  lap('content');

  // Identity sequences continue after the explicit ids.
  for (const table of SEEDED_TABLES) {
    if (['offers', 'offer_view_stats', 'offer_view_visitors', 'exchange_rates'].includes(table)) continue;
    await handle.exec(
      `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest(1, (select coalesce(max(id), 0) from "${table}")), (select count(*) > 0 from "${table}"))`,
    );
  }
  // Every offer's trust signals from the seeded data (decision 066), as the recompute step does.
  await refreshLocalityPriceMedians(handle.db);
  await recomputeAllTrust(handle.db);
  lap('trust');
  // The price map's figures (issue 44 point 5, decision 073), as the worker's job computes them.
  await refreshPriceMapMedians(handle.db);
  lap('price_map');
  // VACUUM as well: it flushes the GIN indexes' pending lists (trigram autocomplete, array
  // filters) and marks pages all-visible for index-only scans after the bulk load.
  await handle.exec('VACUUM ANALYZE');
  lap('finish');

  const counts: Record<string, number> = {};
  for (const [name, n] of ref.written) counts[name] = (counts[name] ?? 0) + n;
  for (const [name, n] of sink.written) counts[name] = (counts[name] ?? 0) + n;
  return {
    counts,
    activeOffers: active,
    elapsedMs: Math.round(performance.now() - started),
    timings,
    method,
  };
}

/** Drops the non-unique, non-primary-key indexes of the tables and returns their definitions. */
async function dropSecondaryIndexes(handle: DatabaseHandle, tables: string[]): Promise<string[]> {
  const rows = await handle.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = any($1) and not x.indisunique and not x.indisprimary`,
    [tables],
  );
  for (const row of rows) await handle.exec(`drop index if exists "${row.indexname}"`);
  return rows.map((r) => r.indexdef);
}

/** Builds the dropped indexes again, two at a time (each one in its own session). */
async function rebuildIndexes(handle: DatabaseHandle, definitions: string[]): Promise<void> {
  const pool = handle.pool;
  if (!pool) {
    for (const definition of definitions) await handle.exec(definition);
    return;
  }
  const queue = [...definitions];
  const worker = async () => {
    const client = await pool.connect();
    try {
      await client.query("set maintenance_work_mem = '512MB'");
      for (let definition = queue.shift(); definition; definition = queue.shift())
        await client.query(definition);
    } finally {
      await client.query('reset maintenance_work_mem').catch(() => {});
      client.release();
    }
  };
  await Promise.all([worker(), worker()]);
}

function saltFor(seed: string, label: string): Uint8Array {
  const r = new Random(`salt:${seed}:${label}`);
  return Uint8Array.from({ length: 16 }, () => r.int(0, 255));
}

function clampNum(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

function slugPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function phoneFor(country: string, r: Random): string {
  const prefix: Record<string, string> = {
    CZ: '+420',
    SK: '+421',
    AT: '+43',
    DE: '+49',
    PL: '+48',
    GB: '+44',
    US: '+1',
  };
  return `${prefix[country] ?? '+3'} ${r.int(600, 799)} ${r.int(100, 999)} ${r.int(100, 999)}`;
}

export { buildGazetteer, locationNameRows } from './gazetteer.ts';
export { buildPhotoPool, poolPhotoSvg } from './photo-pool.ts';
export { plantedCopy, plantedScene } from './planted-photos.ts';
export { Random } from './random.ts';
// The demo descriptions, for benchmarks that need honest texts in the seed's languages.
export { DESCRIPTION_LANGUAGES, describeOffer } from './texts.ts';
