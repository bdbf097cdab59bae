// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { OfferCardSchema } from './offers.ts';

// Shared search boards (issue 44 point 3, docs/decisions/071-shared-search-boards.md): a board
// of offers, each with a status, a viewing date and notes, shared with invited accounts who see
// each other's changes live. Every route but the invitation preview needs an account; a board
// answers 404 to anyone who is not a member of it (even its existence is the members' business).

/** The four statuses of the issue; a new item starts as `to_view`. */
export const BOARD_ITEM_STATUSES = ['to_view', 'viewing_booked', 'rejected', 'favourite'] as const;
export type BoardItemStatus = (typeof BOARD_ITEM_STATUSES)[number];
export const BOARD_ROLES = ['owner', 'member'] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];

export const BOARD_NAME_MAX = 80;
export const BOARD_NOTE_MAX = 2000;
/** Bounded storage per account (decision 020's addendum): boards owned, items and people per board. */
export const BOARDS_PER_OWNER_MAX = 20;
export const BOARD_ITEMS_MAX = 300;
/** Members and open invitations together, the owner included. */
export const BOARD_PEOPLE_MAX = 12;
export const BOARD_NOTES_PER_ITEM_MAX = 100;
/** An invitation link works this many days, once. */
export const BOARD_INVITATION_DAYS = 7;
/** How often a board page without a live stream asks again (decision 071). */
export const BOARD_POLL_SECONDS = 20;

function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

const boardName = z
  .string({ error: requiredOr('validation.invalid_value') })
  .trim()
  .min(1, 'validation.required')
  .max(BOARD_NAME_MAX, 'validation.too_long');

export const BoardNameBodySchema = z.object({ name: boardName });
export type BoardNameBody = z.infer<typeof BoardNameBodySchema>;

export const BoardSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(BOARD_ROLES),
  owner_name: z.string().nullable(),
  items_count: z.number().int(),
  members_count: z.number().int(),
  updated_at: z.string(),
});
export type BoardSummary = z.infer<typeof BoardSummarySchema>;
export const BoardListSchema = z.object({ data: z.array(BoardSummarySchema) });
export type BoardList = z.infer<typeof BoardListSchema>;

export const BoardNoteSchema = z.object({
  id: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  body: z.string(),
  /** false: a private note, seen by its author only (decision 071). */
  shared: z.boolean(),
  created_at: z.string(),
});
export type BoardNote = z.infer<typeof BoardNoteSchema>;

export const BoardItemSchema = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  status: z.enum(BOARD_ITEM_STATUSES),
  /** The booked viewing, ISO 8601 with offset, or null. */
  viewing_at: z.string().nullable(),
  /** The offer as search shows it; null once it is no longer public (sold, withdrawn, struck). */
  offer: OfferCardSchema.nullable(),
  notes: z.array(BoardNoteSchema),
  added_by_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type BoardItem = z.infer<typeof BoardItemSchema>;

export const BoardMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(BOARD_ROLES),
  joined_at: z.string(),
});
export type BoardMember = z.infer<typeof BoardMemberSchema>;

export const BoardInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  expires_at: z.string(),
});
export type BoardInvitation = z.infer<typeof BoardInvitationSchema>;

export const BoardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(BOARD_ROLES),
  /** The caller's own user id, so a client tells its own notes and changes apart. */
  you: z.number().int(),
  members: z.array(BoardMemberSchema),
  /** Open invitations; the owner's view only (empty for members). */
  invitations: z.array(BoardInvitationSchema),
  items: z.array(BoardItemSchema),
  updated_at: z.string(),
});
export type Board = z.infer<typeof BoardSchema>;

export const BoardQuerySchema = z.object({
  currency: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : undefined),
    z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional(),
  ),
});

const propertyId = z
  .number({ error: requiredOr('validation.invalid_integer') })
  .int('validation.invalid_integer')
  .positive('validation.number_not_positive')
  .max(Number.MAX_SAFE_INTEGER, 'validation.number_too_large');

export const AddBoardItemBodySchema = z.object({ property_id: propertyId });
export type AddBoardItemBody = z.infer<typeof AddBoardItemBodySchema>;

/** Status and viewing date; at least one. `viewing_at: null` clears the date. */
export const UpdateBoardItemBodySchema = z
  .object({
    status: z.enum(BOARD_ITEM_STATUSES, { error: 'validation.invalid_value' }).optional(),
    viewing_at: z.iso
      .datetime({ offset: true, local: false, error: 'validation.invalid_date' })
      .nullable()
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.viewing_at !== undefined, {
    message: 'validation.required',
    path: ['status'],
  });
export type UpdateBoardItemBody = z.infer<typeof UpdateBoardItemBodySchema>;

export const AddBoardNoteBodySchema = z.object({
  body: z
    .string({ error: requiredOr('validation.invalid_value') })
    .trim()
    .min(1, 'validation.required')
    .max(BOARD_NOTE_MAX, 'validation.too_long'),
  shared: z.boolean({ error: 'validation.invalid_boolean' }).default(true),
});
export type AddBoardNoteBody = z.infer<typeof AddBoardNoteBodySchema>;

export const InviteToBoardBodySchema = z.object({
  email: z
    .string({ error: requiredOr('validation.invalid_email') })
    .trim()
    .max(254, 'validation.invalid_email')
    .pipe(z.email({ error: 'validation.invalid_email' })),
  /** The invitee's language, if the inviter knows it; else the inviter's own. */
  locale: z.enum(LOCALES, { error: 'validation.invalid_value' }).optional(),
});
export type InviteToBoardBody = z.infer<typeof InviteToBoardBodySchema>;

export const BoardInvitationTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid_value'),
});

export const BoardInvitationPreviewSchema = z.object({
  board_name: z.string(),
  inviter_name: z.string().nullable(),
  email: z.string(),
  /** open: may be accepted; used: accepted already; expired: past its date or withdrawn. */
  status: z.enum(['open', 'used', 'expired']),
});
export type BoardInvitationPreview = z.infer<typeof BoardInvitationPreviewSchema>;

export const AcceptBoardInvitationResponseSchema = z.object({ board_id: z.number().int() });

export const MoveFavoritesBodySchema = z.object({
  property_ids: z
    .array(propertyId)
    .min(1, 'validation.required')
    .max(BOARD_ITEMS_MAX, 'validation.too_large'),
  /** true: the favourites stay as they are (copied); default: moved, taken off the favourites. */
  keep_favorites: z.boolean({ error: 'validation.invalid_boolean' }).default(false),
});
export type MoveFavoritesBody = z.infer<typeof MoveFavoritesBodySchema>;
export const MoveFavoritesResponseSchema = z.object({ added: z.number().int(), already: z.number().int() });

/** What a live stream tells its clients: a change's kind, who made it and what it touched. */
export const BOARD_EVENT_KINDS = [
  'item_added',
  'item_updated',
  'item_removed',
  'note_added',
  'note_removed',
  'member_joined',
  'member_removed',
  'board_renamed',
  'board_deleted',
] as const;
export type BoardEventKind = (typeof BOARD_EVENT_KINDS)[number];
export const BoardChangeSchema = z.object({
  kind: z.enum(BOARD_EVENT_KINDS),
  actor_name: z.string().nullable(),
  /** The caller made it (the client does not announce its own changes). */
  by_you: z.boolean(),
  item_id: z.number().int().nullable(),
});
export type BoardChange = z.infer<typeof BoardChangeSchema>;
