import { boards, type Db } from '@estately/db';
import { eq, sql } from 'drizzle-orm';
import { requireOwner } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/** The owner names the board anew; a member gets 403, anyone else 404. */
export async function renameBoard(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  name: string;
}): Promise<void> {
  const { db, bus, userId, boardId, name } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    await requireOwner(tx, boardId, userId);
    await tx.update(boards).set({ name, updatedAt: sql`now()` }).where(eq(boards.id, boardId));
    emit(boardEvent(boardId, 'board_renamed', { actor_id: userId }));
  });
}
