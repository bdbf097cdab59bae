import type { ServerResponse } from 'node:http';
import { boardMembers, type Db, users } from '@estately/db';
import { type BoardChange, userDisplayName } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { requireMembership } from './board-access.ts';
import type { BoardEvent, BoardEventBus } from './board-events.ts';

// The live stream of one board (decision 071): server-sent events over a plain GET, so nginx
// and the browser need nothing special. The client holds the board as the web page loaded it and
// loads it again on each `change`; the stream itself carries no board data, only what changed
// and who changed it, each time after checking that the listener is still a member. A removal
// ends the removed person's streams at once (`revoked`), on whichever instance holds them, and
// a check at every heartbeat ends a stream whose notification was lost.

export const HEARTBEAT_MS = 15_000;

/** The open streams of this process, ended when it stops (else a close would wait for them). */
export class OpenStreams {
  private readonly ends = new Set<() => void>();
  add(end: () => void): () => void {
    this.ends.add(end);
    return () => this.ends.delete(end);
  }
  get size(): number {
    return this.ends.size;
  }
  endAll() {
    for (const end of [...this.ends]) end();
  }
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Answers the request with the board's event stream. The caller is checked first (404 as a
 * normal answer for a non-member); from then on the reply is written by hand.
 */
export async function streamBoardEvents(options: {
  db: Db;
  bus: BoardEventBus;
  streams: OpenStreams;
  reply: FastifyReply;
  userId: number;
  boardId: number;
  heartbeatMs?: number;
}): Promise<void> {
  const { db, bus, streams, reply, userId, boardId } = options;
  await requireMembership(db, boardId, userId);

  reply.hijack();
  const raw: ServerResponse = reply.raw;
  raw.writeHead(200, {
    // CORS and security headers set by earlier hooks are on the reply, not yet on the response.
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    // nginx passes each event on at once instead of buffering the answer (scripts/cluster).
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // Reconnect after 3 s; the first comment flushes the headers through any proxy.
  raw.write(`retry: 3000\n: ${boardId}\n\n`);

  let open = true;
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = bus.subscribe(boardId, (event) => {
    queue = queue.then(() => deliver(event)).catch(() => end());
  });
  const heartbeat = setInterval(() => {
    queue = queue.then(() => checkStillMember()).catch(() => end());
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  const forget = streams.add(() => end());
  raw.on('close', () => end());

  function end(revoked = false) {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
    if (revoked && !raw.writableEnded) raw.write(frame('revoked', { board_id: boardId }));
    raw.end();
  }

  async function isMember(): Promise<boolean> {
    const [row] = await db
      .select({ userId: boardMembers.userId })
      .from(boardMembers)
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  async function checkStillMember() {
    if (!open) return;
    if (!(await isMember())) return end(true);
    raw.write(': ping\n\n');
  }

  async function deliver(event: BoardEvent) {
    if (!open) return;
    if (event.kind === 'board_deleted' || (event.kind === 'member_removed' && event.user_id === userId))
      return end(true);
    if (event.private_to !== null && event.private_to !== userId) return;
    // Nothing reaches a person who is no longer on the board, whatever the order of events.
    if (!(await isMember())) return end(true);
    const change: BoardChange = {
      kind: event.kind === 'resync' ? 'item_updated' : event.kind,
      actor_name: event.actor_id === null ? null : await actorName(event.actor_id),
      by_you: event.actor_id === userId,
      item_id: event.item_id,
    };
    if (open) raw.write(frame('change', change));
  }

  async function actorName(id: number): Promise<string | null> {
    const [row] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ? userDisplayName(row) : null;
  }
}
