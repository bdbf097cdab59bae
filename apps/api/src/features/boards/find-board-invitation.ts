import { boardInvitations, boards, type DbOrTx, users } from '@estately/db';
import { type BoardInvitationPreview, userDisplayName } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashInvitationToken } from './invitation-token.ts';

export interface FoundInvitation {
  id: number;
  boardId: number;
  acceptedBy: number | null;
  preview: BoardInvitationPreview;
}

/** The invitation of a link's token and what state it is in; 404 for a token nobody was sent. */
export async function findBoardInvitation(
  db: DbOrTx,
  token: string,
  now: Date,
  lock = false,
): Promise<FoundInvitation> {
  const query = db
    .select({
      id: boardInvitations.id,
      boardId: boardInvitations.boardId,
      email: boardInvitations.email,
      expiresAt: boardInvitations.expiresAt,
      acceptedAt: boardInvitations.acceptedAt,
      acceptedBy: boardInvitations.acceptedBy,
      revokedAt: boardInvitations.revokedAt,
      boardName: boards.name,
      firstName: users.firstName,
      lastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(boardInvitations)
    .innerJoin(boards, eq(boards.id, boardInvitations.boardId))
    .leftJoin(users, eq(users.id, boardInvitations.invitedBy))
    .where(eq(boardInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: boardInvitations }) : await query;
  if (!row) throw new AppError('not_found');
  const status = row.acceptedAt ? 'used' : row.revokedAt || row.expiresAt <= now ? 'expired' : 'open';
  return {
    id: row.id,
    boardId: row.boardId,
    acceptedBy: row.acceptedBy,
    preview: {
      board_name: row.boardName,
      inviter_name:
        row.inviterEmail === null
          ? null
          : userDisplayName({ firstName: row.firstName, lastName: row.lastName, email: row.inviterEmail }),
      email: row.email,
      status,
    },
  };
}
