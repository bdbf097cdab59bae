import { type Db, hiddenOffers, properties } from '@estately/db';
import { ACCOUNT_HIDDEN_CAP } from '@estately/domain';
import { eq, inArray, sql } from 'drizzle-orm';

/**
 * The offers a browser hid as a guest, added to the account at sign-in (decision 072): existing
 * properties only, each once, up to the account's cap (the oldest of the browser's list are
 * dropped first when it would overflow). One transaction.
 */
export async function mergeHiddenOffers(options: {
  db: Db;
  userId: number;
  offerIds: readonly number[];
}): Promise<{ merged: number }> {
  const { db, userId } = options;
  const wanted = [...new Set(options.offerIds)];
  if (wanted.length === 0) return { merged: 0 };
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(inArray(properties.id, wanted));
    const known = new Set(existing.map((row) => Number(row.id)));
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(hiddenOffers)
      .where(eq(hiddenOffers.userId, userId));
    const room = Math.max(0, ACCOUNT_HIDDEN_CAP - (held?.n ?? 0));
    // The browser's list is newest first: those are kept when there is not room for all.
    const rows = wanted.filter((id) => known.has(id)).slice(0, room);
    if (rows.length === 0) return { merged: 0 };
    const inserted = await tx
      .insert(hiddenOffers)
      .values(rows.map((offerId) => ({ userId, offerId })))
      .onConflictDoNothing()
      .returning({ id: hiddenOffers.offerId });
    return { merged: inserted.length };
  });
}
