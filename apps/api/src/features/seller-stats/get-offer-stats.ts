import { type Db, favourites, leads, offerViewStats, properties } from '@estately/db';
import { type OfferStatsResponse, SELLER_STATS_DAYS } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { queryRows } from '../search/offer-conditions.ts';
import { offerPosition } from './offer-position.ts';
import { statsWindow } from './stats-window.ts';

/**
 * GET /my/offers/{id}/stats: one of the caller's properties, day by day over the last 30 days
 * (or `days`; zero days included, oldest first): detail views, contact reveals, favourites
 * added and leads (by the lead's creation time), all on UTC days; and its position among
 * comparable offers (issue 38 point 11). Another owner's property, or an unknown id, is 404.
 */
export async function getOfferStats(options: {
  db: Db;
  ownerId: number;
  id: number;
  days?: number;
  now?: Date;
}): Promise<OfferStatsResponse> {
  const { db, ownerId, id } = options;
  const windowDays = options.days ?? SELLER_STATS_DAYS;
  const { from, to } = statsWindow(options.now ?? new Date(), windowDays);
  const [property] = await db
    .select({
      id: properties.id,
      offerType: properties.offerType,
      propertyType: properties.propertyType,
      street: properties.street,
      city: properties.city,
      state: properties.state,
      favorites: sql<number>`(select count(*) from ${favourites} f where f.offer_id = ${id})::int`,
    })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.ownerId, ownerId)));
  if (!property) throw new AppError('not_found');

  const days = await queryRows<{
    day: string;
    views: number;
    contact_views: number;
    favorites_added: number;
    leads: number;
  }>(
    db,
    sql`
      select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce(s.detail_views, 0)::int as views,
        coalesce(s.contact_views, 0)::int as contact_views,
        coalesce(s.favourites_added, 0)::int as favorites_added,
        (select count(*) from ${leads} l
          where l.property_id = ${id} and l.created_at >= d.day and l.created_at < d.day + interval '1 day')::int as leads
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join ${offerViewStats} s on s.property_id = ${id} and s.day = d.day::date
      order by d.day
    `,
  );
  const series = days.map((day) => ({
    day: day.day,
    views: Number(day.views),
    contact_views: Number(day.contact_views),
    favorites_added: Number(day.favorites_added),
    leads: Number(day.leads),
  }));
  const totals = { views: 0, contact_views: 0, favorites_added: 0, leads: 0 };
  for (const day of series) {
    totals.views += day.views;
    totals.contact_views += day.contact_views;
    totals.favorites_added += day.favorites_added;
    totals.leads += day.leads;
  }
  return {
    offer_id: property.id,
    offer_type: property.offerType as OfferStatsResponse['offer_type'],
    property_type: property.propertyType as OfferStatsResponse['property_type'],
    street: property.street,
    city: property.city,
    state: property.state,
    favorites: Number(property.favorites),
    totals,
    from,
    to,
    days: series,
    position: await offerPosition({ db, id, from, to, views: totals.views, windowDays }),
  };
}
