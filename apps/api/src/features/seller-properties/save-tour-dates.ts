import { type Db, propertyTourDates } from '@estately/db';
import type { SaveTourDatesBody, TourDate } from '@estately/domain';
import { and, asc, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, loadOwnProperty } from './load-own-property.ts';
import { toTourDate } from './property-view.ts';

/**
 * POST /v1/property/save-tour-dates: the viewing slots a seller offers (visitors book one by
 * message). The list replaces the property's upcoming slots; past ones stay as a record.
 * Times are UTC (HH:MM); every slot must start in the future (`validation.invalid_date` on its
 * `date`), end after it starts and take at least one visitor. Overlapping slots are refused
 * (`validation.invalid_value` on the later one's `from`).
 */
export async function saveTourDates(options: {
  db: Db;
  actor: Actor;
  body: SaveTourDatesBody;
  now?: Date;
}): Promise<TourDate[]> {
  const { db, actor, body } = options;
  const now = options.now ?? new Date();
  const slots = body.tour_dates.map((slot, index) => ({
    index,
    startsAt: new Date(`${slot.date}T${slot.from}:00Z`),
    endsAt: new Date(`${slot.date}T${slot.to}:00Z`),
    capacity: slot.capacity,
  }));
  const errors: Record<string, string[]> = {};
  for (const slot of slots) {
    if (slot.startsAt <= now) errors[`tour_dates.${slot.index}.date`] = ['validation.invalid_date'];
  }
  const sorted = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1];
    const slot = sorted[i];
    if (previous && slot && slot.startsAt < previous.endsAt)
      errors[`tour_dates.${slot.index}.from`] = ['validation.invalid_value'];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation_errors', { errors });

  return db.transaction(async (tx) => {
    await loadOwnProperty(tx, body.property_id, actor);
    await tx
      .delete(propertyTourDates)
      .where(and(eq(propertyTourDates.propertyId, body.property_id), gt(propertyTourDates.startsAt, now)));
    if (sorted.length > 0) {
      await tx.insert(propertyTourDates).values(
        sorted.map((slot) => ({
          propertyId: body.property_id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          capacity: slot.capacity,
        })),
      );
    }
    const rows = await tx
      .select()
      .from(propertyTourDates)
      .where(eq(propertyTourDates.propertyId, body.property_id))
      .orderBy(asc(propertyTourDates.startsAt));
    return rows.map(toTourDate);
  });
}
