import { boards, type Db } from '@estately/db';
import { eq } from 'drizzle-orm';
import { requireOwner } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/** The owner deletes the board with everything on it; every open stream of it ends. */
export async function deleteBoard(options: { db: Db; bus: BoardEventBus; userId: number; boardId: number }) {
  const { db, bus, userId, boardId } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    await requireOwner(tx, boardId, userId);
    await tx.delete(boards).where(eq(boards.id, boardId));
    emit(boardEvent(boardId, 'board_deleted', { actor_id: userId }));
  });
}
