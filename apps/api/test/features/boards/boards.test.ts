import {
  boardInvitations,
  boardItems,
  boardMembers,
  boardNotes,
  favourites,
  jobs,
  users,
} from '@estately/db';
import { type Board, BoardListSchema, BoardSchema } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { hashInvitationToken } from '../../../src/features/boards/invitation-token.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer } from '../../support/offer-fixtures.ts';

// Shared search boards (issue 44 point 3, decision 071): access by membership alone (non-members
// 404, removed members at once, also on an open stream), invitation tokens (hashed, single use,
// expiring), the invitation e-mail in the outbox with the invitation, private and shared notes,
// live changes over server-sent events, and on PostgreSQL a change on one API instance reaching
// a stream held by another (LISTEN/NOTIFY).

let api: TestApi;
let baseUrl = '';
let owner = 0;
let member = 0;
let stranger = 0;
const offerIds: number[] = [];
let pausedId = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, userId?: number, payload?: object) {
  return api.app.inject({
    method,
    url,
    headers: userId ? bearer(api.config, userId) : {},
    ...(payload ? { payload } : {}),
  });
}

async function newBoard(name = 'Flat in Prague'): Promise<number> {
  const created = await call('POST', '/my/boards', owner, { name });
  expect(created.statusCode).toBe(201);
  return created.json().id as number;
}

async function boardOf(id: number, userId: number): Promise<Board> {
  const answer = await call('GET', `/my/boards/${id}`, userId);
  expect(answer.statusCode).toBe(200);
  return BoardSchema.parse(answer.json());
}

/** The invitation e-mail's link token, read from the outbox row queued for `email`. */
async function invitationToken(email: string): Promise<string> {
  const [job] = await api.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'email.board_invitation'), sql`${jobs.payload}->>'to' = ${email}`))
    .orderBy(sql`${jobs.id} desc`)
    .limit(1);
  if (!job) throw new Error(`no invitation e-mail to ${email}`);
  const url = (job.payload as { data: { accept_url: string } }).data.accept_url;
  const token = url.split('/').at(-1);
  if (!token) throw new Error('no token in the link');
  return token;
}

/** Invites `userId`'s address and accepts as them; returns the token. */
async function join(boardId: number, userId: number): Promise<void> {
  const [row] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const invited = await call('POST', `/my/boards/${boardId}/invitations`, owner, { email: row?.email });
  expect(invited.statusCode).toBe(201);
  const accepted = await call('POST', '/my/board-invitations', userId, {
    token: await invitationToken(row!.email),
  });
  expect(accepted.statusCode).toBe(200);
}

/** An open event stream read frame by frame. */
interface Stream {
  status: number;
  next(timeoutMs?: number): Promise<{ event: string; data: unknown } | 'closed' | 'timeout'>;
  close(): void;
}

