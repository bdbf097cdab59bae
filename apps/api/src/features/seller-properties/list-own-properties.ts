import {
  type Db,
  favourites,
  isUnconfirmedProperty,
  leads,
  offers,
  offerViewStats,
  properties,
  propertyMedia,
} from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  type MyPropertiesSort,
  type MyPropertyItem,
  myPropertiesMeta,
  type OfferType,
  type PageMeta,
  type PropertyState,
  type PropertyType,
} from '@estately/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { ownerReviewView } from '../scam-flags/owner-review-view.ts';
import { propertyEtag } from './property-etag.ts';

const ORDER_BY: Record<MyPropertiesSort, SQL[]> = {
  newest: [sql`${properties.createdAt} desc`, sql`${properties.id} desc`],
  oldest: [sql`${properties.createdAt} asc`, sql`${properties.id} asc`],
  updated: [sql`${properties.updatedAt} desc`, sql`${properties.id} desc`],
  price_asc: [sql`${properties.price} asc nulls last`, sql`${properties.id} desc`],
  price_desc: [sql`${properties.price} desc nulls last`, sql`${properties.id} desc`],
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search of my offers: every word must appear (accents and case ignored) in the street,
 * city, city part or postcode; a number alone (`123`, `#123`) also finds the offer
 * with that id, the number a seller quotes from the offer's address.
 */
function textCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const haystack = sql`search_normalize(concat_ws(' ', ${properties.street}, ${properties.city}, ${properties.cityPart}, ${properties.zip}))`;
  const allWords = and(
    ...words.map((word) => sql`${haystack} like '%' || search_normalize(${likeLiteral(word)}) || '%'`),
  );
  const number = /^#?([1-9]\d{0,15})$/.exec(q.trim())?.[1];
  return number && Number.isSafeInteger(Number(number))
    ? sql`(${properties.id} = ${Number(number)} or ${allWords})`
    : allWords;
}

/**
 * GET /my/own/properties: the caller's properties, optionally of one state, offer type and
 * property type and matching a search text, in the chosen order (newest first by default),
 * paged with the total, each with its statistics (detail views, current favourites, leads;
 * read-only from the engagement tables) and the strike reason if an admin struck it.
 */
export async function listOwnProperties(options: {
  db: Db;
  storage: MediaStorage;
  ownerId: number;
  page: number;
  perPage: number;
  state?: PropertyState;
  offerType?: OfferType;
  propertyType?: PropertyType;
  q?: string;
  sort?: MyPropertiesSort;
}): Promise<{ data: MyPropertyItem[]; meta: PageMeta }> {
  const { db, storage, ownerId, page, perPage } = options;
  const where = and(
    eq(properties.ownerId, ownerId),
    options.state ? eq(properties.state, options.state) : undefined,
    options.offerType ? eq(properties.offerType, options.offerType) : undefined,
    options.propertyType ? eq(properties.propertyType, options.propertyType) : undefined,
    options.q ? textCondition(options.q) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(properties).where(where),
    db
      .select()
      .from(properties)
      .where(where)
      .orderBy(...ORDER_BY[options.sort ?? 'newest'])
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const ids = rows.map((row) => row.id);
  // One grouped query per statistic for the page's ids (a page is at most 100 rows).
  const [mains, views, favs, leadCounts, behind] = ids.length
    ? await Promise.all([
        // Each property's main photo: the first that is not a floor plan (issue 38 point 13).
        db
          .selectDistinctOn([propertyMedia.propertyId], {
            propertyId: propertyMedia.propertyId,
            variants: propertyMedia.variants,
          })
          .from(propertyMedia)
          .where(and(inArray(propertyMedia.propertyId, ids), eq(propertyMedia.kind, 'photo')))
          .orderBy(
            propertyMedia.propertyId,
            desc(propertyMedia.isMain),
            asc(propertyMedia.position),
            asc(propertyMedia.id),
          ),
        db
          .select({ id: offerViewStats.propertyId, n: sql<number>`sum(${offerViewStats.detailViews})::int` })
          .from(offerViewStats)
          .where(inArray(offerViewStats.propertyId, ids))
          .groupBy(offerViewStats.propertyId),
        db
          .select({ id: favourites.offerId, n: count() })
          .from(favourites)
          .where(inArray(favourites.offerId, ids))
          .groupBy(favourites.offerId),
        db
          .select({ id: leads.propertyId, n: count() })
          .from(leads)
          .where(inArray(leads.propertyId, ids))
          .groupBy(leads.propertyId),
        // Offers another offer of the same property shows in search (decision 068).
        db
          .select({ id: offers.id })
          .from(offers)
          .where(and(inArray(offers.id, ids), eq(offers.groupHidden, true))),
      ])
    : [[], [], [], [], []];
  const countOf = (list: { id: number; n: number }[], id: number) =>
    Number(list.find((c) => c.id === id)?.n ?? 0);
  const data = rows.map((row) => {
    const main = mains.find((m) => m.propertyId === row.id);
    return {
      id: row.id,
      state: row.state as MyPropertyItem['state'],
      offer_type: row.offerType as MyPropertyItem['offer_type'],
      property_type: row.propertyType as MyPropertyItem['property_type'],
      price: row.price,
      currency_iso_code: row.currency as MyPropertyItem['currency_iso_code'],
      city: row.city,
      street: row.street,
      disposition: row.disposition,
      useful_area_meters: row.usefulAreaMeters,
      main_photo: main?.variants ? variantUrls(storage, main.variants) : null,
      is_verified: row.isVerified,
      ...ownerReviewView(row),
      not_confirmed_recently: isUnconfirmedProperty(row),
      grouped_behind: behind.some((hidden) => hidden.id === row.id),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      activated_at: row.activatedAt ? row.activatedAt.toISOString() : null,
      statistics: {
        views: countOf(views, row.id),
        favourites: countOf(favs, row.id),
        leads: countOf(leadCounts, row.id),
      },
      etag: propertyEtag(row),
    };
  });
  return { data, meta: myPropertiesMeta(total?.n ?? 0, page, perPage) };
}
