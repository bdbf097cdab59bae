import {
  type DbOrTx,
  lastPriceReduction,
  offers,
  priceHistory,
  projectOfferRow,
  properties,
  propertyMedia,
  scoreOffers,
  sellers,
  storeTrustSignals,
  users,
} from '@estately/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { assignPropertyGroup } from '../property-groups/assign-property-group.ts';
import { locationPath } from './geocode-address.ts';

/**
 * Writes the public offers row of a property from its current values through `projectOfferRow`
 * (the one projection, docs/decisions/012). Called inside the transaction of every property
 * write, so search sees the change when it commits. A property never activated has no row
 * (nothing public to describe); one that left the active state keeps a row with `is_public`
 * false, so favourites and leads still name it while search leaves it out. The offer's trust
 * signals are computed here too (decision 066), so the trust-score filter sees verification,
 * photos and reports at once, and whether the last price change lowered the price (the
 * "reduced" badge).
 */
export async function syncOfferRow(tx: DbOrTx, propertyId: number): Promise<void> {
  const [property] = await tx.select().from(properties).where(eq(properties.id, propertyId));
  if (!property) return;
  if (!property.activatedAt) {
    await tx.delete(offers).where(eq(offers.id, propertyId));
    return;
  }
  const [seller] = property.sellerId
    ? await tx
        .select({
          id: sellers.id,
          sellerType: sellers.sellerType,
          rating: sellers.rating,
          trustScore: sellers.trustScore,
        })
        .from(sellers)
        .where(eq(sellers.id, property.sellerId))
    : [];
  // Without a seller record the owner account's kind of company is the seller type (issue 42).
  const [owner] = seller
    ? []
    : await tx
        .select({ companyKind: users.companyKind, rating: users.sellerRating })
        .from(users)
        .where(eq(users.id, property.ownerId));
  const photos = await tx
    .select({
      id: propertyMedia.id,
      variants: propertyMedia.variants,
      roomType: propertyMedia.roomType,
      kind: propertyMedia.kind,
    })
    .from(propertyMedia)
    // Only photos whose variants exist count and show (issue 38 defect 4: the job worker makes them).
    .where(and(eq(propertyMedia.propertyId, propertyId), eq(propertyMedia.status, 'ready')))
    .orderBy(desc(propertyMedia.isMain), asc(propertyMedia.position), asc(propertyMedia.id))
    .then((rows) =>
      rows.flatMap((photo) => (photo.variants ? [{ ...photo, variants: photo.variants }] : [])),
    );
  // The last two price changes decide the "reduced" badge (issue 39 point 12).
  const lastPrices = await tx
    .select({ price: priceHistory.price, currency: priceHistory.currency, changedAt: priceHistory.changedAt })
    .from(priceHistory)
    .where(eq(priceHistory.propertyId, propertyId))
    .orderBy(desc(priceHistory.changedAt), desc(priceHistory.id))
    .limit(2);
  const row = projectOfferRow(
    property,
    seller ?? null,
    await loadExchangeRates(tx as Parameters<typeof loadExchangeRates>[0]),
    {
      // A floor plan is never the card's main photo (issue 38 point 13): the first photo that is not one.
      photos: { count: photos.length, main: photos.find((photo) => photo.kind === 'photo') ?? null },
      locationPath: await locationPath(tx, property.locationId),
      priceReduction: lastPriceReduction(lastPrices.reverse(), property.publishedAt),
      companyKind: owner?.companyKind ?? null,
    },
  );
  // The offer's trust signals from the values just projected (decision 066): the sum stands in
  // the read model for the trust-score filter, the signals beside it for the offer page.
  const trust = (await scoreOffers(tx, [row])).get(row.id);
  if (trust) row.sellerTrustScore = trust.score;
  // Without a seller profile the owner account's own rating is the seller's (decision 066).
  if (!seller) row.sellerRating = owner?.rating ?? null;
  const { id: _id, ...changes } = row;
  await tx.insert(offers).values(row).onConflictDoUpdate({ target: offers.id, set: changes });
  if (trust) await storeTrustSignals(tx, new Map([[row.id, trust]]));
  // The offer's group of the same property (decision 068): found on write, never by search.
  await assignPropertyGroup(tx, propertyId);
}
