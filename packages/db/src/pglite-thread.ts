// The embedded database on a worker thread (decision 024). PGlite runs PostgreSQL compiled to
// WASM synchronously on the thread that calls it: in the API process every statement held up
// every other request's HTTP work, and check 14 found the serving thread spending most of its
// time inside PGlite. `PgliteThread` sends each statement to pglite-thread-worker.ts and
// awaits the answer, so the API's thread serves requests while the statement runs on the
// second core.
//
// It offers the part of PGlite's interface the app uses: `query` (rows as objects or arrays,
// the caller's type parsers, a COPY blob), `exec`, `transaction` (exclusive and in order, as
// PGlite's own) and `close`. Values keep their types: rows cross the thread boundary as a
// structured clone, so numbers (int8 included), Dates, JSON objects, arrays and byte arrays
// arrive as PGlite made them. The data folder's lock stays with the main thread (client.ts).
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';

/** What the worker is started with. */
export type ThreadSetup = { dataDir?: string; loadDataDir?: Blob };

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      tx?: number;
      text: string;
      params?: unknown[];
      rowMode?: RowMode;
      /** Types the worker leaves as text, for the caller's parsers to read here. */
      rawOids?: number[];
      blob?: Blob;
    }
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type WireError = {
  message: string;
  name: string;
  stack?: string;
  /** The error's own fields: SQLSTATE `code`, `constraint`, `detail`, `table` ... */
  fields: Record<string, string | number | boolean>;
};

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** Distributive Omit, so each request kind keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const WORKER_URL = new URL('./pglite-thread-worker.ts', import.meta.url);

function fromWire(error: WireError): Error {
  const rebuilt = new Error(error.message);
  Object.assign(rebuilt, error.fields);
  Object.defineProperty(rebuilt, 'name', { value: error.name, configurable: true, writable: true });
  if (error.stack)
    rebuilt.stack = `${error.stack}\n    (in the PGlite thread)${rebuilt.stack?.slice(rebuilt.stack.indexOf('\n')) ?? ''}`;
  return rebuilt;
}

/**
 * The error of every statement once the worker is gone: SQLSTATE 08006 (connection failure), so
 * the API answers 503 with Retry-After as for a PostgreSQL server that went away.
 */
function threadGone(reason: string): Error {
  return Object.assign(new Error(`the PGlite thread is not running (${reason})`), { code: '08006' });
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseRows<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: RowMode) {
  const fields = result.fields ?? [];
  for (const [index, field] of fields.entries()) {
    const parser = parsers[field.dataTypeID];
    if (!parser) continue;
    for (const row of result.rows as unknown as Array<Record<string | number, unknown>>) {
      const key = rowMode === 'array' ? index : field.name;
      const value = row[key];
      if (typeof value === 'string')
        row[key] = (parser as (value: string, typeId: number) => unknown)(value, field.dataTypeID);
    }
  }
  return result;
}

/** A transaction's statements, sent to the worker's open transaction of that number. */
export class PgliteThreadTransaction {
  #closed = false;
  private readonly thread: PgliteThread;
  readonly number: number;
  constructor(thread: PgliteThread, number: number) {
    this.thread = thread;
    this.number = number;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (this.#closed) return Promise.reject(new Error('the transaction is closed'));
    return this.thread.send<T>(text, params, options, this.number);
  }

  async exec(text: string): Promise<void> {
    if (this.#closed) throw new Error('the transaction is closed');
    await this.thread.call({ op: 'exec', tx: this.number, text });
  }

  async rollback(): Promise<void> {
    if (this.#closed) return;
    await this.thread.call({ op: 'rollback', tx: this.number });
    this.#closed = true;
  }

  /** @internal the transaction has ended on the worker's side. */
  markClosed(): void {
    this.#closed = true;
  }
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTx = 1;
  #gone: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: ThreadReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(fromWire(reply.error));
    });
    const fail = (reason: string) => {
      this.#gone ??= threadGone(reason);
      for (const pending of this.#pending.values()) pending.reject(this.#gone);
      this.#pending.clear();
    };
    worker.on('error', (error) => fail(error.message));
    worker.on('exit', (code) => fail(`exit ${code}`));
  }

  /** Starts the worker and opens the database in it (a folder, or in memory without one). */
  static async open(setup: ThreadSetup): Promise<PgliteThread> {
    const worker = new Worker(WORKER_URL, { workerData: setup });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (reply: ThreadReply) => {
        if (reply.id !== 0) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (reply.ok) resolve();
        else reject(fromWire(reply.error));
      };
      const onExit = (code: number) => reject(threadGone(`exit ${code} while opening`));
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return new PgliteThread(worker);
  }

  /** @internal one request to the worker and its answer. */
  call(request: WithoutId<ThreadRequest>): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Keeps the process alive while an answer is due, not while the database sits idle.
      if (this.#pending.size === 1) this.#worker.ref();
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        this.#pending.delete(id);
        reject(error as Error);
      }
    });
  }

  /** @internal a query, in a transaction when `tx` is given. */
  async send<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    if (options?.serializers || options?.paramTypes)
      throw new Error('PgliteThread: serializers and paramTypes are not supported');
    const parsers = options?.parsers;
    const rawOids = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.call({
      op: 'query',
      tx,
      text,
      params,
      rowMode: options?.rowMode,
      rawOids,
      blob: options?.blob,
    })) as Results<T>;
    return parsers ? parseRows(result, parsers, options?.rowMode ?? 'object') : result;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send<T>(text, params, options);
  }

  async exec(text: string): Promise<void> {
    await this.call({ op: 'exec', text });
  }

  /**
   * Runs `fn` in a transaction, as PGlite's `transaction`: committed when it resolves, rolled
   * back when it throws. Other statements wait until it ends (PGlite's transaction lock, in the
   * worker); the transaction's own go through `tx`.
   */
  async transaction<T>(fn: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const number = this.#nextTx++;
    await this.call({ op: 'begin', tx: number });
    const tx = new PgliteThreadTransaction(this, number);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      tx.markClosed();
      await this.call({ op: 'end', tx: number, commit: false }).catch(() => {});
      throw error;
    }
    const commit = !tx.closed;
    tx.markClosed();
    await this.call({ op: 'end', tx: number, commit });
    return result;
  }

  /** Closes the database in the worker, then stops the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#gone) await this.call({ op: 'close' });
      } finally {
        this.#gone ??= threadGone('closed');
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}
