import { type DbOrTx, offers, propertyGroupSplits } from '@estately/db';
import { pairKey, propertyGroupId, type SplitPropertyGroupResponse } from '@estately/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { refreshPropertyGroups, ungroup } from './assign-property-group.ts';
import { groupIdOf, readPropertyGroup } from './get-property-group.ts';

/**
 * An admin splits a wrong group (decision 068): the offers named leave the group of `offerId`
 * together (a group of their own when two or more), every pair across the cut is recorded so no
 * later save joins them again, and both sides elect their card again. One transaction; refused
 * (422, nothing changed) when an id is not in the group or when every member would leave.
 */
export async function splitPropertyGroup(
  tx: DbOrTx,
  options: { adminId: number; offerId: number; offerIds: readonly number[] },
): Promise<SplitPropertyGroupResponse> {
  const groupId = await groupIdOf(tx, options.offerId);
  if (groupId === null) throw new AppError('not_found');
  // Locked in id order: two splits of one group wait for each other instead of crossing.
  const members = (
    await tx
      .select({ id: offers.id })
      .from(offers)
      .where(eq(offers.groupId, groupId))
      .orderBy(asc(offers.id))
      .for('update')
  ).map((row) => row.id);
  const leaving = [...new Set(options.offerIds)];
  if (leaving.some((id) => !members.includes(id))) {
    throw new AppError('validation_errors', { errors: { offer_ids: ['property_groups.not_in_group'] } });
  }
  const staying = members.filter((id) => !leaving.includes(id));
  if (staying.length === 0) {
    throw new AppError('validation_errors', { errors: { offer_ids: ['property_groups.whole_group'] } });
  }
  const pairs = new Map<string, { propertyId: number; otherPropertyId: number; splitBy: number }>();
  for (const a of leaving) {
    for (const b of staying) {
      pairs.set(pairKey(a, b), {
        propertyId: Math.min(a, b),
        otherPropertyId: Math.max(a, b),
        splitBy: options.adminId,
      });
    }
  }
  await tx
    .insert(propertyGroupSplits)
    .values([...pairs.values()])
    .onConflictDoNothing();
  const sides = [leaving, staying];
  const alone = sides.filter((side) => side.length === 1).flat();
  for (const side of sides.filter((side) => side.length > 1)) {
    await tx.execute(
      sql`update ${offers} set group_id = ${propertyGroupId(side)} where id = any(${`{${side.join(',')}}`}::bigint[])`,
    );
  }
  await ungroup(tx, alone);
  await refreshPropertyGroups(
    tx,
    sides.filter((side) => side.length > 1).map((side) => propertyGroupId(side)),
  );
  const read = (side: number[]) =>
    side.length > 1
      ? readPropertyGroup(tx, { groupId: propertyGroupId(side) })
      : readPropertyGroup(tx, { offerIds: side });
  return { remaining: await read(staying), split_off: await read(leaving) };
}
