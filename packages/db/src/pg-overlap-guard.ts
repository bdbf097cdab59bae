import pg from 'pg';

// One statement at a time per PostgreSQL connection. `Promise.all` over queries of one
// transaction (or of a client checked out of the pool) makes node-postgres queue them on its one
// connection: pg 8 warns "Calling client.query() when the client is already executing a query
// is deprecated" (from the third such statement on only) and pg 9 refuses it. Queries on the
// pool itself take a client each and may overlap freely; a transaction's may not.
//
// The test databases on PostgreSQL (testing.ts) switch this guard on; it records every
// statement sent to a client that was still busy, at once and from the second statement on,
// and the API tests' setup (apps/api/test/setup.ts) fails a test that left any behind.

export interface OverlappingQuery {
  /** The statement sent while the client was busy. */
  sent: string;
  /** What the client was running (or had queued) at that moment. */
  busyWith: string;
  /** Where `client.query` was called (drizzle's session, mostly: the SQL names the site). */
  stack: string;
}

/** pg's fields that say a client is busy (node-postgres 8; checked when the guard starts). */
type ClientState = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };

const recorded: OverlappingQuery[] = [];
let watching = false;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string')
    return query.text;
  return String(query);
}

/** Starts recording overlapping statements on every node-postgres client of this process. */
export function watchPgOverlaps(): void {
  if (watching) return;
  // A pg release that renamed these fields would turn the guard off without a word: refuse.
  const probe = new pg.Client() as pg.Client & ClientState;
  if (!('_activeQuery' in probe) || !Array.isArray(probe._queryQueue)) {
    throw new Error('pg-overlap-guard: this pg version has no _activeQuery/_queryQueue; update the guard');
  }
  watching = true;
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
  pg.Client.prototype.query = function watchedQuery(this: pg.Client & ClientState, ...args: any[]): any {
    const busy = this._activeQuery ?? this._queryQueue?.[0];
    if (busy && !this.pipeline) {
      recorded.push({
        sent: textOf(args[0]),
        busyWith: textOf(busy),
        stack: new Error('overlapping query').stack ?? '',
      });
    }
    // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of query
    return (original as any).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** The overlapping statements recorded since the last call (and forgets them). */
export function takePgOverlaps(): OverlappingQuery[] {
  return recorded.splice(0);
}

/**
 * A readable report of overlapping statements, for a failing test: each pair of statements once,
 * with how often. Drizzle calls pg from a promise job, so the stack rarely reaches the caller:
 * the SQL names the site; frames outside node_modules are shown when there are any.
 */
export function describePgOverlaps(overlaps: readonly OverlappingQuery[]): string {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 300);
  const pairs = new Map<string, { overlap: OverlappingQuery; times: number }>();
  for (const overlap of overlaps) {
    const key = `${overlap.sent}\0${overlap.busyWith}`;
    const seen = pairs.get(key);
    if (seen) seen.times += 1;
    else pairs.set(key, { overlap, times: 1 });
  }
  return [...pairs.values()]
    .map(({ overlap, times }) => {
      const frames = overlap.stack
        .split('\n')
        .filter((line) => line.trim().startsWith('at ') && !/node_modules|pg-overlap-guard/.test(line));
      return [
        `- ${times}x sent: ${oneLine(overlap.sent)}`,
        `  while busy with: ${oneLine(overlap.busyWith)}`,
        ...frames.slice(0, 8).map((frame) => `  ${frame.trim()}`),
      ].join('\n');
    })
    .join('\n');
}
