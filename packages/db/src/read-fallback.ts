import type { Db } from './types.ts';

// A read on the replica that fails because the replica went away is run again on the primary
// (client.ts, FallbackReadPool): between the replica stopping and the read routing noticing it
// (apps/api plugins/app/read-routing.ts, about a second) visitors would otherwise get 503s.
// Only failures of the connection count: the statement did not run, or ran on a server that is
// going away, and a read run twice is harmless. A statement's own error (syntax, a constraint,
// statement_timeout 57014, a client query timeout) would fail the same way on the primary, or
// says the database is slow rather than gone, and is never retried.

/** SQLSTATEs of a server that shuts down or is starting (class 57P) and of connection exceptions (class 08). */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03']);

/** Node's socket errors of a server that cannot be reached or dropped the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres's own errors of a connection that ended or broke (lib/client.js). */
const CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * Whether `error` says the connection to the server failed (refused, dropped, the server
 * shutting down or not yet accepting connections), not the statement. A connect attempt that
 * timed out is not one: a replica that hangs is the read routing's to judge, and a wait for a
 * client of a busy pool ends the same way.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_STATES.has(code) || (code.length === 5 && code.startsWith('08'))) return true;
    if (SOCKET_CODES.has(code)) return true;
  }
  return CONNECTION_MESSAGES.has(error.message);
}

/** Called with the replica's error each time a read was run again on the primary. */
export type ReadFallbackListener = (error: Error) => void;

const listenersByDb = new WeakMap<Db, Set<ReadFallbackListener>>();

/** Registers the listeners of a read database whose pool falls back to the primary (client.ts). */
export function readFallbackListeners(readDb: Db): Set<ReadFallbackListener> {
  let listeners = listenersByDb.get(readDb);
  if (!listeners) {
    listeners = new Set();
    listenersByDb.set(readDb, listeners);
  }
  return listeners;
}

/**
 * Calls `listener` whenever a read of `readDb` failed on the replica for its connection and was
 * run again on the primary (metrics, the read routing's monitor). Nothing happens for a
 * database without a replica. Returns the function that removes the listener.
 */
export function onReadFallback(readDb: Db, listener: ReadFallbackListener): () => void {
  const listeners = readFallbackListeners(readDb);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
