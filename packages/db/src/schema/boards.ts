import { BOARD_ITEM_STATUSES, BOARD_ROLES } from '@estately/domain';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

// Shared search boards (issue 44 point 3, migration 0039, docs/decisions/071): a board of
// offers with a status, a viewing date and notes per offer, shared with invited accounts.

export const boards = pgTable(
  'boards',
  {
    id: idColumn(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('boards_owner_idx').on(t.ownerId)],
);

/** Who may see and change a board: its owner (one row, role owner) and the members who accepted. */
export const boardMembers = pgTable(
  'board_members',
  {
    boardId: ref('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.userId] }),
    check('board_members_role_check', oneOf(t.role, BOARD_ROLES)),
    index('board_members_user_idx').on(t.userId),
  ],
);

/** An invitation by e-mail: only the SHA-256 of its link's token is kept; single use, with an expiry. */
export const boardInvitations = pgTable(
  'board_invitations',
  {
    id: idColumn(),
    boardId: ref('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: ref('invited_by').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    acceptedBy: ref('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [
    uniqueIndex('board_invitations_token_unique').on(t.tokenHash),
    index('board_invitations_board_idx').on(t.boardId),
  ],
);

export const boardItems = pgTable(
  'board_items',
  {
    id: idColumn(),
    boardId: ref('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('to_view'),
    viewingAt: tstz('viewing_at'),
    addedBy: ref('added_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('board_items_status_check', oneOf(t.status, BOARD_ITEM_STATUSES)),
    uniqueIndex('board_items_board_property_unique').on(t.boardId, t.propertyId),
    index('board_items_property_idx').on(t.propertyId),
  ],
);

/** A note on an item by one member: shared with the board's members, or private to its author. */
export const boardNotes = pgTable(
  'board_notes',
  {
    id: idColumn(),
    itemId: ref('item_id')
      .notNull()
      .references(() => boardItems.id, { onDelete: 'cascade' }),
    authorId: ref('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    shared: boolean('shared').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('board_notes_item_idx').on(t.itemId, t.createdAt)],
);

export type BoardRow = typeof boards.$inferSelect;
export type BoardItemRow = typeof boardItems.$inferSelect;
export type BoardNoteRow = typeof boardNotes.$inferSelect;
