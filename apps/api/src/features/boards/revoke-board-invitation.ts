import { boardInvitations, type Db } from '@estately/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { requireOwner } from './board-access.ts';

/** The owner withdraws an open invitation: its link answers 410 from then on. */
export async function revokeBoardInvitation(options: {
  db: Db;
  userId: number;
  boardId: number;
  invitationId: number;
  now?: Date;
}): Promise<void> {
  const { db, userId, boardId, invitationId } = options;
  await db.transaction(async (tx) => {
    await requireOwner(tx, boardId, userId);
    const revoked = await tx
      .update(boardInvitations)
      .set({ revokedAt: options.now ?? new Date() })
      .where(
        and(
          eq(boardInvitations.id, invitationId),
          eq(boardInvitations.boardId, boardId),
          isNull(boardInvitations.acceptedAt),
          isNull(boardInvitations.revokedAt),
        ),
      )
      .returning({ id: boardInvitations.id });
    if (revoked.length === 0) throw new AppError('not_found');
  });
}
