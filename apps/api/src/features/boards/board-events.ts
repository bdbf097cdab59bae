import { EventEmitter } from 'node:events';
import type { Db, Tx } from '@estately/db';
import type { BoardEventKind } from '@estately/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

// How a change on a board reaches the live streams of its members (decision 071). With
// PostgreSQL every API instance LISTENs on one channel and a change NOTIFYs it inside its own
// transaction: PostgreSQL delivers the notification at commit, to every instance, and never for
// a change that rolled back, so a stream held by another instance hears of it as surely as one
// held by this one. PGlite is one process by construction (its data folder is locked), so the
// changes go to this process's streams after their commit.

/** The channel every instance listens on. */
export const BOARD_CHANNEL = 'board_events';

export interface BoardEvent {
  board_id: number;
  kind: BoardEventKind | 'resync';
  /** Who made the change (null: the system, or a resync). */
  actor_id: number | null;
  item_id: number | null;
  /** The member a member_joined or member_removed is about. */
  user_id: number | null;
  /** A private note's change: told to its author's streams only. */
  private_to: number | null;
}

type Listener = (event: BoardEvent) => void;

export interface BoardEventBus {
  /** Inside the change's transaction. */
  publish(tx: Tx, events: readonly BoardEvent[]): Promise<void>;
  /** After the transaction committed. */
  committed(events: readonly BoardEvent[]): void;
  /** Every event of one board from now on; returns the unsubscribe. */
  subscribe(boardId: number, listener: Listener): () => void;
  close(): Promise<void>;
}

/** A change's event with the fields it does not name left null. */
export function boardEvent(
  boardId: number,
  kind: BoardEventKind,
  fields: Partial<Omit<BoardEvent, 'board_id' | 'kind'>> = {},
): BoardEvent {
  return {
    board_id: boardId,
    kind,
    actor_id: fields.actor_id ?? null,
    item_id: fields.item_id ?? null,
    user_id: fields.user_id ?? null,
    private_to: fields.private_to ?? null,
  };
}

/**
 * Runs a board change in one transaction, collecting the events it emits; they are published
 * in the transaction (NOTIFY) and handed to this process's streams once it committed.
 */
export async function inBoardTransaction<T>(
  db: Db,
  bus: BoardEventBus,
  work: (tx: Tx, emit: (event: BoardEvent) => void) => Promise<T>,
): Promise<T> {
  let events: BoardEvent[] = [];
  const result = await db.transaction(async (tx) => {
    events = [];
    const value = await work(tx, (event) => events.push(event));
    await bus.publish(tx, events);
    return value;
  });
  bus.committed(events);
  return result;
}

function isBoardEvent(value: unknown): value is BoardEvent {
  const event = value as BoardEvent | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    Number.isSafeInteger(event.board_id) &&
    typeof event.kind === 'string'
  );
}

class LocalListeners {
  private readonly emitter = new EventEmitter();
  constructor() {
    // One listener per open stream: many members of one board is normal, not a leak.
    this.emitter.setMaxListeners(0);
  }
  subscribe(boardId: number, listener: Listener): () => void {
    const name = String(boardId);
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
  emit(event: BoardEvent) {
    this.emitter.emit(String(event.board_id), event);
  }
  /** Every board with an open stream: told to load again after a gap in the notifications. */
  resyncAll() {
    for (const name of this.emitter.eventNames()) {
      const boardId = Number(name);
      this.emit({
        board_id: boardId,
        kind: 'resync',
        actor_id: null,
        item_id: null,
        user_id: null,
        private_to: null,
      });
    }
  }
}

/** One process, no database notifications: PGlite, and a plain Drizzle database in tests. */
export function createLocalBoardEventBus(): BoardEventBus {
  const listeners = new LocalListeners();
  return {
    async publish() {},
    committed(events) {
      for (const event of events) listeners.emit(event);
    },
    subscribe: (boardId, listener) => listeners.subscribe(boardId, listener),
    async close() {},
  };
}

/**
 * PostgreSQL: NOTIFY in the change's transaction, and one connection of this process that
 * LISTENs (outside the pool, whose connections are lent for one statement or transaction).
 * When that connection drops it is opened again after a second, and every open stream is told
 * to load its board again, since notifications sent meanwhile are lost.
 */
export function createPostgresBoardEventBus(pool: pg.Pool, log: FastifyBaseLogger): BoardEventBus {
  const listeners = new LocalListeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  // Only the connection settings: the pool's statement time limits would end a LISTEN that waits.
  const { connectionString, host, port, user, password, database, ssl } = pool.options;

  async function connect(): Promise<void> {
    if (closed) return;
    // The pool's own client class (node-postgres keeps it on the pool): the API does not load pg itself.
    const PoolClient = (pool as unknown as { Client: typeof pg.Client }).Client;
    const next = new PoolClient({
      connectionString,
      host,
      port,
      user,
      password,
      database,
      ssl,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel !== BOARD_CHANNEL || !message.payload) return;
      try {
        const event: unknown = JSON.parse(message.payload);
        if (isBoardEvent(event)) listeners.emit(event);
      } catch {
        log.warn({ payload: message.payload }, 'board event: not JSON');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'board events: the LISTEN connection failed; opening it again');
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${BOARD_CHANNEL}`);
      client = next;
      listeners.resyncAll();
    } catch (error) {
      log.warn({ err: error }, 'board events: cannot LISTEN yet; trying again');
      reconnect(next);
    }
  }

  function reconnect(failed: pg.Client) {
    if (closed || retry) return;
    if (client === failed) client = null;
    failed.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  }

  const ready = connect();
  return {
    async publish(tx, events) {
      for (const event of events) {
        await tx.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${JSON.stringify(event)})`);
      }
    },
    committed() {},
    subscribe: (boardId, listener) => listeners.subscribe(boardId, listener),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** The bus for the API's database: PostgreSQL's notifications when it runs on a pool. */
export function createBoardEventBus(db: Db, log: FastifyBaseLogger): BoardEventBus {
  // node-postgres's Drizzle database keeps its pool as `$client`; PGlite's is no pool.
  const client = (db as unknown as { $client?: Partial<pg.Pool> & { Client?: unknown } }).$client;
  if (client && typeof client.Client === 'function' && typeof client.connect === 'function' && client.options)
    return createPostgresBoardEventBus(client as pg.Pool, log);
  return createLocalBoardEventBus();
}
