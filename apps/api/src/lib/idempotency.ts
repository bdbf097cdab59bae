import { createHash } from 'node:crypto';
import { type Db, idempotencyKeys, type Tx } from '@estately/db';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

// Idempotent creates (issue 11 item 10, docs/decisions/014-lost-edits-and-idempotent-creates.md).
// A client that is not sure its create arrived (a timeout, a dropped mobile connection, a
// double click) repeats it with the same `Idempotency-Key` header and gets the first answer
// again, with `Idempotent-Replayed: true`, instead of a second row. The header is optional.
//
// The key row is inserted first, in the transaction that creates the resource, and the answer
// is stored in it before commit: the row and the key exist together or not at all. A repeat
// running at the same moment blocks on the unique index until the first commits, fails with a
// unique violation and then reads the stored answer. A create that fails (422, 404) rolls the
// key back with it, so the client may correct the request and send it again under that key.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Keys are kept a day: long enough for any client retry, short enough to keep the table small. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** Printable ASCII without spaces, 1 to 255 characters (a UUID is the usual choice). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_DOC = `Optional \`Idempotency-Key\` header (1 to 255 printable ASCII characters, e.g. a UUID per attempted create): a repeat with the same key, by the same user, to the same operation and with the same body answers the first answer again with \`Idempotent-Replayed: true\` and creates nothing more, also when the repeats arrive at once. The same key with a different body answers 422 \`validation_errors\` with \`validation.idempotency_key_reused\` on \`Idempotency-Key\`; a malformed key \`validation.invalid_value\`. Failed requests are not remembered. Keys are kept 24 hours.`;

/** The request's `Idempotency-Key`, or null when it has none; 422 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  // The IETF draft spells the key as a structured-field string ("..."); plain tokens are common.
  const value = typeof raw === 'string' ? raw.replace(/^"(.*)"$/, '$1') : '';
  if (!KEY_PATTERN.test(value)) {
    throw new AppError('validation_errors', { errors: { 'Idempotency-Key': ['validation.invalid_value'] } });
  }
  return value;
}

/** Objects with their keys sorted, so two spellings of one body hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)) ?? 'null')
    .digest('base64url');
}

export interface IdempotentCall {
  db: Db;
  userId: number;
  /** The operation, e.g. `POST /saved_searches`: a key means nothing across operations. */
  route: string;
  key: string;
  /** What makes two requests the same: path parameters and body. */
  request: unknown;
}

export interface Answer {
  statusCode: number;
  body: unknown;
  /** Sent with a fresh answer only; a replay has the stored status and body. */
  headers?: Record<string, string>;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The stored answer of an earlier request with this key, or null; 422 if it was another request. */
export async function storedAnswer(call: IdempotentCall): Promise<Answer | null> {
  const [row] = await call.db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, call.userId),
        eq(idempotencyKeys.route, call.route),
        eq(idempotencyKeys.key, call.key),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== requestHash(call.request)) {
    throw new AppError('validation_errors', {
      errors: { 'Idempotency-Key': ['validation.idempotency_key_reused'] },
    });
  }
  return {
    statusCode: row.statusCode,
    body: typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
  };
}

/**
 * Runs `create` in a transaction that also claims the key and stores the answer. Returns the
 * answer and whether it is a replay. `create` must do all its writes through `tx`.
 */
export async function runIdempotent(
  call: IdempotentCall,
  create: (tx: Tx) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const earlier = await storedAnswer(call);
  if (earlier) return { ...earlier, replayed: true };
  const where = and(
    eq(idempotencyKeys.userId, call.userId),
    eq(idempotencyKeys.route, call.route),
    eq(idempotencyKeys.key, call.key),
  );
  try {
    const answer = await call.db.transaction(async (tx) => {
      // Claimed before the work: a concurrent repeat waits here rather than creating too.
      await tx.insert(idempotencyKeys).values({
        userId: call.userId,
        route: call.route,
        key: call.key,
        requestHash: requestHash(call.request),
        statusCode: 0,
      });
      const result = await create(tx);
      // Stored as JSON text (a jsonb string), not as a jsonb object: jsonb reorders object
      // members, and a replay must be the same bytes as the first answer.
      const body = JSON.stringify(result.body ?? null);
      await tx.update(idempotencyKeys).set({ statusCode: result.statusCode, response: body }).where(where);
      return result;
    });
    return { ...answer, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same key committed first, while this request waited: answer as it did.
    const first = await storedAnswer(call);
    if (!first) throw error;
    return { ...first, replayed: true };
  }
}

/** Sends an answer of `runIdempotent`, marking replays. */
export function sendAnswer(reply: FastifyReply, answer: Answer & { replayed?: boolean }) {
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return reply.code(answer.statusCode).send(answer.body);
}

// Repeats of one key that reach this process together wait for each other, so a repeat finds
// the first answer before it reaches a rate limit (a burst of ten repeats is one message, not
// ten hits of a three-a-day budget). Across processes the unique index still keeps one row.
const inFlight = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(
  call: Omit<IdempotentCall, 'db' | 'request'>,
  work: () => Promise<T>,
): Promise<T> {
  const name = JSON.stringify([call.userId, call.route, call.key]);
  const previous = inFlight.get(name) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(work);
  const settled = current.catch(() => undefined);
  inFlight.set(name, settled);
  try {
    return await current;
  } finally {
    if (inFlight.get(name) === settled) inFlight.delete(name);
  }
}

/**
 * A create route's answer with optional idempotency. Without a key: `admit` (rate limits:
 * answer a refusal to stop) and `create` on the database. With a key: a stored answer is
 * replayed before `admit` runs; otherwise `create` runs in the key's transaction and
 * `afterCreate` (recording rate-limit hits) only for a fresh success.
 */
export async function respondIdempotently(
  reply: FastifyReply,
  options: {
    db: Db;
    call: Omit<IdempotentCall, 'db'> | null;
    admit?: () => Answer | null | Promise<Answer | null>;
    create: (db: Db | Tx) => Promise<Answer>;
    afterCreate?: () => void | Promise<void>;
  },
): Promise<FastifyReply> {
  const { db, call, admit, create, afterCreate } = options;
  if (call === null) {
    const refusal = await admit?.();
    if (refusal) return sendAnswer(reply, refusal);
    const answer = await create(db);
    await afterCreate?.();
    return sendAnswer(reply, answer);
  }
  const keyed = { ...call, db };
  return oneAtATime(call, async () => {
    const earlier = await storedAnswer(keyed);
    if (earlier) return sendAnswer(reply, { ...earlier, replayed: true });
    const refusal = await admit?.();
    if (refusal) return sendAnswer(reply, refusal);
    const answer = await runIdempotent(keyed, create);
    if (!answer.replayed) await afterCreate?.();
    return sendAnswer(reply, answer);
  });
}

/** Keys older than the retention (the hourly clean-up job). Returns how many went. */
export async function pruneIdempotencyKeys(db: Db | Tx, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
