import { boardMembers, boards, type DbOrTx } from '@estately/db';
import type { BoardRole } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

// Who may see and change a board is one row of board_members, read by every call (decision
// 071): a person removed from a board is refused by the next request and by their open stream.
// A board answers 404 to everyone else, so its existence is not told to strangers.

/** The caller's role on the board; 404 `not_found` when they are not a member (or it does not exist). */
export async function requireMembership(db: DbOrTx, boardId: number, userId: number): Promise<BoardRole> {
  const [row] = await db
    .select({ role: boardMembers.role })
    .from(boardMembers)
    .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return row.role as BoardRole;
}

/** Like requireMembership, for what only the owner may do: a member gets 403 `forbidden`. */
export async function requireOwner(db: DbOrTx, boardId: number, userId: number): Promise<void> {
  const role = await requireMembership(db, boardId, userId);
  if (role !== 'owner') throw new AppError('forbidden');
}

/** Marks the board as changed (the list orders by it). */
export async function touchBoard(db: DbOrTx, boardId: number): Promise<void> {
  await db.update(boards).set({ updatedAt: sql`now()` }).where(eq(boards.id, boardId));
}

/** A refusal of one field with a message key, the validation shape of DESIGN 4. */
export function fieldError(field: string, key: string): AppError {
  return new AppError('validation_errors', { errors: { [field]: [key] } });
}