async function openStream(origin: string, boardId: number, userId: number): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/my/boards/${boardId}/events`, {
    headers: bearer(api.config, userId),
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    status: response.status,
    async next(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event) return { event, data: data ? JSON.parse(data) : null };
          continue; // a comment or the retry line
        }
        if (done || !reader) return 'closed';
        const left = deadline - Date.now();
        if (left <= 0) return 'timeout';
        let timer: NodeJS.Timeout | undefined;
        // A read still waiting from a call that timed out keeps its place: its chunk is not lost.
        pending ??= reader.read();
        const read = await Promise.race([
          pending,
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), left);
          }),
        ]);
        clearTimeout(timer);
        if (read === 'timeout') return 'timeout';
        pending = null;
        if (read.done) done = true;
        else buffer += decoder.decode(read.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

beforeAll(async () => {
  api = await buildTestApi();
  const seller = await createUser(api.db);
  owner = (await createUser(api.db, { firstName: 'Olga', lastName: 'Owner', preferredLanguage: 'en' })).id;
  member = (await createUser(api.db, { firstName: 'Max', lastName: 'Member', preferredLanguage: 'de' })).id;
  stranger = (await createUser(api.db)).id;
  for (let i = 0; i < 4; i++)
    offerIds.push(await insertFullOffer(api.db, { ownerId: seller.id, price: 2_000_000 + i }));
  pausedId = await insertFullOffer(api.db, { ownerId: seller.id, state: 'paused' });
  baseUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await api?.close();
});

describe('boards and access', () => {
  it('a board is its owner’s: a guest gets 401, anyone else 404 for every call', async () => {
    const id = await newBoard();
    const list = BoardListSchema.parse((await call('GET', '/my/boards', owner)).json());
    expect(list.data.find((board) => board.id === id)).toMatchObject({
      role: 'owner',
      items_count: 0,
      members_count: 1,
    });
    expect((await call('GET', `/my/boards/${id}`)).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['GET', `/my/boards/${id}`, undefined],
      ['PATCH', `/my/boards/${id}`, { name: 'Mine now' }],
      ['DELETE', `/my/boards/${id}`, undefined],
      ['POST', `/my/boards/${id}/items`, { property_id: offerIds[0] }],
      ['POST', `/my/boards/${id}/invitations`, { email: 'x@example.com' }],
      ['GET', `/my/boards/${id}/events`, undefined],
    ] as const) {
      const answer = await call(method, url, stranger, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(BoardListSchema.parse((await call('GET', '/my/boards', stranger)).json()).data).toEqual([]);
    expect((await boardOf(id, owner)).name).toBe('Flat in Prague');
  });

  it('bad input is refused with a message key and changes nothing', async () => {
    const id = await newBoard();
    expect((await call('POST', '/my/boards', owner, { name: '  ' })).json().errors.name).toEqual([
      'validation.required',
    ]);
    const added = await call('POST', `/my/boards/${id}/items`, owner, { property_id: offerIds[0] });
    const itemId = added.json().item_id as number;
    const bad = await call('PATCH', `/my/boards/${id}/items/${itemId}`, owner, { status: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['validation.invalid_value']);
    const badDate = await call('PATCH', `/my/boards/${id}/items/${itemId}`, owner, { viewing_at: 'friday' });
    expect(badDate.json().errors.viewing_at).toEqual(['validation.invalid_date']);
    const [item] = await api.db.select().from(boardItems).where(eq(boardItems.id, itemId));
    expect(item).toMatchObject({ status: 'to_view', viewingAt: null });
    // An offer that is not public cannot be added.
    expect((await call('POST', `/my/boards/${id}/items`, owner, { property_id: pausedId })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/my/boards/abc`, owner)).statusCode).toBe(404);
  });

  it('members set status, viewing date and notes; private notes stay with their author', async () => {
    const id = await newBoard();
    await join(id, member);
    const itemId = (await call('POST', `/my/boards/${id}/items`, member, { property_id: offerIds[1] })).json()
      .item_id;
    const again = await call('POST', `/my/boards/${id}/items`, owner, { property_id: offerIds[1] });
    expect(again.json()).toEqual({ item_id: itemId, added: false });
    const viewing = '2026-12-20T15:30:00+01:00';
    expect(
      (
        await call('PATCH', `/my/boards/${id}/items/${itemId}`, owner, {
          status: 'viewing_booked',
          viewing_at: viewing,
        })
      ).statusCode,
    ).toBe(200);
    const shared = await call('POST', `/my/boards/${id}/items/${itemId}/notes`, member, {
      body: 'Balcony faces south',
    });
    expect(shared.statusCode).toBe(201);
    const secret = await call('POST', `/my/boards/${id}/items/${itemId}/notes`, member, {
      body: 'Could offer 5 % less',
      shared: false,
    });
    expect(secret.statusCode).toBe(201);

    const seenByOwner = await boardOf(id, owner);
    const item = seenByOwner.items.find((entry) => entry.id === itemId);
    expect(item).toMatchObject({
      status: 'viewing_booked',
      viewing_at: '2026-12-20T14:30:00.000Z',
      updated_by_name: 'Olga Owner',
    });
    expect(item?.offer?.id).toBe(offerIds[1]);
    expect(item?.notes.map((note) => note.body)).toEqual(['Balcony faces south']);
    const seenByMember = (await boardOf(id, member)).items.find((entry) => entry.id === itemId);
    expect(seenByMember?.notes.map((note) => [note.body, note.shared])).toEqual([
      ['Balcony faces south', true],
      ['Could offer 5 % less', false],
    ]);
    expect(seenByOwner.invitations).toEqual([]);
    expect((await boardOf(id, member)).role).toBe('member');

    // Another's private note does not exist for the owner; a shared one the owner may take down.
    expect(
      (await call('DELETE', `/my/boards/${id}/items/${itemId}/notes/${secret.json().id}`, owner)).statusCode,
    ).toBe(404);
    const ownNote = await call('POST', `/my/boards/${id}/items/${itemId}/notes`, owner, {
      body: 'Ask about the lift',
    });
    expect(
      (await call('DELETE', `/my/boards/${id}/items/${itemId}/notes/${ownNote.json().id}`, member))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/my/boards/${id}/items/${itemId}/notes/${shared.json().id}`, owner)).statusCode,
    ).toBe(200);
    expect(await api.db.select().from(boardNotes).where(eq(boardNotes.itemId, itemId))).toHaveLength(2);

    // Owner-only calls: a member gets 403 and changes nothing.
    expect((await call('PATCH', `/my/boards/${id}`, member, { name: 'Ours' })).statusCode).toBe(403);
    expect(
      (await call('POST', `/my/boards/${id}/invitations`, member, { email: 'y@example.com' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/my/boards/${id}/members/${owner}`, member)).statusCode).toBe(403);
    expect((await boardOf(id, owner)).name).toBe('Flat in Prague');
  });

  it('favourites move to a board and leave the favourites (or stay when kept)', async () => {
    const id = await newBoard();
    await api.db.insert(favourites).values([
      { userId: owner, offerId: offerIds[2]! },
      { userId: owner, offerId: offerIds[3]! },
    ]);
    const moved = await call('POST', `/my/boards/${id}/favorites`, owner, {
      property_ids: [offerIds[2], offerIds[0]],
    });
    // offerIds[0] is no favourite of the owner: left out.
    expect(moved.json()).toEqual({ added: 1, already: 0 });
    const kept = await call('POST', `/my/boards/${id}/favorites`, owner, {
      property_ids: [offerIds[3]],
      keep_favorites: true,
    });
    expect(kept.json()).toEqual({ added: 1, already: 0 });
    const left = await api.db
      .select({ id: favourites.offerId })
      .from(favourites)
      .where(eq(favourites.userId, owner));
    expect(left.map((row) => row.id)).toEqual([offerIds[3]]);
    expect((await boardOf(id, owner)).items.map((item) => item.property_id).sort()).toEqual(
      [offerIds[2], offerIds[3]].sort(),
    );
  });
});

