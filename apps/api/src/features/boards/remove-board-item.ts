import { boardItems, type Db } from '@estately/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/** Takes an offer off the board with its notes (any member); 404 for a non-member or an unknown item. */
export async function removeBoardItem(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  itemId: number;
}): Promise<void> {
  const { db, bus, userId, boardId, itemId } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    await requireMembership(tx, boardId, userId);
    const removed = await tx
      .delete(boardItems)
      .where(and(eq(boardItems.id, itemId), eq(boardItems.boardId, boardId)))
      .returning({ id: boardItems.id });
    if (removed.length === 0) throw new AppError('not_found');
    await touchBoard(tx, boardId);
    emit(boardEvent(boardId, 'item_removed', { actor_id: userId, item_id: itemId }));
  });
}
