import { boardItems, type Db } from '@estately/db';
import type { UpdateBoardItemBody } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/** Sets an item's status and/or viewing date (any member); 404 for a non-member or another board's item. */
export async function updateBoardItem(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  itemId: number;
  changes: UpdateBoardItemBody;
}): Promise<void> {
  const { db, bus, userId, boardId, itemId, changes } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    await requireMembership(tx, boardId, userId);
    const updated = await tx
      .update(boardItems)
      .set({
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.viewing_at !== undefined
          ? { viewingAt: changes.viewing_at === null ? null : new Date(changes.viewing_at) }
          : {}),
        updatedBy: userId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(boardItems.id, itemId), eq(boardItems.boardId, boardId)))
      .returning({ id: boardItems.id });
    if (updated.length === 0) throw new AppError('not_found');
    await touchBoard(tx, boardId);
    emit(boardEvent(boardId, 'item_updated', { actor_id: userId, item_id: itemId }));
  });
}
