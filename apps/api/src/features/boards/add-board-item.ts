import { boardItems, type Db, offers, properties } from '@estately/db';
import { BOARD_ITEMS_MAX } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { fieldError, requireMembership, touchBoard } from './board-access.ts';
import { type BoardEventBus, boardEvent, inBoardTransaction } from './board-events.ts';

/**
 * Adds a public offer to a board as `to_view` (any member). Idempotent: an offer already on
 * the board answers its item and changes nothing. 404 for a non-member and for an offer that is
 * not public; at most 300 items a board.
 */
export async function addBoardItem(options: {
  db: Db;
  bus: BoardEventBus;
  userId: number;
  boardId: number;
  propertyId: number;
}): Promise<{ item_id: number; added: boolean }> {
  const { db, bus, userId, boardId, propertyId } = options;
  return inBoardTransaction(db, bus, async (tx, emit) => {
    await requireMembership(tx, boardId, userId);
    const [offer] = await tx
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(eq(offers.id, propertyId), isPublicProperty()))
      .limit(1);
    if (!offer) throw new AppError('not_found');
    const [existing] = await tx
      .select({ id: boardItems.id })
      .from(boardItems)
      .where(and(eq(boardItems.boardId, boardId), eq(boardItems.propertyId, propertyId)))
      .limit(1);
    if (existing) return { item_id: existing.id, added: false };
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(boardItems)
      .where(eq(boardItems.boardId, boardId));
    if (Number(counted?.count ?? 0) >= BOARD_ITEMS_MAX)
      throw fieldError('property_id', 'validation.too_large');
    const [item] = await tx
      .insert(boardItems)
      .values({ boardId, propertyId, addedBy: userId, updatedBy: userId })
      .onConflictDoNothing({ target: [boardItems.boardId, boardItems.propertyId] })
      .returning({ id: boardItems.id });
    // Another member added it in the same moment: theirs stands.
    if (!item) {
      const [raced] = await tx
        .select({ id: boardItems.id })
        .from(boardItems)
        .where(and(eq(boardItems.boardId, boardId), eq(boardItems.propertyId, propertyId)));
      if (!raced) throw new AppError('conflict');
      return { item_id: raced.id, added: false };
    }
    await touchBoard(tx, boardId);
    emit(boardEvent(boardId, 'item_added', { actor_id: userId, item_id: item.id }));
    return { item_id: item.id, added: true };
  });
}
