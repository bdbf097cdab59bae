// The shared micro-cache of anonymous pages (decision 021): the in-process stand-in for the CDN
// that the route rules' `public, s-maxage` already address. server.ts asks it for every GET
// document; only a visitor without session or visitor cookies is served from it, and only a 200
// whose Cache-Control is public and that sets no cookie is stored, fresh for a few seconds, then
// served stale (within the rule's stale-while-revalidate, capped) while one render renews it.
// Concurrent misses of one key wait for one render. Plain Node (server.ts loads it directly).

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { webLog } from '../app/web-log.server.ts';
import { compressHtmlSync, type HtmlEncoding, htmlEncoding, varyOnAcceptEncoding } from './html-encoding.ts';
import { RenderBusyError } from './render-limit.ts';

/**
 * Cookies that make a page personal (session tokens), that the API counts views by, or that
 * change what a page lists for this browser (a guest's hidden offers, the compare tray, a notice
 * read once: issue 44, decision 072).
 */
export const PERSONAL_COOKIES = [
  'token',
  'refresh_token',
  'stats_token',
  'hidden_offers',
  'compare_offers',
  'offer_list_notice',
] as const;
/** Cookies that change an anonymous page: its language and the currency of its prices. */
export const VARYING_COOKIES = ['locale', 'currency'] as const;

export interface PageCacheOptions {
  /** Upper bound of a stored page's life, whatever its s-maxage says. Default 5 s. */
  maxTtlMs?: number;
  /**
   * How long past its life a page may still be served while one request renders it anew (the
   * rule's stale-while-revalidate, capped here). Default 30 s.
   */
  maxStaleMs?: number;
  /** Memory budget of the stored bodies (plain and compressed). Default 32 MiB. */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  key: string;
  status: number;
  headers: [string, string][];
  /** The body split at the page's CSP nonce: each hit joins it with a fresh one. */
  parts: Buffer[];
  nonce: string | null;
  /**
   * Compressed bodies of a page without a nonce, made on the first answer in each encoding (a
   * page with a nonce is compressed for every answer, as its bytes differ).
   */
  compressed: Partial<Record<HtmlEncoding, Buffer>>;
  bytes: number;
  expires: number;
  /** Until then an expired page is served while a fresh one renders. */
  staleUntil: number;
}

/** What a render gives back: a complete, buffered page. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Paths of the form `/{xx}` or `/{xx-yy}/...`: the page's language is in its address. */
const LOCALE_PREFIX = /^\/[a-z]{2}(?:-[a-z]{2,4})?(?:\/|$)/i;

/**
 * The cache key of a request, or null when the request must not be served from the cache:
 * anything but GET, a data request of a client navigation, a request with session or visitor
 * cookies or an Authorization header.
 */
export function pageCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET') return null;
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  if (pathname.endsWith('.data') || req.headers.authorization) return null;
  const cookies = header(req, 'cookie');
  for (const name of PERSONAL_COOKIES) if (cookieValue(cookies, name)) return null;
  // No encoding in the key: an entry keeps the plain page and compresses it for each answer in
  // the encoding that client takes (#write).
  const parts = [url, ...VARYING_COOKIES.map((name) => cookieValue(cookies, name) ?? '')];
  // Without a locale in the path the page negotiates it from the browser's languages.
  if (!LOCALE_PREFIX.test(pathname)) parts.push(header(req, 'accept-language'));
  return parts.join('\u0000');
}

/** Seconds of shared freshness the response allows, or 0 when it may not be shared. */
export function sharedMaxAge(headers: Headers): number {
  const control = headers.get('cache-control') ?? '';
  if (!/(^|,)\s*public\s*(,|$)/i.test(control) || /no-store|private|no-cache/i.test(control)) return 0;
  const match = /s-maxage=(\d+)/i.exec(control) ?? /max-age=(\d+)/i.exec(control);
  return match ? Number(match[1]) : 0;
}

