import { boardItems, type Db, favourites } from '@estately/db';
import { BOARD_ITEMS_MAX } from '@estately/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fieldError, requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/**
 * "Move to board" from the favourites (issue 44 point 3: the favourites of the spec stay and can
 * be moved to a board): the caller's favourites among `propertyIds` become items of the board
 * (those already on it are counted as such) and, unless `keep`, leave the favourites, all in one
 * transaction. Ids that are not the caller's favourites are left out. 404 for a non-member.
 */
export async function moveFavoritesToBoard(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  propertyIds: readonly number[];
  keep: boolean;
}): Promise<{ added: number; already: number }> {
  const { db, bus, userId, boardId, keep } = options;
  const propertyIds = [...new Set(options.propertyIds)];
  return inBoardTransaction(db, bus, async (tx, emit) => {
    await requireMembership(tx, boardId, userId);
    await tx.execute(sql`select pg_advisory_xact_lock(7102, ${boardId}::int)`);
    const mine = await tx
      .select({ propertyId: favourites.offerId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), inArray(favourites.offerId, propertyIds)));
    const ids = mine.map((row) => row.propertyId);
    if (ids.length === 0) return { added: 0, already: 0 };
    const present = await tx
      .select({ propertyId: boardItems.propertyId })
      .from(boardItems)
      .where(and(eq(boardItems.boardId, boardId), inArray(boardItems.propertyId, ids)));
    const onBoard = new Set(present.map((row) => row.propertyId));
    const fresh = ids.filter((id) => !onBoard.has(id));
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boardItems)
      .where(eq(boardItems.boardId, boardId));
    if (Number(counted?.count ?? 0) + fresh.length > BOARD_ITEMS_MAX)
      throw fieldError('property_ids', 'validation.too_large');
    if (fresh.length > 0) {
      const inserted = await tx
        .insert(boardItems)
        .values(fresh.map((propertyId) => ({ boardId, propertyId, addedBy: userId, updatedBy: userId })))
        .returning({ id: boardItems.id });
      // One event for the lot: the streams load the board once.
      emit(
        boardEvent(boardId, 'item_added', {
          actor_id: userId,
          item_id: inserted.length === 1 ? (inserted[0]?.id ?? null) : null,
        }),
      );
      await touchBoard(tx, boardId);
    }
    if (!keep)
      await tx.delete(favourites).where(and(eq(favourites.userId, userId), inArray(favourites.offerId, ids)));
    return { added: fresh.length, already: ids.length - fresh.length };
  });
}