describe('invitations', () => {
  it('queues the e-mail with the invitation in one transaction, stores only the token’s hash, in the invitee’s language', async () => {
    const id = await newBoard('Houses near Brno');
    const [memberRow] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, member));
    const invited = await call('POST', `/my/boards/${id}/invitations`, owner, {
      email: memberRow?.email,
      locale: 'fr',
    });
    expect(invited.statusCode).toBe(201);
    const token = await invitationToken(memberRow!.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db
      .select()
      .from(boardInvitations)
      .where(eq(boardInvitations.id, invited.json().id));
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [job] = await api.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, 'email.board_invitation'), sql`${jobs.payload}->>'to' = ${memberRow!.email}`))
      .orderBy(sql`${jobs.id} desc`)
      .limit(1);
    // The invitee has an account in German: their language wins over the one the owner chose.
    expect(job?.payload).toMatchObject({
      locale: 'de',
      data: { board_name: 'Houses near Brno', inviter_name: 'Olga Owner' },
    });

    // No account: the language the owner chose, else the owner's own.
    await call('POST', `/my/boards/${id}/invitations`, owner, {
      email: 'new.person@example.com',
      locale: 'fr',
    });
    await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'other.person@example.com' });
    const locales = await api.db
      .select({ to: sql<string>`${jobs.payload}->>'to'`, locale: sql<string>`${jobs.payload}->>'locale'` })
      .from(jobs)
      .where(sql`${jobs.payload}->>'to' in ('new.person@example.com', 'other.person@example.com')`);
    expect(Object.fromEntries(locales.map((entry) => [entry.to, entry.locale]))).toEqual({
      'new.person@example.com': 'fr',
      'other.person@example.com': 'en',
    });
    expect((await boardOf(id, owner)).invitations.map((entry) => entry.email).sort()).toEqual(
      [memberRow!.email, 'new.person@example.com', 'other.person@example.com'].sort(),
    );
  });

  it('a refused invitation writes neither the invitation nor an e-mail', async () => {
    const id = await newBoard();
    const [ownerRow] = await api.db.select({ email: users.email }).from(users).where(eq(users.id, owner));
    const count = async () => [
      (
        await api.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(eq(jobs.kind, 'email.board_invitation'))
      )[0]?.n,
      (await api.db.select({ n: sql<number>`count(*)::int` }).from(boardInvitations))[0]?.n,
    ];
    const before = await count();
    const self = await call('POST', `/my/boards/${id}/invitations`, owner, {
      email: ownerRow!.email.toUpperCase(),
    });
    expect(self.statusCode).toBe(409);
    const bad = await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'not an address' });
    expect(bad.json().errors.email).toEqual(['validation.invalid_email']);
    expect(await count()).toEqual(before);
  });

  it('a link works once, for a week, until withdrawn; unknown tokens are 404', async () => {
    const id = await newBoard();
    const second = (await createUser(api.db)).id;
    const third = (await createUser(api.db)).id;
    await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'friend@example.com' });
    const token = await invitationToken('friend@example.com');
    const preview = await call('GET', `/public/board-invitations/${token}`);
    expect(preview.json()).toMatchObject({
      status: 'open',
      inviter_name: 'Olga Owner',
      email: 'friend@example.com',
    });
    expect((await call('POST', '/my/board-invitations', undefined, { token })).statusCode).toBe(401);
    expect((await call('POST', '/my/board-invitations', second, { token })).json()).toEqual({ board_id: id });
    // The same account again: still its board; anyone else: spent.
    expect((await call('POST', '/my/board-invitations', second, { token })).statusCode).toBe(200);
    expect((await call('POST', '/my/board-invitations', third, { token })).statusCode).toBe(410);
    expect((await call('GET', `/public/board-invitations/${token}`)).json().status).toBe('used');
    expect((await boardOf(id, second)).members.map((entry) => entry.user_id)).toEqual([owner, second]);

    await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'late@example.com' });
    const late = await invitationToken('late@example.com');
    await api.db
      .update(boardInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(boardInvitations.tokenHash, hashInvitationToken(late)));
    expect((await call('POST', '/my/board-invitations', third, { token: late })).statusCode).toBe(410);

    const withdrawn = await call('POST', `/my/boards/${id}/invitations`, owner, {
      email: 'gone@example.com',
    });
    const gone = await invitationToken('gone@example.com');
    expect(
      (await call('DELETE', `/my/boards/${id}/invitations/${withdrawn.json().id}`, owner)).statusCode,
    ).toBe(200);
    expect((await call('POST', '/my/board-invitations', third, { token: gone })).statusCode).toBe(410);
    // Inviting an address again withdraws its earlier link.
    await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'twice@example.com' });
    const first = await invitationToken('twice@example.com');
    await call('POST', `/my/boards/${id}/invitations`, owner, { email: 'twice@example.com' });
    expect((await call('GET', `/public/board-invitations/${first}`)).json().status).toBe('expired');

    expect((await call('GET', `/public/board-invitations/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await call('POST', '/my/board-invitations', third, { token: 'short' })).statusCode).toBe(422);
    await expect(boardOf(id, third)).rejects.toThrow();
  });
});

describe('live changes', () => {
  it('a member’s stream tells each change by whom, keeps others’ private notes out, and ends when the member is removed', async () => {
    const id = await newBoard();
    await join(id, member);
    const itemId = (await call('POST', `/my/boards/${id}/items`, owner, { property_id: offerIds[0] })).json()
      .item_id;
    const stream = await openStream(baseUrl, id, member);
    expect(stream.status).toBe(200);
    try {
      await call('PATCH', `/my/boards/${id}/items/${itemId}`, owner, { status: 'rejected' });
      expect(await stream.next()).toEqual({
        event: 'change',
        data: { kind: 'item_updated', actor_name: 'Olga Owner', by_you: false, item_id: itemId },
      });
      // The owner's private note reaches nobody else; the shared one after it does.
      await call('POST', `/my/boards/${id}/items/${itemId}/notes`, owner, { body: 'mine', shared: false });
      await call('POST', `/my/boards/${id}/items/${itemId}/notes`, owner, { body: 'ours' });
      expect(await stream.next()).toMatchObject({
        event: 'change',
        data: { kind: 'note_added', by_you: false },
      });
      expect(await stream.next(300)).toBe('timeout');

      expect((await call('DELETE', `/my/boards/${id}/members/${member}`, owner)).statusCode).toBe(200);
      expect(await stream.next()).toEqual({ event: 'revoked', data: { board_id: id } });
      expect(await stream.next()).toBe('closed');
      expect((await call('GET', `/my/boards/${id}`, member)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/my/boards/${id}/items/${itemId}`, member, { status: 'favourite' })).statusCode,
      ).toBe(404);
      const again = await openStream(baseUrl, id, member);
      expect(again.status).toBe(404);
      again.close();
      expect(
        await api.db
          .select()
          .from(boardMembers)
          .where(and(eq(boardMembers.boardId, id), eq(boardMembers.userId, member))),
      ).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('a member who leaves, and a deleted board, end the streams', async () => {
    const id = await newBoard();
    await join(id, member);
    const ownerStream = await openStream(baseUrl, id, owner);
    const memberStream = await openStream(baseUrl, id, member);
    try {
      expect((await call('DELETE', `/my/boards/${id}/members/${member}`, member)).statusCode).toBe(200);
      expect(await memberStream.next()).toMatchObject({ event: 'revoked' });
      expect(await ownerStream.next()).toMatchObject({ event: 'change', data: { kind: 'member_removed' } });
      expect((await call('DELETE', `/my/boards/${id}/members/${owner}`, owner)).statusCode).toBe(409);
      expect((await call('DELETE', `/my/boards/${id}`, owner)).statusCode).toBe(200);
      expect(await ownerStream.next()).toMatchObject({ event: 'revoked' });
    } finally {
      ownerStream.close();
      memberStream.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL a change through one API instance reaches a stream held by another, and so does a removal',
    async () => {
      const second = await buildApp({ config: api.config, db: api.database });
      await second.ready();
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      try {
        const id = await newBoard();
        await join(id, member);
        const itemId = (
          await call('POST', `/my/boards/${id}/items`, owner, { property_id: offerIds[2] })
        ).json().item_id;
        const stream = await openStream(secondUrl, id, member);
        expect(stream.status).toBe(200);
        // Give the second instance's LISTEN connection its moment (it reports nothing when ready).
        await new Promise((resolve) => setTimeout(resolve, 300));
        await call('PATCH', `/my/boards/${id}/items/${itemId}`, owner, {
          viewing_at: '2026-12-21T10:00:00Z',
        });
        expect(await stream.next()).toMatchObject({
          event: 'change',
          data: { kind: 'item_updated', item_id: itemId },
        });
        await call('DELETE', `/my/boards/${id}/members/${member}`, owner);
        expect(await stream.next()).toMatchObject({ event: 'revoked' });
        stream.close();
      } finally {
        await second.close();
      }
    },
  );
});
