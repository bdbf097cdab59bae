import { boardItems, boardMembers, boards, type Db, users } from '@estately/db';
import { type BoardList, type BoardRole, userDisplayName } from '@estately/domain';
import { desc, eq, sql } from 'drizzle-orm';

/** The boards the user is a member of (owned or shared with them), last changed first. */
export async function listBoards(options: { db: Db; userId: number }): Promise<BoardList> {
  const rows = await options.db
    .select({
      id: boards.id,
      name: boards.name,
      role: boardMembers.role,
      updatedAt: boards.updatedAt,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
      items: sql<number>`(select count(*)::int from ${boardItems} where ${boardItems.boardId} = ${boards.id})`,
      members: sql<number>`(select count(*)::int from ${boardMembers} m where m.board_id = ${boards.id})`,
    })
    .from(boardMembers)
    .innerJoin(boards, eq(boards.id, boardMembers.boardId))
    .innerJoin(users, eq(users.id, boards.ownerId))
    .where(eq(boardMembers.userId, options.userId))
    .orderBy(desc(boards.updatedAt), desc(boards.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role as BoardRole,
      owner_name: userDisplayName({
        firstName: row.ownerFirst,
        lastName: row.ownerLast,
        email: row.ownerEmail,
      }),
      items_count: Number(row.items),
      members_count: Number(row.members),
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}
