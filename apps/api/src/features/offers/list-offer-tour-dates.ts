import { type Db, offers, properties, propertyTourDates } from '@estately/db';
import { type PublicTourDatesResponse, timeZoneOfCountry } from '@estately/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerNotFound } from './public-offer.ts';

/**
 * GET /public/offers/{id}/tour_dates: the viewing slots a visitor can still ask for (those
 * starting after `now`), earliest first, with the offer's time zone (from its country).
 */
export async function listOfferTourDates(options: {
  db: Db;
  id: number;
  now?: Date;
}): Promise<PublicTourDatesResponse> {
  const { db, id } = options;
  const now = options.now ?? new Date();
  const [offer] = await db
    .select({ countryCode: offers.countryCode })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!offer) throw offerNotFound();
  const rows = await db
    .select()
    .from(propertyTourDates)
    .where(and(eq(propertyTourDates.propertyId, id), gt(propertyTourDates.startsAt, now)))
    .orderBy(asc(propertyTourDates.startsAt));
  return {
    time_zone: timeZoneOfCountry(offer.countryCode),
    data: rows.map((row) => ({
      id: row.id,
      starts_at: row.startsAt.toISOString(),
      ends_at: (row.endsAt ?? row.startsAt).toISOString(),
      capacity: row.capacity,
    })),
  };
}
