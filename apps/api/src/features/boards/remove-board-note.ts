import { boardItems, boardNotes, type Db } from '@estately/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireMembership } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/**
 * Deletes a note: its author may, and the board's owner may take down a shared one. Anyone
 * else gets 404 for a note they cannot see (another's private note) and 403 for a shared one.
 */
export async function removeBoardNote(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  itemId: number;
  noteId: number;
}): Promise<void> {
  const { db, bus, userId, boardId, itemId, noteId } = options;
  await inBoardTransaction(db, bus, async (tx, emit) => {
    const role = await requireMembership(tx, boardId, userId);
    const [note] = await tx
      .select({ authorId: boardNotes.authorId, shared: boardNotes.shared })
      .from(boardNotes)
      .innerJoin(boardItems, eq(boardItems.id, boardNotes.itemId))
      .where(and(eq(boardNotes.id, noteId), eq(boardNotes.itemId, itemId), eq(boardItems.boardId, boardId)))
      .limit(1);
    if (!note || (!note.shared && note.authorId !== userId)) throw new AppError('not_found');
    if (note.authorId !== userId && role !== 'owner') throw new AppError('forbidden');
    await tx.delete(boardNotes).where(eq(boardNotes.id, noteId));
    emit(
      boardEvent(boardId, 'note_removed', {
        actor_id: userId,
        item_id: itemId,
        private_to: note.shared ? null : userId,
      }),
    );
  });
}
