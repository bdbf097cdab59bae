import { type DbOrTx, priceHistory, properties } from '@estately/db';
import {
  floorAboveTotal,
  type PropertyFields,
  publishProblems,
  utilitiesStatedTwice,
} from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { reviewOfferScams } from '../scam-flags/review-offer-scams.ts';
import { geocodeAddress } from './geocode-address.ts';
import { areaInMeters, columnsToFields, fieldsToColumns } from './property-columns.ts';
import { syncOfferRow } from './sync-offer-row.ts';

type PropertyRow = typeof properties.$inferSelect;

/**
 * Applies changed fields to a stored property inside the caller's transaction: derived values
 * (area in metres, gazetteer location and coordinates), the publish check when the property is
 * public (an active offer may not lose a required field), a price-history entry when the price
 * changes, and the offers row. `changes` holds only the fields the request set.
 */
export async function writeProperty(
  tx: DbOrTx,
  current: PropertyRow,
  changes: PropertyFields,
): Promise<void> {
  const merged: PropertyFields = { ...columnsToFields(current), ...changes };
  const columns = fieldsToColumns(changes);

  if ('useful_area' in changes || 'useful_area_units' in changes) {
    columns.usefulAreaMeters = areaInMeters(merged.useful_area ?? null, merged.useful_area_units ?? 'm2');
  }

  const addressChanged = 'city' in changes || 'city_part' in changes || 'country_code' in changes;
  const coordinatesGiven = changes.latitude != null && changes.longitude != null;
  if (
    'latitude' in changes !== 'longitude' in changes ||
    (merged.latitude == null) !== (merged.longitude == null)
  ) {
    throw new AppError('validation_errors', {
      errors: { [merged.latitude == null ? 'latitude' : 'longitude']: ['validation.coordinates_incomplete'] },
    });
  }
  if (addressChanged || (!coordinatesGiven && merged.latitude == null)) {
    const found = await geocodeAddress(tx, {
      countryCode: merged.country_code ?? current.countryCode,
      city: merged.city ?? null,
      cityPart: merged.city_part ?? null,
    });
    columns.locationId = found.locationId;
    // Coordinates the owner typed win over the gazetteer's city centre.
    if (!coordinatesGiven && (addressChanged || merged.latitude == null)) {
      columns.latitude = found.latitude;
      columns.longitude = found.longitude;
      merged.latitude = found.latitude;
      merged.longitude = found.longitude;
    }
  }

  // On the merged values: a save of the floor alone cannot go above the stored total floors.
  if (floorAboveTotal(merged)) {
    throw new AppError('validation_errors', { errors: { floor: ['validation.floor_above_total'] } });
  }
  // Likewise: ticking "utilities included" cannot leave a stored utilities estimate on top (decision 074).
  if (utilitiesStatedTwice(merged)) {
    throw new AppError('validation_errors', {
      errors: { monthly_utilities: ['validation.utilities_included'] },
    });
  }

  if (current.state === 'active') {
    const problems = publishProblems(merged);
    if (Object.keys(problems).length > 0) throw new AppError('validation_errors', { errors: problems });
  }

  if (Object.keys(columns).length === 0) return;
  await tx
    .update(properties)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(properties.id, current.id));

  const priceChanged =
    ('price' in changes && changes.price !== current.price) ||
    ('currency_iso_code' in changes && changes.currency_iso_code !== current.currency);
  if (priceChanged && merged.price != null) {
    await tx
      .insert(priceHistory)
      .values({ propertyId: current.id, price: merged.price, currency: merged.currency_iso_code ?? 'CZK' });
  }
  await syncOfferRow(tx, current.id);
  // The scam rules (decision 067) on what a public offer now says, in the same transaction.
  await reviewOfferScams(tx, current.id);
}
