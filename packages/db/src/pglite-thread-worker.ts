// The embedded database on a thread of its own (decision 024): this worker owns the PGlite
// instance and answers the messages of `PgliteThread` (pglite-thread.ts) in the main thread.
// Statements run here, so the main thread's HTTP work goes on while one runs.
//
// Ordering and exclusivity come from PGlite itself: a statement outside a transaction waits for
// the open transaction (PGlite's transaction mutex), statements of one transaction run in the
// order they arrive, and messages arrive in the order the main thread sent them.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteExtensions } from './extensions.ts';
import type { ThreadReply, ThreadRequest, ThreadSetup, WireError } from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs as a worker thread only');
const setup = workerData as ThreadSetup;

/** Open transactions by the main thread's number, and how each is to end. */
const transactions = new Map<number, Transaction>();
const endings = new Map<number, (commit: boolean) => void>();
/** Thrown inside PGlite's transaction callback to make it roll back without an error of its own. */
const ROLLBACK = Symbol('rollback');

function reply(message: ThreadReply): void {
  port?.postMessage(message);
}

/** Database errors carry their SQLSTATE and fields as own properties, which a plain clone drops. */
function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

function queryOptions(request: Extract<ThreadRequest, { op: 'query' }>): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.blob) options.blob = request.blob;
  // The caller's parsers run in the main thread on the text this leaves untouched.
  if (request.rawOids?.length) {
    const parsers: NonNullable<QueryOptions['parsers']> = {};
    for (const oid of request.rawOids) parsers[oid] = (value: string) => value;
    options.parsers = parsers;
  }
  return options;
}

function target(db: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open;
}

async function handle(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await target(db, request.tx).query(request.text, request.params, queryOptions(request));
      return result;
    }
    case 'exec':
      await target(db, request.tx).exec(request.text);
      return undefined;
    case 'rollback': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      await open.rollback();
      return undefined;
    }
    case 'begin':
      return new Promise<void>((begun, failed) => {
        let started = false;
        db.transaction(async (tx) => {
          started = true;
          transactions.set(request.tx, tx);
          begun();
          // Set before the main thread can hear of the begin, so its `end` always finds it.
          const commit = await new Promise<boolean>((resolve) => endings.set(request.tx, resolve));
          if (!commit) throw ROLLBACK;
        })
          .then(
            () => settle(request.tx, undefined),
            (error: unknown) => {
              if (started) settle(request.tx, error === ROLLBACK ? undefined : error);
              else failed(error);
            },
          )
          .finally(() => transactions.delete(request.tx));
      });
    case 'end': {
      const end = endings.get(request.tx);
      if (!end) throw new Error(`transaction ${request.tx} is not open`);
      endings.delete(request.tx);
      return new Promise<void>((resolve, reject) => {
        settling.set(request.tx, { resolve, reject });
        end(request.commit);
      });
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

/** Ends waiting for PGlite's COMMIT or ROLLBACK. */
const settling = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

function settle(tx: number, error: unknown): void {
  const waiting = settling.get(tx);
  settling.delete(tx);
  if (!waiting) return;
  if (error === undefined) waiting.resolve();
  else waiting.reject(error);
}

try {
  const db = await PGlite.create({
    ...(setup.dataDir ? { dataDir: setup.dataDir } : {}),
    ...(setup.loadDataDir ? { loadDataDir: setup.loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  port.on('message', (request: ThreadRequest) => {
    handle(db, request).then(
      (value) => {
        try {
          reply({ id: request.id, ok: true, value });
        } catch (error) {
          reply({ id: request.id, ok: false, error: toWire(error) });
        }
      },
      (error: unknown) => reply({ id: request.id, ok: false, error: toWire(error) }),
    );
  });
  reply({ id: 0, ok: true, value: 'ready' });
} catch (error) {
  reply({ id: 0, ok: false, error: toWire(error) });
}
