/** Where a handler tells what it did: the worker's logger. */
export interface JobReport {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

/** What a handler is given about the job it runs. */
export interface JobContext {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run; counts every claim, including runs a crashed worker never finished. */
  attempt: number;
  maxAttempts: number;
  /** When the worker claimed the job (the worker's clock, so tests can move time). */
  now: Date;
  /** The worker's logger (absent when a test calls a handler directly). */
  log?: JobReport;
}

/** Runs one job. Resolving marks the job done; throwing schedules a retry (or fails it). */
export type JobHandler = (job: JobContext) => Promise<void>;

/**
 * The handlers a worker runs, by job kind (`email.confirm_email`, later `saved_search.*`). A
 * worker claims only the kinds it has a handler for, so a kind added by a newer release waits
 * for a worker that knows it instead of failing on an older one during a rolling deploy.
 */
export class JobRegistry {
  readonly #handlers = new Map<string, JobHandler>();

  register(kind: string, handler: JobHandler): this {
    if (this.#handlers.has(kind)) throw new Error(`a handler for job kind "${kind}" is already registered`);
    this.#handlers.set(kind, handler);
    return this;
  }

  handlerFor(kind: string): JobHandler | undefined {
    return this.#handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.#handlers.keys()];
  }
}

/**
 * Whether retrying cannot help (a malformed payload, an address the mail server refuses for
 * good). Handlers mark such errors with `permanent: true`; the job then fails at once instead
 * of using up its attempts over hours. Duck-typed so features need not import this one.
 */
export function isPermanentJobError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
