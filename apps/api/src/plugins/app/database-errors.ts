// Which errors mean "the database cannot be reached right now" rather than "this request is
// wrong": the error handler answers those 503 with Retry-After (issue 11, checks 11 and 13),
// so clients and load balancers retry instead of reporting a bug.

/** PostgreSQL SQLSTATEs of a server that is shutting down, starting, overloaded or cut off. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (also what a backend says when the server is killed)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled: the statement timeout fired
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '25P03', // idle_in_transaction_session_timeout
]);

const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTCONN',
]);

/** node-postgres raises these as plain Errors, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** True when the error, or one it wraps (Drizzle wraps driver errors as `cause`), says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.includes(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client should wait before retrying after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A write refused because the disk (or the media volume's quota) is full. */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer's message for a full disk: says what happened, names no path. */
export const STORAGE_FULL_MESSAGE = 'Not enough storage space: the file was not saved';
