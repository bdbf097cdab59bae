import { type Db, favourites, leads, offerViewStats, properties, propertyMedia } from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import { type MyPropertyItem, myPropertiesMeta, type PageMeta, type PropertyState } from '@estately/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { propertyEtag } from './property-etag.ts';

/**
 * GET /my/own/properties: the caller's properties in every state, newest first, paged, each
 * with its statistics (detail views, current favourites, leads; read-only from the engagement
 * tables) and the strike reason if an admin struck it.
 */
export async function listOwnProperties(options: {
  db: Db;
  storage: MediaStorage;
  ownerId: number;
  page: number;
  perPage: number;
  state?: PropertyState;
}): Promise<{ data: MyPropertyItem[]; meta: PageMeta }> {
  const { db, storage, ownerId, page, perPage } = options;
  const where = and(
    eq(properties.ownerId, ownerId),
    options.state ? eq(properties.state, options.state) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(properties).where(where),
    db
      .select()
      .from(properties)
      .where(where)
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const ids = rows.map((row) => row.id);
  // One grouped query per statistic for the page's ids (a page is at most 100 rows).
  const [mains, views, favs, leadCounts] = ids.length
    ? await Promise.all([
        db
          .select({ propertyId: propertyMedia.propertyId, variants: propertyMedia.variants })
          .from(propertyMedia)
          .where(and(inArray(propertyMedia.propertyId, ids), eq(propertyMedia.isMain, true))),
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
      ])
    : [[], [], [], []];
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
      main_photo: main ? variantUrls(storage, main.variants) : null,
      is_verified: row.isVerified,
      strike: row.struckAt ? { reason: row.strikeReason ?? '', struck_at: row.struckAt.toISOString() } : null,
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
