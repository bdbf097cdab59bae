import { type Db, favourites, leads, offerViewStats, properties } from '@estately/db';
import type { SellerStatsResponse } from '@estately/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { statsWindow } from './stats-window.ts';

/**
 * GET /my/offers/stats: for each of the caller's properties (any state, so a paused offer's
 * history stays visible), detail views, contact reveals, favourites added and leads over the last 30 days,
 * plus how many users have it as a favourite now; and the totals over all of them.
 */
export async function listSellerStats(options: {
  db: Db;
  ownerId: number;
  now?: Date;
}): Promise<SellerStatsResponse> {
  const { db, ownerId } = options;
  const { from, to } = statsWindow(options.now ?? new Date());
  const fromTs = `${from}T00:00:00Z`;
  const rows = await db
    .select({
      id: properties.id,
      offerType: properties.offerType,
      propertyType: properties.propertyType,
      street: properties.street,
      city: properties.city,
      state: properties.state,
      // Correlated subqueries spelled with explicit aliases: drizzle leaves columns of a
      // single-table select unqualified, which inside a subquery would bind to the inner table.
      views: sql<number>`coalesce((select sum(s.detail_views) from ${offerViewStats} s
        where s.property_id = properties.id and s.day between ${from}::date and ${to}::date), 0)::int`,
      contactViews: sql<number>`coalesce((select sum(s.contact_views) from ${offerViewStats} s
        where s.property_id = properties.id and s.day between ${from}::date and ${to}::date), 0)::int`,
      favoritesAdded: sql<number>`coalesce((select sum(s.favourites_added) from ${offerViewStats} s
        where s.property_id = properties.id and s.day between ${from}::date and ${to}::date), 0)::int`,
      leads: sql<number>`(select count(*) from ${leads} l
        where l.property_id = properties.id and l.created_at >= ${fromTs}::timestamptz)::int`,
      favorites: sql<number>`(select count(*) from ${favourites} f where f.offer_id = properties.id)::int`,
    })
    .from(properties)
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  const data = rows.map((row) => ({
    offer_id: row.id,
    offer_type: row.offerType as SellerStatsResponse['data'][number]['offer_type'],
    property_type: row.propertyType as SellerStatsResponse['data'][number]['property_type'],
    street: row.street,
    city: row.city,
    state: row.state,
    favorites: Number(row.favorites),
    totals: {
      views: Number(row.views),
      contact_views: Number(row.contactViews),
      favorites_added: Number(row.favoritesAdded),
      leads: Number(row.leads),
    },
  }));
  const totals = { views: 0, contact_views: 0, favorites_added: 0, leads: 0 };
  for (const item of data) {
    totals.views += item.totals.views;
    totals.contact_views += item.totals.contact_views;
    totals.favorites_added += item.totals.favorites_added;
    totals.leads += item.totals.leads;
  }
  return { from, to, totals, data };
}
