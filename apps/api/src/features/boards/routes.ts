import {
  AcceptBoardInvitationResponseSchema,
  AddBoardItemBodySchema,
  AddBoardNoteBodySchema,
  BoardInvitationPreviewSchema,
  BoardInvitationTokenSchema,
  BoardListSchema,
  BoardNameBodySchema,
  BoardQuerySchema,
  BoardSchema,
  ErrorBodySchema,
  InviteToBoardBodySchema,
  MoveFavoritesBodySchema,
  MoveFavoritesResponseSchema,
  UpdateBoardItemBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { acceptBoardInvitation } from './accept-board-invitation.ts';
import { addBoardItem } from './add-board-item.ts';
import { addBoardNote } from './add-board-note.ts';
import { createBoardEventBus } from './board-events.ts';
import { createBoard } from './create-board.ts';
import { deleteBoard } from './delete-board.ts';
import { findBoardInvitation } from './find-board-invitation.ts';
import { getBoard } from './get-board.ts';
import { inviteToBoard } from './invite-to-board.ts';
import { listBoards } from './list-boards.ts';
import { moveFavoritesToBoard } from './move-favorites-to-board.ts';
import { removeBoardItem } from './remove-board-item.ts';
import { removeBoardMember } from './remove-board-member.ts';
import { removeBoardNote } from './remove-board-note.ts';
import { renameBoard } from './rename-board.ts';
import { revokeBoardInvitation } from './revoke-board-invitation.ts';
import { OpenStreams, streamBoardEvents } from './stream-board-events.ts';
import { updateBoardItem } from './update-board-item.ts';

const TAGS = ['boards'];
// Authentication runs on request, before the path and body are read: a guest gets 401 whatever
// they send. Ids in paths are text, read by rowIdOf (404 for anything that names no row).
const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 500: ErrorBodySchema };
const withBody = { ...errors, 422: ErrorBodySchema };
const ok = z.object({ ok: z.literal(true) });
const BoardParams = z.object({ id: z.string() });
const ItemParams = z.object({ id: z.string(), itemId: z.string() });
const NOTE =
  'Only members of the board may call it: anyone else gets 404 `not_found`, as for a board that does not exist.';

/**
 * Shared search boards (issue 44 point 3, docs/decisions/071) under /my/boards, the signed-in
 * user's prefix, and the invitation preview by its link's token.
 */
const boardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = createBoardEventBus(app.db, app.log);
  const streams = new OpenStreams();
  // Open streams end before the server waits for its connections to finish; then the LISTEN
  // connection closes.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', async () => bus.close());
  const auth = { onRequest: app.authenticate };

  app.get(
    '/my/boards',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'The boards of the signed-in user',
        description: 'Boards the user owns or was invited to, last changed first, with their counts.',
        response: { 200: BoardListSchema, ...errors },
      },
    },
    async (request) => listBoards({ db: app.db, userId: currentUser(request).id }),
  );

  app.post(
    '/my/boards',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Create a board',
        description:
          'Body `{"name": "..."}` (1..80 characters). The caller owns it. At most 20 owned boards (422 `validation.too_large`).',
        body: BoardNameBodySchema,
        response: { 201: z.object({ id: z.number().int() }), ...withBody },
      },
    },
    async (request, reply) => {
      const created = await createBoard({
        db: app.db,
        userId: currentUser(request).id,
        name: request.body.name,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/my/boards/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'One board',
        description: `Members, items (each with its offer card priced in \`currency\`, null once the offer is no longer public, its status, viewing date and the notes the caller may read: every shared note and their own private ones) and, for the owner, the open invitations. ${NOTE}`,
        params: BoardParams,
        querystring: BoardQuerySchema,
        response: { 200: BoardSchema, ...withBody },
      },
    },
    async (request) =>
      getBoard({
        db: app.db,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        storage: app.storage,
        currency: request.query.currency,
      }),
  );

  app.patch(
    '/my/boards/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Rename a board',
        description: `The owner only: a member gets 403 \`forbidden\`. ${NOTE}`,
        params: BoardParams,
        body: BoardNameBodySchema,
        response: { 200: ok, 403: ErrorBodySchema, ...withBody },
      },
    },
    async (request) => {
      await renameBoard({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        name: request.body.name,
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/my/boards/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Delete a board',
        description: `The owner only (403 for a member): the board, its items, notes and invitations go, and every open stream of it ends. ${NOTE}`,
        params: BoardParams,
        response: { 200: ok, 403: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      await deleteBoard({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/my/boards/:id/items',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Add an offer to a board',
        description: `Body \`{"property_id": 123}\`: a public offer, as \`to_view\` (404 otherwise). Idempotent: an offer already on the board answers its item with \`added: false\`. At most 300 items. ${NOTE}`,
        params: BoardParams,
        body: AddBoardItemBodySchema,
        response: { 200: z.object({ item_id: z.number().int(), added: z.boolean() }), ...withBody },
      },
    },
    async (request) =>
      addBoardItem({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        propertyId: request.body.property_id,
      }),
  );

  app.post(
    '/my/boards/:id/favorites',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Move favourites to a board',
        description: `Body \`{"property_ids": [...], "keep_favorites": false}\`: those of the caller's favourites become items of the board and leave the favourites (\`keep_favorites: true\` copies them), in one transaction; other ids are left out. ${NOTE}`,
        params: BoardParams,
        body: MoveFavoritesBodySchema,
        response: { 200: MoveFavoritesResponseSchema, ...withBody },
      },
    },
    async (request) =>
      moveFavoritesToBoard({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        propertyIds: request.body.property_ids,
        keep: request.body.keep_favorites,
      }),
  );

  app.patch(
    '/my/boards/:id/items/:itemId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: "Set an item's status or viewing date",
        description: `Body \`{"status": "to_view" | "viewing_booked" | "rejected" | "favourite", "viewing_at": ISO 8601 with offset, or null}\`, at least one. ${NOTE}`,
        params: ItemParams,
        body: UpdateBoardItemBodySchema,
        response: { 200: ok, ...withBody },
      },
    },
    async (request) => {
      await updateBoardItem({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        itemId: rowIdOf(request.params.itemId),
        changes: request.body,
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/my/boards/:id/items/:itemId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Take an offer off a board',
        description: `The item and its notes go. ${NOTE}`,
        params: ItemParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await removeBoardItem({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        itemId: rowIdOf(request.params.itemId),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/my/boards/:id/items/:itemId/notes',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Add a note to an item',
        description: `Body \`{"body": "...", "shared": true}\` (1..2000 characters). A shared note is read by every member; \`shared: false\` keeps it to its author (decision 071). ${NOTE}`,
        params: ItemParams,
        body: AddBoardNoteBodySchema,
        response: { 201: z.object({ id: z.number().int() }), ...withBody },
      },
    },
    async (request, reply) => {
      const note = await addBoardNote({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        itemId: rowIdOf(request.params.itemId),
        body: request.body.body,
        shared: request.body.shared,
      });
      return reply.code(201).send(note);
    },
  );

  app.delete(
    '/my/boards/:id/items/:itemId/notes/:noteId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Delete a note',
        description: `Its author may; the owner may delete a shared note (403 for other members). ${NOTE}`,
        params: ItemParams.extend({ noteId: z.string() }),
        response: { 200: ok, 403: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      await removeBoardNote({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        itemId: rowIdOf(request.params.itemId),
        noteId: rowIdOf(request.params.noteId),
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/my/boards/:id/invitations',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Invite someone to a board by e-mail',
        description: `The owner only (403 for a member). Body \`{"email": "...", "locale": "de"}\`: an e-mail with a link valid for 7 days, once, queued with the invitation in one transaction, in the invitee's language when they have an account, else \`locale\`, else the owner's. An address of a member answers 409; inviting an address again withdraws its earlier link. At most 12 members and open invitations. ${NOTE}`,
        params: BoardParams,
        body: InviteToBoardBodySchema,
        response: {
          201: z.object({ id: z.number().int(), expires_at: z.string() }),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          ...withBody,
        },
      },
    },
    async (request, reply) => {
      const invitation = await inviteToBoard({
        db: app.db,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        email: request.body.email,
        locale: request.body.locale,
        webOrigin: app.config.publicWebUrl,
      });
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/my/boards/:id/invitations/:invitationId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Withdraw an invitation',
        description: `The owner only (403 for a member): the link answers 410 from then on. ${NOTE}`,
        params: BoardParams.extend({ invitationId: z.string() }),
        response: { 200: ok, 403: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      await revokeBoardInvitation({
        db: app.db,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        invitationId: rowIdOf(request.params.invitationId),
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/my/boards/:id/members/:userId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Remove a member, or leave a board',
        description: `The owner removes a member; a member removes themselves to leave (403 for anyone else; 409 for the owner leaving). Access ends at once: the next request answers 404 and the person's open streams end with \`revoked\`. ${NOTE}`,
        params: BoardParams.extend({ userId: z.string() }),
        response: { 200: ok, 403: ErrorBodySchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      await removeBoardMember({
        db: app.db,
        bus,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
        memberId: rowIdOf(request.params.userId),
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/my/boards/:id/events',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: "A board's live changes (server-sent events)",
        description: `\`text/event-stream\`: \`change\` events (\`{kind, actor_name, by_you, item_id}\`) as members change the board, on whichever API instance (PostgreSQL LISTEN/NOTIFY), a comment every 15 s, and \`revoked\` before the stream ends when the caller is removed or the board deleted. A private note's changes reach its author only. Clients load the board again on each change; without a stream they ask every 20 s. ${NOTE}`,
        params: BoardParams,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      await streamBoardEvents({
        db: app.db,
        bus,
        streams,
        reply,
        userId: currentUser(request).id,
        boardId: rowIdOf(request.params.id),
      });
    },
  );

  app.get(
    '/public/board-invitations/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'What an invitation link is for',
        description:
          'The board, who invited, the address invited and whether the link can still be accepted (`open`, `used`, `expired`), for the page the e-mail opens. 404 for a token nobody was sent.',
        params: BoardInvitationTokenSchema,
        response: { 200: BoardInvitationPreviewSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => (await findBoardInvitation(app.db, request.params.token, new Date())).preview,
  );

  app.post(
    '/my/board-invitations',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation',
        description:
          'Body `{"token": "..."}` from the invitation link. The signed-in account becomes a member and the link is spent. A spent link answers 410 `gone` (except to the account that spent it), as does an expired or withdrawn one; an unknown token 404.',
        body: BoardInvitationTokenSchema,
        response: { 200: AcceptBoardInvitationResponseSchema, 410: ErrorBodySchema, ...withBody },
      },
    },
    async (request) =>
      acceptBoardInvitation({ db: app.db, bus, userId: currentUser(request).id, token: request.body.token }),
  );
};

export default boardsRoutes;
