import { boardInvitations, boardMembers, boards, type Db, users } from '@estately/db';
import {
  BOARD_INVITATION_DAYS,
  BOARD_PEOPLE_MAX,
  isLocale,
  type Locale,
  userDisplayName,
} from '@estately/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { fieldError, requireOwner } from './board-access.ts';
import { hashInvitationToken, invitationUrl, newInvitationToken } from './invitation-token.ts';

/**
 * The owner invites someone by e-mail: an invitation row (the token's hash, 7 days, single use)
 * and its e-mail in the outbox, in one transaction. The e-mail is written in the invitee's
 * language when they have an account, else in the language the owner chose, else the owner's.
 * Inviting an address again withdraws its open invitation and sends a new link. An address
 * that belongs to a member is refused (409); at most 12 people and open invitations a board.
 */
export async function inviteToBoard(options: {
  db: Db;
  userId: number;
  boardId: number;
  email: string;
  locale?: Locale;
  webOrigin: string;
  now?: Date;
}): Promise<{ id: number; expires_at: string }> {
  const { db, userId, boardId, webOrigin } = options;
  const email = options.email.trim();
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await requireOwner(tx, boardId, userId);
    // One invite at a time per board, so the people limit holds.
    await tx.execute(sql`select id from ${boards} where id = ${boardId} for update`);
    const [member] = await tx
      .select({ userId: boardMembers.userId })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(and(eq(boardMembers.boardId, boardId), sql`lower(${users.email}) = lower(${email})`))
      .limit(1);
    if (member) throw new AppError('conflict', { message: 'This person is already a member of the board' });
    await tx
      .update(boardInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(boardInvitations.boardId, boardId),
          sql`lower(${boardInvitations.email}) = lower(${email})`,
          isNull(boardInvitations.acceptedAt),
          isNull(boardInvitations.revokedAt),
        ),
      );
    const [members] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boardMembers)
      .where(eq(boardMembers.boardId, boardId));
    const [invited] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boardInvitations)
      .where(
        and(
          eq(boardInvitations.boardId, boardId),
          isNull(boardInvitations.acceptedAt),
          isNull(boardInvitations.revokedAt),
          gt(boardInvitations.expiresAt, now),
        ),
      );
    const people = { count: Number(members?.count ?? 0) + Number(invited?.count ?? 0) };
    if (Number(people?.count ?? 0) >= BOARD_PEOPLE_MAX) throw fieldError('email', 'validation.too_large');

    const [board] = await tx
      .select({
        name: boards.name,
        firstName: users.firstName,
        lastName: users.lastName,
        ownerEmail: users.email,
        ownerLanguage: users.preferredLanguage,
      })
      .from(boards)
      .innerJoin(users, eq(users.id, userId))
      .where(eq(boards.id, boardId));
    if (!board) throw new AppError('not_found');
    const [invitee] = await tx
      .select({ language: users.preferredLanguage })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    const locale: Locale = [invitee?.language, options.locale, board.ownerLanguage].find(isLocale) ?? 'cs';

    const token = newInvitationToken();
    const expiresAt = new Date(now.getTime() + BOARD_INVITATION_DAYS * 86_400_000);
    const [invitation] = await tx
      .insert(boardInvitations)
      .values({ boardId, email, tokenHash: hashInvitationToken(token), invitedBy: userId, locale, expiresAt })
      .returning({ id: boardInvitations.id });
    if (!invitation) throw new Error('the invitation was not stored');
    await enqueueEmail(tx, {
      template: 'board_invitation',
      to: email,
      locale,
      data: {
        board_name: board.name,
        inviter_name: userDisplayName({
          firstName: board.firstName,
          lastName: board.lastName,
          email: board.ownerEmail,
        }),
        accept_url: invitationUrl(webOrigin, locale, token),
        expires_in_days: BOARD_INVITATION_DAYS,
      },
    });
    return { id: invitation.id, expires_at: expiresAt.toISOString() };
  });
}
