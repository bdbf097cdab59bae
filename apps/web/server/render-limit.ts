// A bound on the pages the web server renders at once (issue 11, check 14). Every render waits
// for 1-5 API calls and then takes a few to tens of milliseconds of CPU: hundreds started at once
// (200 connections on pages nobody has cached) send the API hundreds of calls, all of them queue
// there, cross the SSR API timeout together and every page fails. With a limit, `max` renders
// run and the rest wait in arrival order; a render that cannot start within `maxWaitMs`, or finds
// `maxQueue` waiting, is refused at once (server.ts answers 503 with Retry-After and a small
// localized page) instead of running into the client's timeout. Cache hits and static files
// never wait here. Plain Node: server.ts loads it directly.

import { isLocale, type Locale, textDirection } from '@estately/domain';
import { negotiateLocale, translate } from '@estately/i18n';

export const DEFAULT_RENDER_CONCURRENCY = 16;
export const DEFAULT_RENDER_QUEUE = 256;

export interface RenderLimitOptions {
  /** Renders at once. Default 16 (WEB_RENDER_CONCURRENCY). */
  max?: number;
  /** Most renders waiting for a slot; one more is refused. Default 256 (WEB_RENDER_QUEUE). */
  maxQueue?: number;
  /** Longest wait for a slot before a render is refused. Default 5 s (WEB_RENDER_WAIT_MS). */
  maxWaitMs?: number;
  /** Retry-After (seconds) of a refusal. Default 2. */
  retryAfterSeconds?: number;
}

/** A render refused because the server is rendering all it can (answered 503 with Retry-After). */
export class RenderBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('the web server is rendering all it can');
    this.name = 'RenderBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class RenderLimit {
  readonly max: number;
  readonly maxQueue: number;
  readonly maxWaitMs: number;
  readonly retryAfterSeconds: number;
  #running = 0;
  #refused = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(options: RenderLimitOptions = {}) {
    this.max = Math.max(1, options.max ?? DEFAULT_RENDER_CONCURRENCY);
    this.maxQueue = Math.max(0, options.maxQueue ?? DEFAULT_RENDER_QUEUE);
    this.maxWaitMs = Math.max(0, options.maxWaitMs ?? 5_000);
    this.retryAfterSeconds = options.retryAfterSeconds ?? 2;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Renders refused since the start. */
  get refused(): number {
    return this.#refused;
  }

  /**
   * Waits for a slot and returns its release (idempotent), or throws RenderBusyError when the
   * queue is full or the wait runs out. For a streamed render held until its response closes.
   */
  async acquire(): Promise<() => void> {
    if (this.#running >= this.max || this.#waiting.length > 0) {
      if (this.#waiting.length >= this.maxQueue) throw this.#busy();
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          const at = this.#waiting.indexOf(start);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(this.#busy());
        }, this.maxWaitMs);
        this.#waiting.push(start);
      });
    }
    this.#running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running -= 1;
      this.#waiting.shift()?.();
    };
  }

  /** Runs `work` in a slot (see acquire). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  #busy(): RenderBusyError {
    this.#refused += 1;
    return new RenderBusyError(this.retryAfterSeconds);
  }
}

/** Limits from the environment (WEB_RENDER_CONCURRENCY, WEB_RENDER_QUEUE, WEB_RENDER_WAIT_MS). */
export function renderLimitOptionsFromEnv(env: Record<string, string | undefined>): RenderLimitOptions {
  const read = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number, got "${raw}"`);
    return value;
  };
  const options: RenderLimitOptions = {};
  const max = read('WEB_RENDER_CONCURRENCY');
  const maxQueue = read('WEB_RENDER_QUEUE');
  const maxWaitMs = read('WEB_RENDER_WAIT_MS');
  if (max !== undefined) options.max = max;
  if (maxQueue !== undefined) options.maxQueue = maxQueue;
  if (maxWaitMs !== undefined) options.maxWaitMs = maxWaitMs;
  return options;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The language of a refused page: the path's locale prefix, else the browser's languages. */
export function busyPageLocale(pathname: string, acceptLanguage: string | undefined): Locale {
  const prefix = /^\/([a-z]{2}(?:-[a-z]{2,4})?)(?:\/|$)/i.exec(pathname)?.[1];
  if (prefix && isLocale(prefix)) return prefix;
  return negotiateLocale(acceptLanguage) ?? 'en';
}

/**
 * The answer to a refused render: 503, Retry-After, never stored, and a small page in the
 * visitor's language without scripts or styles (rendering the full error page would cost the
 * render that was just refused).
 */
export function busyPage(
  locale: Locale,
  retryAfterSeconds: number,
): { status: 503; headers: Record<string, string>; body: Buffer } {
  const title = escapeHtml(translate(locale, 'status.service_unavailable'));
  const text = escapeHtml(translate(locale, 'error.unavailable_text'));
  const body = Buffer.from(
    `<!DOCTYPE html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`,
  );
  return {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'self'",
    },
    body,
  };
}
