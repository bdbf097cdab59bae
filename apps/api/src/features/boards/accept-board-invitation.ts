import { boardInvitations, boardMembers, type Db } from '@estately/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';
import { findBoardInvitation } from './find-board-invitation.ts';

/**
 * The signed-in account takes up an invitation: it becomes a member, and the link is spent.
 * Whoever holds the link may accept it with any account (decision 071: people often sign in
 * with another address than the one a friend knows). A spent link answers 410 `gone` except to
 * the account that spent it (a second click), as does an expired or withdrawn one; an unknown
 * token 404. Someone already on the board spends the link and stays as they are.
 */
export async function acceptBoardInvitation(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  token: string;
  now?: Date;
}): Promise<{ board_id: number }> {
  const { db, bus, userId, token } = options;
  const now = options.now ?? new Date();
  return inBoardTransaction(db, bus, async (tx, emit) => {
    const invitation = await findBoardInvitation(tx, token, now, true);
    if (invitation.preview.status === 'used') {
      if (invitation.acceptedBy === userId) return { board_id: invitation.boardId };
      throw new AppError('gone');
    }
    if (invitation.preview.status === 'expired') throw new AppError('gone');
    await tx
      .update(boardInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(boardInvitations.id, invitation.id));
    const joined = await tx
      .insert(boardMembers)
      .values({ boardId: invitation.boardId, userId, role: 'member' })
      .onConflictDoNothing()
      .returning({ userId: boardMembers.userId });
    if (joined.length > 0) {
      await touchBoard(tx, invitation.boardId);
      emit(boardEvent(invitation.boardId, 'member_joined', { actor_id: userId, user_id: userId }));
    }
    return { board_id: invitation.boardId };
  });
}