/** Seconds a shared cache may serve the response stale while it revalidates. */
export function staleWhileRevalidate(headers: Headers): number {
  const match = /stale-while-revalidate=(\d+)/i.exec(headers.get('cache-control') ?? '');
  return match ? Number(match[1]) : 0;
}

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, Promise<Entry | RenderedPage>>();
  readonly #maxTtlMs: number;
  readonly #maxStaleMs: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: PageCacheOptions = {}) {
    this.#maxTtlMs = options.maxTtlMs ?? 5_000;
    this.#maxStaleMs = options.maxStaleMs ?? 30_000;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Answers `req` from the cache or through `render`. A miss renders once however many requests
   * for the key arrive meanwhile; a page that may not be stored goes to every waiting request
   * (each is its own anonymous visitor, and it carries no cookie) and the next request renders anew.
   */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    /** Renders the page: for the visitor whose miss it is (true), or as a renewal (false). */
    render: (forVisitor: boolean) => Promise<RenderedPage>,
  ): Promise<void> {
    const hit = this.#lookup(key);
    if (hit && hit.expires > this.#now()) {
      this.#send(req, res, hit, 'HIT');
      return;
    }
    if (hit) {
      // Expired but within its stale window: answered at once, renewed by one render meanwhile.
      this.#send(req, res, hit, 'STALE');
      if (!this.#inflight.has(key)) {
        this.#render(key, () => render(false)).then(
          (result) => {
            // The page may no longer be stored (now a 503, say): the next visitor renders.
            if (!('parts' in result)) this.#delete(hit);
          },
          (error: unknown) => {
            // A renewal refused by the render limit (the server is busy) keeps the stale page
            // until its stale window ends; a render that broke drops it.
            if (error instanceof RenderBusyError) return;
            this.#delete(hit);
            webLog().error({ err: error }, 'page cache: renewing a page failed');
          },
        );
      }
      return;
    }
    let pending = this.#inflight.get(key);
    const leader = !pending;
    pending ??= this.#render(key, () => render(true));
    const result = await pending;
    if ('parts' in result) this.#send(req, res, result, leader ? 'MISS' : 'HIT');
    else this.#sendPage(req, res, result);
  }

  #render(key: string, render: () => Promise<RenderedPage>): Promise<Entry | RenderedPage> {
    const pending = render()
      .then((page) => this.#store(key, page) ?? page)
      .finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, pending);
    return pending;
  }

  /** The entry of `key` while it is fresh or may be served stale. */
  #lookup(key: string): Entry | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.staleUntil <= this.#now()) {
      this.#delete(entry);
      return null;
    }
    // Most recently used last: eviction takes from the front.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  #delete(entry: Entry): void {
    if (this.#entries.get(entry.key) === entry) {
      this.#entries.delete(entry.key);
      this.#bytes -= entry.bytes;
    }
  }

  #store(key: string, page: RenderedPage): Entry | null {
    if (page.status !== 200 || page.headers.has('set-cookie')) return null;
    const ttl = Math.min(sharedMaxAge(page.headers) * 1000, this.#maxTtlMs);
    if (ttl <= 0) return null;
    const stale = Math.min(staleWhileRevalidate(page.headers) * 1000, this.#maxStaleMs);
    const csp = page.headers.get('content-security-policy');
    const nonce = csp ? (NONCE_IN_CSP.exec(csp)?.[1] ?? null) : null;
    const parts: Buffer[] = [];
    if (nonce) {
      const needle = Buffer.from(nonce);
      let from = 0;
      for (let at = page.body.indexOf(needle); at >= 0; at = page.body.indexOf(needle, from)) {
        parts.push(page.body.subarray(from, at));
        from = at + needle.length;
      }
      parts.push(page.body.subarray(from));
    } else parts.push(page.body);
    const headers: [string, string][] = [];
    page.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding') headers.push([name, value]);
    });
    const bytes = page.body.length + key.length;
    // One page may take at most half the budget.
    if (bytes > this.#maxBytes / 2) return null;
    const entry: Entry = {
      key,
      status: 200,
      headers,
      parts,
      nonce,
      compressed: {},
      bytes,
      expires: this.#now() + ttl,
      staleUntil: this.#now() + ttl + stale,
    };
    const previous = this.#entries.get(key);
    if (previous) this.#delete(previous);
    this.#entries.set(key, entry);
    this.#bytes += bytes;
    this.#evict();
    return entry;
  }

  /** The least recently used entries leave until the stored bodies fit the budget. */
  #evict(): void {
    for (const oldest of this.#entries.values()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  #send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'HIT' | 'MISS' | 'STALE'): void {
    // Every answer gets a nonce of its own, as a fresh render would.
    const nonce = entry.nonce ? randomBytes(16).toString('base64') : null;
    for (const [name, value] of entry.headers) {
      res.setHeader(name, nonce && entry.nonce ? value.split(entry.nonce).join(nonce) : value);
    }
    res.setHeader('X-Cache', state);
    const plain = nonce
      ? Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(nonce), part])))
      : entry.parts[0];
    this.#write(req, res, 200, plain ?? Buffer.alloc(0), nonce ? null : entry);
  }

  #sendPage(req: IncomingMessage, res: ServerResponse, page: RenderedPage): void {
    page.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding' && name !== 'set-cookie')
        res.setHeader(name, value);
    });
    const cookies = page.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
    res.setHeader('X-Cache', 'MISS');
    this.#write(req, res, page.status, page.body, null);
  }

  #keepCompressed(entry: Entry, encoding: HtmlEncoding, payload: Buffer): void {
    // Counted in the budget while the entry is stored; an entry already evicted keeps nothing.
    if (this.#entries.get(entry.key) !== entry) return;
    entry.compressed[encoding] = payload;
    entry.bytes += payload.length;
    this.#bytes += payload.length;
    this.#evict();
  }

  /** Writes `body`, compressed for a browser; `stored` keeps what it compressed for the next. */
  #write(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Buffer,
    stored: Entry | null,
  ): void {
    const type = String(res.getHeader('content-type') ?? '');
    const html = /^text\/html/.test(type);
    const encoding = html && body.length > 1024 ? htmlEncoding(header(req, 'accept-encoding')) : null;
    if (html) varyOnAcceptEncoding(res);
    let payload = body;
    if (encoding) {
      payload = stored?.compressed[encoding] ?? compressHtmlSync(body, encoding);
      if (stored && !stored.compressed[encoding]) this.#keepCompressed(stored, encoding, payload);
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Content-Length', payload.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }
}
