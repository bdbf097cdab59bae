import { type DbOrTx, offers, properties } from '@estately/db';
import type { Currency, PropertyGroup, PropertyState } from '@estately/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** The group an offer is in (its own id when alone: a group of one, id null); 404 for no offer row. */
export async function groupIdOf(tx: DbOrTx, offerId: number): Promise<number | null> {
  const [row] = await tx.select({ groupId: offers.groupId }).from(offers).where(eq(offers.id, offerId));
  if (!row) throw new AppError('not_found');
  return row.groupId;
}

/** The members of a group, or of an offer alone, cheapest first (the card first among equals). */
export async function readPropertyGroup(
  tx: DbOrTx,
  target: { groupId: number } | { offerIds: readonly number[] },
): Promise<PropertyGroup> {
  const rows = await tx
    .select({
      id: offers.id,
      groupId: offers.groupId,
      ownerId: offers.ownerId,
      state: properties.state,
      price: offers.price,
      currency: offers.currency,
      hidden: offers.groupHidden,
      isPublic: offers.isPublic,
      city: offers.city,
      floor: offers.floor,
      usefulAreaMeters: offers.usefulAreaMeters,
    })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(
      'groupId' in target ? eq(offers.groupId, target.groupId) : inArray(offers.id, [...target.offerIds]),
    )
    .orderBy(sql`${offers.priceNormalized} asc nulls last`, asc(offers.id));
  const grouped = rows.filter((row) => row.groupId !== null);
  return {
    id: grouped.length > 0 ? (grouped[0]?.groupId ?? null) : null,
    members: rows.map((row) => ({
      id: row.id,
      owner_id: row.ownerId,
      state: row.state as PropertyState,
      price: row.price === null ? null : Number(row.price),
      currency_iso_code: row.currency as Currency,
      is_card: row.isPublic && !row.hidden,
      city: row.city,
      floor: row.floor,
      useful_area_meters: row.usefulAreaMeters,
    })),
  };
}

/** GET /admin/property-groups/{id}: the group of the offer `offerId` (admins). */
export async function getPropertyGroup(tx: DbOrTx, offerId: number): Promise<PropertyGroup> {
  const groupId = await groupIdOf(tx, offerId);
  return readPropertyGroup(tx, groupId === null ? { offerIds: [offerId] } : { groupId });
}
