import { boardMembers, type Db } from '@estately/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/**
 * Takes a person off a board: the owner removes a member, a member leaves by removing
 * themselves; the owner cannot leave (they delete the board). Access ends with the row: the
 * next request answers 404 and the person's open streams end (decision 071). Their notes stay
 * with the board, as a member's words on a shared list.
 */
export async function removeBoardMember(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  memberId: number;
}): Promise<void> {
  const { db, bus, userId, boardId, memberId } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    const role = await requireMembership(tx, boardId, userId);
    if (memberId !== userId && role !== 'owner') throw new AppError('forbidden');
    if (memberId === userId && role === 'owner')
      throw new AppError('conflict', { message: 'The owner cannot leave the board' });
    const removed = await tx
      .delete(boardMembers)
      .where(
        and(
          eq(boardMembers.boardId, boardId),
          eq(boardMembers.userId, memberId),
          eq(boardMembers.role, 'member'),
        ),
      )
      .returning({ userId: boardMembers.userId });
    if (removed.length === 0) throw new AppError('not_found');
    await touchBoard(tx, boardId);
    emit(boardEvent(boardId, 'member_removed', { actor_id: userId, user_id: memberId }));
  });
}
