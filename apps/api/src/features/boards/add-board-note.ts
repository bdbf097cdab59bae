import { boardItems, boardNotes, type Db } from '@estately/db';
import { BOARD_NOTES_PER_ITEM_MAX } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { fieldError, requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/**
 * A member's note on an item: shared with the board, or private to its author (decision 071),
 * whose event then reaches the author's own streams only. At most 100 notes an item.
 */
export async function addBoardNote(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  itemId: number;
  body: string;
  shared: boolean;
}): Promise<{ id: number }> {
  const { db, bus, userId, boardId, itemId } = options;
  return inBoardTransaction(db, bus, async (tx, emit) => {
    await requireMembership(tx, boardId, userId);
    const [item] = await tx
      .select({ id: boardItems.id })
      .from(boardItems)
      .where(and(eq(boardItems.id, itemId), eq(boardItems.boardId, boardId)))
      .limit(1)
      .for('update');
    if (!item) throw new AppError('not_found');
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boardNotes)
      .where(eq(boardNotes.itemId, itemId));
    if (Number(counted?.count ?? 0) >= BOARD_NOTES_PER_ITEM_MAX)
      throw fieldError('body', 'validation.too_large');
    const [note] = await tx
      .insert(boardNotes)
      .values({ itemId, authorId: userId, body: options.body, shared: options.shared })
      .returning({ id: boardNotes.id });
    if (!note) throw new Error('the note was not stored');
    if (options.shared) await touchBoard(tx, boardId);
    emit(
      boardEvent(boardId, 'note_added', {
        actor_id: userId,
        item_id: itemId,
        private_to: options.shared ? null : userId,
      }),
    );
    return { id: note.id };
  });
}
