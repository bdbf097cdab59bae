import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './types.ts';

type Results<T extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Runs queries that do not depend on each other, for an operation that may be handed the pool
 * or a transaction: side by side on the pool, where each takes a connection of its own, and
 * one after another in a transaction, whose one connection runs one statement at a time
 * (node-postgres queues the rest and warns; pg 9 refuses them). Pass functions, not started
 * queries: a drizzle query is sent when awaited, so `Promise.all` over queries of one
 * transaction is exactly the overlap to avoid.
 */
export async function independentQueries<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  queries: T,
): Promise<Results<T>> {
  if (!is(db, PgTransaction)) return (await Promise.all(queries.map((query) => query()))) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results<T>;
}
