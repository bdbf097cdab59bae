import {
  boardInvitations,
  boardItems,
  boardMembers,
  boardNotes,
  boards,
  type Db,
  offers,
  properties,
  users,
} from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Board,
  type BoardItemStatus,
  type BoardRole,
  type Currency,
  DEFAULT_CURRENCY,
  userDisplayName,
} from '@estately/domain';
import { aliasedTable, and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

type NameRow = { firstName: string | null; lastName: string | null; email: string | null };
const nameOf = (row: NameRow) => (row.email === null ? null : userDisplayName({ ...row, email: row.email }));

/**
 * One board as the caller sees it: its members, its items with their offers (as search shows
 * them, null once not public) and the notes the caller may read: every shared note and their own
 * private ones (decision 071). Only the owner sees the open invitations. 404 for a non-member.
 * The statements run one after another (decision 030).
 */
export async function getBoard(options: {
  db: Db;
  userId: number;
  boardId: number;
  storage: MediaStorage;
  currency?: Currency;
}): Promise<Board> {
  const { db, userId, boardId, storage } = options;
  const [board] = await db
    .select({ id: boards.id, name: boards.name, updatedAt: boards.updatedAt, role: boardMembers.role })
    .from(boards)
    .innerJoin(boardMembers, and(eq(boardMembers.boardId, boards.id), eq(boardMembers.userId, userId)))
    .where(eq(boards.id, boardId))
    .limit(1);
  if (!board) throw new AppError('not_found');
  const role = board.role as BoardRole;

  const members = await db
    .select({
      userId: boardMembers.userId,
      role: boardMembers.role,
      joinedAt: boardMembers.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(boardMembers)
    .innerJoin(users, eq(users.id, boardMembers.userId))
    .where(eq(boardMembers.boardId, boardId))
    .orderBy(desc(sql`${boardMembers.role} = 'owner'`), asc(boardMembers.createdAt));

  const invitations =
    role === 'owner'
      ? await db
          .select({
            id: boardInvitations.id,
            email: boardInvitations.email,
            expiresAt: boardInvitations.expiresAt,
          })
          .from(boardInvitations)
          .where(
            and(
              eq(boardInvitations.boardId, boardId),
              isNull(boardInvitations.acceptedAt),
              isNull(boardInvitations.revokedAt),
              gt(boardInvitations.expiresAt, sql`now()`),
            ),
          )
          .orderBy(asc(boardInvitations.createdAt))
      : [];

  const addedBy = aliasedTable(users, 'added_by_user');
  const updatedBy = aliasedTable(users, 'updated_by_user');
  const items = await db
    .select({
      id: boardItems.id,
      propertyId: boardItems.propertyId,
      status: boardItems.status,
      viewingAt: boardItems.viewingAt,
      updatedAt: boardItems.updatedAt,
      addedFirst: addedBy.firstName,
      addedLast: addedBy.lastName,
      addedEmail: addedBy.email,
      updatedFirst: updatedBy.firstName,
      updatedLast: updatedBy.lastName,
      updatedEmail: updatedBy.email,
    })
    .from(boardItems)
    .leftJoin(addedBy, eq(addedBy.id, boardItems.addedBy))
    .leftJoin(updatedBy, eq(updatedBy.id, boardItems.updatedBy))
    .where(eq(boardItems.boardId, boardId))
    .orderBy(desc(boardItems.createdAt), desc(boardItems.id));

  const itemIds = items.map((item) => item.id);
  const notes =
    itemIds.length === 0
      ? []
      : await db
          .select({
            id: boardNotes.id,
            itemId: boardNotes.itemId,
            authorId: boardNotes.authorId,
            body: boardNotes.body,
            shared: boardNotes.shared,
            createdAt: boardNotes.createdAt,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(boardNotes)
          .leftJoin(users, eq(users.id, boardNotes.authorId))
          .where(
            and(
              inArray(boardNotes.itemId, itemIds),
              // A private note is its author's alone: never read for anyone else.
              or(eq(boardNotes.shared, true), eq(boardNotes.authorId, userId)),
            ),
          )
          .orderBy(asc(boardNotes.createdAt), asc(boardNotes.id));

  const propertyIds = items.map((item) => item.propertyId);
  const cardRows =
    propertyIds.length === 0
      ? []
      : await db
          .select(offerCardColumns)
          .from(offers)
          .innerJoin(properties, eq(properties.id, offers.id))
          .where(and(inArray(offers.id, propertyIds), isPublicProperty()));
  const rates = cardRows.length > 0 ? await loadExchangeRates(db) : null;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const cards = new Map(
    cardRows.map((row) => [row.id, rates ? toOfferCard(row, { currency, rates, storage }) : null]),
  );

  return {
    id: board.id,
    name: board.name,
    role,
    you: userId,
    members: members.map((member) => ({
      user_id: member.userId,
      name: userDisplayName(member),
      role: member.role as BoardRole,
      joined_at: member.joinedAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      expires_at: invitation.expiresAt.toISOString(),
    })),
    items: items.map((item) => ({
      id: item.id,
      property_id: item.propertyId,
      status: item.status as BoardItemStatus,
      viewing_at: item.viewingAt?.toISOString() ?? null,
      offer: cards.get(item.propertyId) ?? null,
      notes: notes
        .filter((note) => note.itemId === item.id)
        .map((note) => ({
          id: note.id,
          author_id: note.authorId,
          author_name: nameOf(note),
          body: note.body,
          shared: note.shared,
          created_at: note.createdAt.toISOString(),
        })),
      added_by_name: nameOf({ firstName: item.addedFirst, lastName: item.addedLast, email: item.addedEmail }),
      updated_by_name: nameOf({
        firstName: item.updatedFirst,
        lastName: item.updatedLast,
        email: item.updatedEmail,
      }),
      updated_at: item.updatedAt.toISOString(),
    })),
    updated_at: board.updatedAt.toISOString(),
  };
}
