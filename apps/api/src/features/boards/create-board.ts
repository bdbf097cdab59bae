import { boardMembers, boards, type Db } from '@estately/db';
import { BOARDS_PER_OWNER_MAX } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { fieldError } from './board-access.ts';

/** A new board with its creator as owner (both rows in one transaction); at most 20 owned boards. */
export async function createBoard(options: {
  db: Db;
  userId: number;
  name: string;
}): Promise<{ id: number }> {
  const { db, userId, name } = options;
  return db.transaction(async (tx) => {
    // Serialises one account's creates, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(7101, ${userId}::int)`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boards)
      .where(eq(boards.ownerId, userId));
    if (Number(counted?.count ?? 0) >= BOARDS_PER_OWNER_MAX) throw fieldError('name', 'validation.too_large');
    const [board] = await tx.insert(boards).values({ ownerId: userId, name }).returning({ id: boards.id });
    if (!board) throw new Error('the board was not stored');
    await tx.insert(boardMembers).values({ boardId: board.id, userId, role: 'owner' });
    return { id: board.id };
  });
}
