// Many visitors at once, each from its own loopback address (issue 36): the journeys of check 16
// (checks/16-many-visitors.ts) and of its short version in `npm test` (test/e2e/many-visitors.test.ts).
//
// A visitor behaves like a browser, without being one (a 2-core machine cannot run 200 of
// them): its connections are bound to its own address (127.0.0.2, 127.0.0.3, ...; every
// address of 127.0.0.0/8 is local on Linux), to the web server and the API alike; it keeps
// its cookies (the token cookies after signing in, the statistics token its first page makes);
// it sends a browser's User-Agent, Accept-Language and Accept-Encoding; documents go to the
// web server (forms posted there too, redirects followed), while the calls the browser makes
// itself go straight to the API with the web's Origin, a CORS preflight first when the browser
// would send one (its answer kept for Access-Control-Max-Age per URL, as Chromium does). The
// page's scripts and styles are fetched once, photos and the static map in view (the first
// images of a page) once each, as a browser cache would. Between steps it thinks for seconds.
//
// The journey, repeated until the time is up: home, a results page, a change in the filter panel
// (its GET form, redirected to the canonical URL), the map (the page with map=1, the basemap
// style, then GET /public/offers/map for the whole world and for the results' extent, as
// map-view.tsx asks, and a point's card), two offer details, and back home. One visitor in ten
// signs up through the web's sign-up form, one in ten signs in through the sign-in form (its
// account was made on an earlier visit, before the load); both then add the second offer to
// their favourites (the browser's POST /user/offers/{id}/favorite_offer). One in eight sends a
// message to a seller (the browser's POST /public/offers/{id}/offer_message).
//
// Alongside, one abusive client from one address hammers GET /public/offers on the API and
// logins (the web's sign-in form and POST /auth/login, wrong passwords) as fast as it can
// within a bound: a ceiling of requests a second and in all, and the run's duration.
//
// Behind a load balancer (check 17) the crowd speaks HTTPS to one public origin: the web at
// `https://host:port/` and the API under `/api` of the same origin, its certificate trusted
// through `ca`. The browser's own API calls are then same-origin (no CORS preflight), as a
// browser would make them.
import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import {
  buildPath,
  composeSearchPath,
  decomposeSearchPath,
  type Locale,
  parseFilters,
  type SearchFilters,
  serializeFilters,
} from '@estately/domain';
import { localeData } from '@estately/i18n';

/** A password the policy accepts (long, not common, not the e-mail). */
export const VISITOR_PASSWORD = 'Kopretina-na-louce-42';

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** The abusive client's address: far from the visitors' (127.0.0.2 up, 253 a block). */
export const ABUSER_ADDRESS = '127.0.66.6';

/** The n-th visitor's address: 127.0.0.2 ... 127.0.0.254, then 127.0.1.2 ... (never .0, .1 or .255). */
export function visitorAddress(n: number): string {
  return `127.0.${Math.floor(n / 253)}.${2 + (n % 253)}`;
}

// --- what was answered -------------------------------------------------------------------

export interface KindFigures {
  count: number;
  ok: number;
  redirects: number;
  /** 4xx other than 429. */
  clientErrors: number;
  tooMany: number;
  serverErrors: number;
  /** No answer: refused, reset, timed out, or a CORS preflight the browser would fail. */
  failures: number;
  /** Times to the answer's first byte (headers), ms. */
  ttfb: number[];
}

/** Answers of one kind of actor (the visitors, or the abuser), by kind of request. */
export class Tally {
  readonly kinds = new Map<string, KindFigures>();
  /** The first unexpected answers, for the report: `kind path -> status`. */
  readonly examples: string[] = [];
  /**
   * Every answer of 5xx or none, with when it was asked and answered (Date.now() ms): a check
   * that kills a server tells the requests in flight at that instant from the others.
   */
  readonly broken: Array<{
    kind: string;
    path: string;
    status: number;
    startedAt: number;
    endedAt: number;
    /** Why there was no answer (the connection's error). */
    error?: string;
  }> = [];
  /** 429 is what the abusive client should get: not listed among the examples. */
  private readonly limitExpected: boolean;

  constructor(options: { limitExpected?: boolean } = {}) {
    this.limitExpected = options.limitExpected ?? false;
  }

  add(kind: string, status: number, ttfbMs: number, path: string, expected = true, error?: string): void {
    let k = this.kinds.get(kind);
    if (!k) {
      k = {
        count: 0,
        ok: 0,
        redirects: 0,
        clientErrors: 0,
        tooMany: 0,
        serverErrors: 0,
        failures: 0,
        ttfb: [],
      };
      this.kinds.set(kind, k);
    }
    k.count += 1;
    if (status === 0) k.failures += 1;
    else if (status === 429) k.tooMany += 1;
    else if (status >= 500) k.serverErrors += 1;
    else if (status >= 400) k.clientErrors += 1;
    else if (status >= 300) k.redirects += 1;
    else k.ok += 1;
    if (status > 0) k.ttfb.push(ttfbMs);
    if (status === 0 || status >= 500) {
      const endedAt = Date.now();
      this.broken.push({ kind, path, status, startedAt: endedAt - ttfbMs, endedAt, error });
    }
    if (
      (!expected || status === 0 || (status === 429 && !this.limitExpected) || status >= 500) &&
      this.examples.length < 30
    )
      this.examples.push(`${kind} ${path.slice(0, 120)} -> ${status || 'no answer'}`);
  }

  total(pick: (k: KindFigures) => number, kinds?: (kind: string) => boolean): number {
    let sum = 0;
    for (const [kind, k] of this.kinds) if (!kinds || kinds(kind)) sum += pick(k);
    return sum;
  }
}

/** The p-th percentile (0-100) of `values`, NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

// --- one HTTP exchange ----------------------------------------------------------------------

type Agent = HttpAgent | HttpsAgent;

/** How connections are made: from which address, trusting which CA for https URLs. */
export interface Connection {
  localAddress?: string;
  /** PEM of the CA (or self-signed certificate) an https server's certificate is checked against. */
  ca?: string | Buffer;
}

/** A keep-alive agent for `base`'s protocol (http or https with `ca`), bound to `localAddress`. */
export function agentFor(
  base: string,
  connection: Connection,
  options: { keepAlive?: boolean; maxSockets?: number } = {},
): Agent {
  const common = { keepAlive: options.keepAlive ?? false, localAddress: connection.localAddress };
  const withSockets = options.maxSockets ? { ...common, maxSockets: options.maxSockets } : common;
  return new URL(base).protocol === 'https:'
    ? new HttpsAgent({ ...withSockets, ca: connection.ca })
    : new HttpAgent(withSockets);
}

/**
 * `path` (absolute, may carry a query) under `base`, keeping base's own path: the API behind the
 * balancer is `https://host/api`, where `new URL('/auth/login', base)` would lose the `/api`.
 */
export function underBase(base: string, path: string): URL {
  const url = new URL(base);
  const prefix = url.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}${path.startsWith('/') ? '' : '/'}${path}`, url.origin);
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ttfbMs: number;
  error?: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

export function exchange(
  agent: Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  /** Sends so far on kept-alive connections that the server had closed. */
  retries = 0,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      {
        agent,
        // localhost may resolve to ::1 first, which a 127.x.y.z local address cannot reach.
        host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
        servername: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          host: url.host,
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ttfbMs }),
        );
        res.on('error', (error) =>
          done({ status: 0, headers: {}, body: Buffer.alloc(0), ttfbMs, error: error.message }),
        );
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      // A kept-alive connection the server closed just as it was reused: a browser sends the
      // request again (so do Node's docs), until it goes out on a new connection, whose failure
      // is final. A balancer that reloads closes every idle connection of the pool at once, so
      // the next one taken from the pool may be closed as well.
      if (retries < 8 && req.reusedSocket && error.code === 'ECONNRESET') {
        settled = true;
        resolve(exchange(agent, url, method, headers, body, retries + 1));
        return;
      }
      done({
        status: 0,
        headers: {},
        body: Buffer.alloc(0),
        ttfbMs: performance.now() - started,
        error: [error.code, error.message].filter(Boolean).join(' '),
      });
    });
    req.end(body);
  });
}

export function decoded(answer: Answer): string {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  const body =
    encoding === 'br'
      ? brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? gunzipSync(answer.body)
        : encoding === 'deflate'
          ? inflateSync(answer.body)
          : encoding === 'zstd'
            ? zstdDecompressSync(answer.body)
            : answer.body;
  return body.toString('utf8');
}

const headerList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

// --- a browser ------------------------------------------------------------------------------

export interface BrowserOptions {
  webUrl: string;
  /** The API's base URL; a path of it (`https://host/api`) is kept before every API path. */
  apiUrl: string;
  /** The loopback address every connection of this browser is made from. */
  address: string;
  /** PEM of the CA that signed an https server's certificate. */
  ca?: string | Buffer;
  /** Writes the API acknowledged (2xx), for a check that they outlive a crash. */
  ledger?: AcknowledgedWrite[];
  locale: Locale;
  acceptLanguage: string;
  tally: Tally;
}

/** How many images of a page are in view on arrival (a browser loads those, not the lazy rest). */
const IMAGES_IN_VIEW = 6;

export class VisitorBrowser {
  readonly agent: Agent;
  readonly cookies = new Map<string, string>();
  /** Scripts, styles, photos and basemap files already fetched (all immutable or cacheable). */
  private readonly cache = new Set<string>();
  /** CORS preflights the browser remembers: method and URL -> until when. */
  private readonly preflights = new Map<string, number>();
  private readonly webOrigin: string;
  private readonly apiOrigin: string;
  /** The page the browser shows (Referer of what it asks next). */
  private page: string | null = null;
  requests = 0;
  readonly options: BrowserOptions;

  constructor(options: BrowserOptions) {
    this.options = options;
    // A browser keeps up to 6 connections a host open; the server's Keep-Alive hint closes
    // idle ones before the server does.
    this.agent = agentFor(
      options.webUrl,
      { localAddress: options.address, ca: options.ca },
      { keepAlive: true, maxSockets: 6 },
    );
    this.webOrigin = new URL(options.webUrl).origin;
    this.apiOrigin = new URL(options.apiUrl).origin;
  }

  /** The API on the web's origin (behind one balancer): its calls are same-origin. */
  private get sameOrigin(): boolean {
    return this.apiOrigin === this.webOrigin;
  }

  /** Whether `url` is the API's (a photo it serves): by origin, or by path under one origin. */
  private isApi(url: URL): boolean {
    if (!this.sameOrigin) return url.origin === this.apiOrigin;
    const prefix = new URL(this.options.apiUrl).pathname.replace(/\/+$/, '');
    return prefix !== '' && url.pathname.startsWith(`${prefix}/`);
  }

  close(): void {
    this.agent.destroy();
  }

  private record(kind: string, answer: Answer, path: string, expected = true): void {
    this.requests += 1;
    this.options.tally.add(kind, answer.status, answer.ttfbMs, path, expected, answer.error);
  }

  private keepCookies(headers: IncomingHttpHeaders): void {
    for (const line of headerList(headers['set-cookie'])) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  get signedIn(): boolean {
    return this.cookies.has('token');
  }

  /**
   * A document: GET `path` of the web (or a POSTed form), redirects followed as a browser does.
   * Every hop is recorded as `kind`. Returns the last answer's status and HTML.
   */
  async document(
    kind: string,
    path: string,
    form?: URLSearchParams,
  ): Promise<{ status: number; html: string; path: string }> {
    let url = new URL(path, this.options.webUrl);
    let method = form ? 'POST' : 'GET';
    let body = form?.toString();
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
        'accept-language': this.options.acceptLanguage,
        'accept-encoding': 'gzip, deflate, br, zstd',
        'user-agent': BROWSER_USER_AGENT,
        'upgrade-insecure-requests': '1',
        'sec-fetch-dest': 'document',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-site': this.page ? 'same-origin' : 'none',
        ...this.cookieHeader(),
      };
      if (this.page) headers.referer = this.page;
      if (body !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        headers.origin = this.webOrigin;
      }
      const answer = await exchange(this.agent, url, method, headers, body);
      const location = answer.headers.location;
      const redirect = answer.status >= 300 && answer.status < 400 && location && hop < 5;
      this.record(kind, answer, url.pathname + url.search, answer.status === 200 || Boolean(redirect));
      this.keepCookies(answer.headers);
      if (redirect) {
        url = new URL(location, url);
        if (answer.status !== 307 && answer.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const html =
        answer.status > 0 && String(answer.headers['content-type'] ?? '').includes('text/html')
          ? decoded(answer)
          : '';
      if (answer.status === 200) {
        this.page = url.href;
        // The statistics token the page's script makes on the first page that runs (stats-token.ts).
        if (!this.cookies.has('stats_token')) this.cookies.set('stats_token', randomUUID());
        await this.subresources(html);
      }
      return { status: answer.status, html, path: url.pathname + url.search };
    }
  }

  /** What the page loads itself: its scripts and styles (once), the images in view (once each). */
  private async subresources(html: string): Promise<void> {
    const wanted: Array<{ kind: string; url: URL }> = [];
    for (const match of html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)) {
      const url = new URL(match[1] as string, this.options.webUrl);
      if (!this.cache.has(url.href)) wanted.push({ kind: 'script or style', url });
      this.cache.add(url.href);
    }
    let images = 0;
    for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)) {
      if (images++ >= IMAGES_IN_VIEW) break;
      const url = new URL((match[1] as string).replaceAll('&amp;', '&'), this.options.webUrl);
      if (this.cache.has(url.href)) continue;
      this.cache.add(url.href);
      wanted.push({ kind: this.isApi(url) ? 'photo (API)' : 'image (web)', url });
    }
    await Promise.all(wanted.map((w) => this.subresource(w.kind, w.url)));
  }

  private async subresource(kind: string, url: URL): Promise<void> {
    const image = kind !== 'script or style';
    const headers: Record<string, string> = {
      accept: image ? 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' : '*/*',
      'accept-language': this.options.acceptLanguage,
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': BROWSER_USER_AGENT,
      'sec-fetch-dest': image ? 'image' : 'script',
      'sec-fetch-mode': image ? 'no-cors' : 'cors',
      'sec-fetch-site': url.origin === this.webOrigin ? 'same-origin' : 'same-site',
    };
    if (this.page) headers.referer = this.page;
    if (url.origin === this.webOrigin) Object.assign(headers, this.cookieHeader());
    const answer = await exchange(this.agent, url, 'GET', headers, undefined);
    this.record(kind, answer, url.pathname, answer.status === 200);
  }

  /** A file of the web the page's code fetches (the basemap style), once. */
  async webFile(kind: string, path: string): Promise<number> {
    const url = new URL(path, this.options.webUrl);
    if (this.cache.has(url.href)) return 200;
    this.cache.add(url.href);
    const headers: Record<string, string> = {
      accept: '*/*',
      'accept-language': this.options.acceptLanguage,
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': BROWSER_USER_AGENT,
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': 'same-origin',
      ...this.cookieHeader(),
    };
    if (this.page) headers.referer = this.page;
    const answer = await exchange(this.agent, url, 'GET', headers, undefined);
    this.record(kind, answer, url.pathname + url.search, answer.status === 200);
    return answer.status;
  }

  /**
   * A call the page's code makes to the API (api-client.ts): JSON, the access token from its
   * cookie, the statistics token, a timestamp on GETs; preflighted when a browser would.
   */
  async api(
    kind: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | number>; body?: unknown; expected?: number[] } = {},
  ): Promise<{ status: number; json: unknown }> {
    const url = underBase(this.options.apiUrl, path);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    if (method === 'GET') url.searchParams.set('timestamp', String(Date.now()));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': this.options.acceptLanguage,
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': BROWSER_USER_AGENT,
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': this.sameOrigin ? 'same-origin' : 'same-site',
    };
    // A browser names its origin on every cross-origin call, and on same-origin ones but GETs.
    if (!this.sameOrigin || method !== 'GET') headers.origin = this.webOrigin;
    if (this.page) headers.referer = this.page;
    const token = this.cookies.get('token');
    const stats = this.cookies.get('stats_token');
    // Headers outside the CORS safelist, which make the browser ask first.
    const unsafe: string[] = [];
    if (token) {
      headers.authorization = `Bearer ${token}`;
      unsafe.push('authorization');
    }
    if (stats) {
      headers['x-stats-token'] = stats;
      unsafe.push('x-stats-token');
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      unsafe.push('content-type');
      body = JSON.stringify(options.body);
    }
    if (!this.sameOrigin && (unsafe.length > 0 || (method !== 'GET' && method !== 'POST'))) {
      const key = `${method} ${url.href}`;
      if ((this.preflights.get(key) ?? 0) < Date.now()) {
        const preflight = await exchange(
          this.agent,
          url,
          'OPTIONS',
          {
            accept: '*/*',
            'accept-language': this.options.acceptLanguage,
            'user-agent': BROWSER_USER_AGENT,
            origin: this.webOrigin,
            'access-control-request-method': method,
            'access-control-request-headers': unsafe.sort().join(','),
            'sec-fetch-mode': 'cors',
            'sec-fetch-site': 'same-site',
            'sec-fetch-dest': 'empty',
          },
          undefined,
        );
        const allowed =
          preflight.status >= 200 &&
          preflight.status < 300 &&
          preflight.headers['access-control-allow-origin'] === this.webOrigin;
        this.record('CORS preflight', preflight, url.pathname, allowed);
        // The browser fails the call itself when the preflight is refused.
        if (!allowed) return { status: preflight.status === 0 ? 0 : preflight.status, json: null };
        const maxAge = Number(preflight.headers['access-control-max-age'] ?? 5);
        this.preflights.set(key, Date.now() + Math.min(maxAge, 7200) * 1000);
      }
    }
    const answer = await exchange(this.agent, url, method, headers, body);
    const expected = options.expected ?? [200];
    this.record(kind, answer, url.pathname, expected.includes(answer.status));
    let json: unknown = null;
    if (answer.status > 0 && answer.body.length > 0) {
      try {
        json = JSON.parse(decoded(answer));
      } catch {}
    }
    return { status: answer.status, json };
  }
}

// --- the journey ----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Locales of the crowd, each with the Accept-Language its browsers send. */
const LOCALES: Array<[Locale, string]> = [
  ['en', 'en-GB,en;q=0.9'],
  ['cs', 'cs-CZ,cs;q=0.9,en;q=0.8'],
  ['de', 'de-DE,de;q=0.9,en;q=0.8'],
  ['pl', 'pl-PL,pl;q=0.9,en;q=0.7'],
  ['fr', 'fr-FR,fr;q=0.9,en;q=0.8'],
  ['sk', 'sk-SK,sk;q=0.9,cs;q=0.8'],
  ['it', 'it-IT,it;q=0.9,en;q=0.8'],
  ['es', 'es-ES,es;q=0.9'],
];

/** Where a visitor starts: the searches the home page links to, with a country. */
const LANDINGS: Array<Record<string, string>> = [
  { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ' },
  { offer_type: 'sale', property_type: 'house', country_code: 'CZ' },
  { offer_type: 'rent', property_type: 'apartment', country_code: 'CZ' },
  { offer_type: 'sale', property_type: 'apartment' },
  { offer_type: 'rent', property_type: 'apartment', country_code: 'DE' },
  { offer_type: 'sale', property_type: 'house', country_code: 'AT' },
  { offer_type: 'sale', property_type: 'apartment', country_code: 'SK' },
  { offer_type: 'rent', property_type: 'house' },
];

/** What a visitor changes in the filter panel (fields of its GET form). */
const CHANGES: Array<Record<string, string | string[]>> = [
  { dispositions: ['2', '3'] },
  { price_to: '9000000', currency: 'CZK' },
  { area_from: '50' },
  { sort: 'price_asc' },
  { verified_only: '1' },
  { price_from: '100000', currency: 'EUR', sort: 'area_desc' },
];

/** The filter panel's GET form as a browser submits it: every field, empty ones too. */
function filterForm(
  landing: Record<string, string>,
  change: Record<string, string | string[]>,
): URLSearchParams {
  const form = new URLSearchParams();
  if (landing.country_code) form.append('country_code', landing.country_code);
  const single = (name: string, fallback = '') => {
    const value = change[name] ?? landing[name] ?? fallback;
    form.append(name, Array.isArray(value) ? (value[0] ?? '') : value);
  };
  single('offer_type');
  single('property_type');
  single('price_from');
  single('price_to');
  single('currency', 'EUR');
  single('area_from');
  single('area_to');
  const dispositions = change.dispositions;
  if (Array.isArray(dispositions)) for (const d of dispositions) form.append('dispositions', d);
  if (change.verified_only) form.append('verified_only', '1');
  single('sort', 'activated_at_desc');
  return form;
}

function filtersOf(params: Record<string, string>): SearchFilters {
  const parsed = parseFilters(params);
  if (!parsed.success) throw new Error(`filters ${JSON.stringify(params)}: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}

interface MapAnswer {
  clusters?: Array<{ bounds?: { south: number; west: number; north: number; east: number } }>;
  points?: Array<{ id: number; lat: number; lng: number }>;
}

/** The box around every cluster and point of a map answer (map-geometry.ts extentOf), or null. */
function extentOf(answer: MapAnswer): { south: number; west: number; north: number; east: number } | null {
  let box: { south: number; west: number; north: number; east: number } | null = null;
  const add = (south: number, west: number, north: number, east: number) => {
    box = box
      ? {
          south: Math.min(box.south, south),
          west: Math.min(box.west, west),
          north: Math.max(box.north, north),
          east: Math.max(box.east, east),
        }
      : { south, west, north, east };
  };
  for (const c of answer.clusters ?? [])
    if (c.bounds) add(c.bounds.south, c.bounds.west, c.bounds.north, c.bounds.east);
  for (const p of answer.points ?? []) add(p.lat, p.lng, p.lat, p.lng);
  return box;
}

export type Persona = 'guest' | 'signs up' | 'signs in';

/** A write the product acknowledged to a visitor: an account, a favourite, a message to a seller. */
export interface AcknowledgedWrite {
  kind: 'account' | 'favourite' | 'message';
  /** The account's e-mail (account, favourite) or the message's sender e-mail. */
  email: string;
  /** The offer (property id) of a favourite or a message. */
  offerId?: number;
  /** When the acknowledgement arrived (Date.now() ms). */
  at: number;
}

export interface VisitorPlan {
  index: number;
  persona: Persona;
  /** Sends one message to a seller. */
  messages: boolean;
  /** The account of a visitor who signs in (made before the load, as on an earlier visit). */
  email: string;
}

export interface VisitorOutcome {
  requests: number;
  /** Posted the sign-up or sign-in form (a visitor may not reach that step before the end). */
  triedAccount: boolean;
  signedUp: boolean;
  signedIn: boolean;
  favourites: number;
  messages: number;
}

/** The e-mail a visitor signs a message to a seller with. */
const messageSender = (plan: VisitorPlan) => `reader.${plan.index}@example.com`;

function between(range: readonly [number, number]): number {
  return range[0] + Math.random() * (range[1] - range[0]);
}

/** One visitor's journeys until `deadline` (performance.now() ms). */
async function visit(
  browser: VisitorBrowser,
  plan: VisitorPlan,
  options: { deadline: number; thinkMs: readonly [number, number] },
): Promise<VisitorOutcome> {
  const outcome: VisitorOutcome = {
    requests: 0,
    triedAccount: false,
    signedUp: false,
    signedIn: false,
    favourites: 0,
    messages: 0,
  };
  const { locale } = browser.options;
  const think = () => sleep(between(options.thinkMs));
  const timeLeft = () => performance.now() < options.deadline;
  const ids = (html: string) =>
    [...html.matchAll(/href="\/[^/"]+\/property\/(\d+)"/g)].map((m) => Number(m[1])).filter((id) => id > 0);
  let round = 0;

  await browser.document('home page', '/');
  while (timeLeft()) {
    await think();
    const landing = LANDINGS[(plan.index + round) % LANDINGS.length] as Record<string, string>;
    const filters = filtersOf(landing);
    const results = await browser.document('results page', composeSearchPath(locale, filters));
    if (!timeLeft()) break;

    await think();
    const change = CHANGES[(plan.index * 3 + round) % CHANGES.length] as Record<string, string | string[]>;
    const form = filterForm(landing, change);
    const changed = await browser.document('filter change', `${buildPath('search', locale)}?${form}`);
    if (!timeLeft()) break;

    // The map: the toggle opens the same results with map=1; the map fits itself to every
    // result (a world-wide ask at zoom 2), then asks for the viewport it shows.
    await think();
    const mapPage = changed.status === 200 ? changed.path : composeSearchPath(locale, filters);
    await browser.document('map page', `${mapPage}${mapPage.includes('?') ? '&' : '?'}map=1`);
    await browser.webFile('basemap style', '/map/style.json');
    // The page's filters, read back from its URL as the results route does.
    const shown = decomposeSearchPath(mapPage);
    const mapFilters = shown.success ? shown.filters : filters;
    const currency = mapFilters.currency ?? localeData(locale).currency;
    const mapQuery = (box: { south: number; west: number; north: number; east: number }, zoom: number) => {
      const query: Record<string, string | number> = Object.fromEntries(
        new URLSearchParams(serializeFilters({ ...mapFilters, bbox: box }, ['sort', 'page', 'per_page'])),
      );
      query.zoom = zoom;
      query.currency = currency;
      return query;
    };
    const world = await browser.api('map (API)', 'GET', '/public/offers/map', {
      query: mapQuery({ south: -85, west: -180, north: 85, east: 180 }, 2),
    });
    const extent = extentOf((world.json ?? {}) as MapAnswer);
    if (extent) {
      const width = Math.max(0.02, extent.east - extent.west);
      const zoom = Math.max(2, Math.min(14, Math.floor(Math.log2(360 / width)) + 1));
      const view = await browser.api('map (API)', 'GET', '/public/offers/map', {
        query: mapQuery(extent, zoom),
      });
      const point = ((view.json ?? {}) as MapAnswer).points?.[0];
      if (point) {
        await think();
        const card = new URLSearchParams({
          id: String(point.id),
          lat: String(point.lat),
          lng: String(point.lng),
          locale,
          currency,
        });
        await browser.webFile('map card', `/map/card?${card}`);
      }
    }
    if (!timeLeft()) break;

    const found = [...new Set([...ids(changed.html), ...ids(results.html)])];
    const first = found[(plan.index + round) % Math.max(1, found.length)];
    const second = found[(plan.index + round + 7) % Math.max(1, found.length)];
    if (first !== undefined) {
      await think();
      await browser.document('offer detail', buildPath('propertyDetail', locale, { id: first }));
    }
    if (!timeLeft()) break;

    // Signing up or in: the form's page, then the form posted to the web server, which
    // redirects to the account with the token cookies.
    if (plan.persona !== 'guest' && !browser.signedIn) {
      await think();
      const signUp = plan.persona === 'signs up';
      const screen = signUp ? 'authSignup' : 'authSignin';
      await browser.document(signUp ? 'sign-up page' : 'sign-in page', buildPath(screen, locale));
      await think();
      const fields = new URLSearchParams({
        intent: signUp ? 'signup' : 'signin',
        email: plan.email,
        password: VISITOR_PASSWORD,
      });
      outcome.triedAccount = true;
      const posted = await browser.document(
        signUp ? 'sign-up form' : 'sign-in form',
        buildPath(screen, locale),
        fields,
      );
      if (posted.status === 200 && browser.signedIn) {
        if (signUp) {
          outcome.signedUp = true;
          browser.options.ledger?.push({ kind: 'account', email: plan.email, at: Date.now() });
        } else outcome.signedIn = true;
      }
      if (!timeLeft()) break;
    }

    if (second !== undefined) {
      await think();
      await browser.document('offer detail', buildPath('propertyDetail', locale, { id: second }));
      if (browser.signedIn && outcome.favourites < 3) {
        await think();
        const answer = await browser.api('favourite (API)', 'POST', `/user/offers/${second}/favorite_offer`, {
          expected: [200, 201, 204],
        });
        if (answer.status >= 200 && answer.status < 300) {
          outcome.favourites += 1;
          browser.options.ledger?.push({
            kind: 'favourite',
            email: plan.email,
            offerId: second,
            at: Date.now(),
          });
        }
      }
      if (plan.messages && outcome.messages === 0) {
        await think();
        const answer = await browser.api(
          'message to seller (API)',
          'POST',
          `/public/offers/${second}/offer_message`,
          {
            body: {
              offer_message: {
                name: 'Jana Nováková',
                email: messageSender(plan),
                phone: '+420 601 234 567',
                text: 'Good day, is the flat still available? Could I see it next week? Thank you.',
              },
            },
            expected: [200, 201, 202, 204],
          },
        );
        if (answer.status >= 200 && answer.status < 300) {
          outcome.messages += 1;
          browser.options.ledger?.push({
            kind: 'message',
            email: messageSender(plan),
            offerId: second,
            at: Date.now(),
          });
        }
      }
    }
    if (!timeLeft()) break;
    await think();
    await browser.document('home page', buildPath('home', locale));
    round += 1;
  }
  outcome.requests = browser.requests;
  return outcome;
}

// --- the abusive client ---------------------------------------------------------------------

export interface AbuserOptions {
  /** Requests a second at most (the bound of "as fast as it can"). */
  ratePerSecond: number;
  /** Requests in all at most. */
  maxRequests: number;
}

async function abuse(
  webUrl: string,
  apiUrl: string,
  tally: Tally,
  options: AbuserOptions & { deadline: number; ca?: string | Buffer },
): Promise<void> {
  const agent = agentFor(
    webUrl,
    { localAddress: ABUSER_ADDRESS, ca: options.ca },
    { keepAlive: true, maxSockets: 4 },
  );
  const started = performance.now();
  let sent = 0;
  // A ticket per request, spaced by the rate: a worker waits for its turn, never past the bound.
  const ticket = async (): Promise<boolean> => {
    if (sent >= options.maxRequests) return false;
    const at = started + (sent * 1000) / options.ratePerSecond;
    sent += 1;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    return performance.now() < options.deadline;
  };
  const headers = {
    'user-agent': 'python-requests/2.32.3',
    accept: '*/*',
    'accept-encoding': 'gzip, deflate',
  };
  const search = async () => {
    let n = 0;
    while (await ticket()) {
      const landing = LANDINGS[n % LANDINGS.length] as Record<string, string>;
      const url = underBase(
        apiUrl,
        `/public/offers?${new URLSearchParams({ ...landing, page: String(1 + (n % 40)) })}`,
      );
      n += 1;
      const answer = await exchange(agent, url, 'GET', headers, undefined);
      tally.add(
        'search (API)',
        answer.status,
        answer.ttfbMs,
        url.pathname,
        answer.status === 200 || answer.status === 429,
      );
    }
  };
  const logins = async () => {
    let n = 0;
    while (await ticket()) {
      const email = `guess.${n}.${randomUUID().slice(0, 8)}@example.com`;
      const password = `Guess-${n}-${randomUUID().slice(0, 6)}`;
      if (n % 2 === 0) {
        const url = new URL(buildPath('authSignin', 'en'), webUrl);
        const body = new URLSearchParams({ intent: 'signin', email, password }).toString();
        const answer = await exchange(
          agent,
          url,
          'POST',
          { ...headers, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
          body,
        );
        tally.add(
          'sign-in form (web)',
          answer.status,
          answer.ttfbMs,
          url.pathname,
          answer.status === 401 || answer.status === 429,
        );
      } else {
        const url = underBase(apiUrl, '/auth/login');
        const body = JSON.stringify({ email, password });
        const answer = await exchange(
          agent,
          url,
          'POST',
          { ...headers, 'content-type': 'application/json' },
          body,
        );
        tally.add(
          'login (API)',
          answer.status,
          answer.ttfbMs,
          url.pathname,
          answer.status === 401 || answer.status === 429,
        );
      }
      n += 1;
    }
  };
  await Promise.all([search(), search(), logins()]);
  agent.destroy();
}

// --- the crowd ------------------------------------------------------------------------------

export interface CrowdOptions {
  webUrl: string;
  /** The API's base URL; may carry a path (`https://host/api` behind a balancer). */
  apiUrl: string;
  /** PEM of the CA that signed the https servers' certificate. */
  ca?: string | Buffer;
  visitors: number;
  /** How long the visitors keep browsing (each finishes the step it is in). */
  seconds: number;
  /** Think time between two steps, ms. Default 2,000 to 7,000. */
  thinkMs?: readonly [number, number];
  /** Arrivals spread over this many seconds from the start. Default a quarter of `seconds`, at most 15. */
  arrivalSeconds?: number;
  /** The abusive client, or false for none. */
  abuser?: AbuserOptions | false;
  /** Called when the visitors start (after the returning visitors' accounts are made). */
  onStart?: () => void;
  log?: (line: string) => void;
}

export interface CrowdResult {
  visitors: number;
  seconds: number;
  visitorTally: Tally;
  abuserTally: Tally;
  outcomes: VisitorOutcome[];
  signUpsPlanned: number;
  signInsPlanned: number;
  messagesPlanned: number;
  /** CPU seconds of the load generator (this process) during the run. */
  generatorCpuSeconds: number;
  /** Every write acknowledged to a visitor (accounts, favourites, messages), in order. */
  writes: AcknowledgedWrite[];
  /** When the visitors started and stopped (Date.now() ms). */
  startedAt: number;
  endedAt: number;
}

/** The plan of the n-th visitor: 1 in 10 signs up, 1 in 10 signs in, 1 in 8 writes to a seller. */
export function planOf(index: number, runId: string): VisitorPlan {
  const persona: Persona = index % 10 === 3 ? 'signs up' : index % 10 === 7 ? 'signs in' : 'guest';
  return { index, persona, messages: index % 8 === 1, email: `visitor.${runId}.${index}@example.com` };
}

/**
 * Makes the accounts of the visitors who sign in (as they did on an earlier visit): POST
 * /auth/signup on the API from each one's own address, before the load.
 */
async function makeAccounts(apiUrl: string, plans: VisitorPlan[], ca?: string | Buffer): Promise<void> {
  for (const plan of plans.filter((p) => p.persona === 'signs in')) {
    const agent = agentFor(apiUrl, { localAddress: visitorAddress(plan.index), ca });
    const body = JSON.stringify({ email: plan.email, password: VISITOR_PASSWORD });
    const answer = await exchange(
      agent,
      underBase(apiUrl, '/auth/signup'),
      'POST',
      { 'content-type': 'application/json', accept: 'application/json', 'user-agent': BROWSER_USER_AGENT },
      body,
    );
    agent.destroy();
    if (answer.status !== 200 && answer.status !== 201)
      throw new Error(`account of visitor ${plan.index}: sign-up answered ${answer.status} ${answer.body}`);
  }
}

export async function runCrowd(options: CrowdOptions): Promise<CrowdResult> {
  const log = options.log ?? (() => {});
  const thinkMs = options.thinkMs ?? [2000, 7000];
  const arrival = options.arrivalSeconds ?? Math.min(15, options.seconds / 4);
  const runId = randomUUID().slice(0, 8);
  const plans = Array.from({ length: options.visitors }, (_, i) => planOf(i, runId));
  await makeAccounts(options.apiUrl, plans, options.ca);
  log(`${plans.filter((p) => p.persona === 'signs in').length} returning visitors' accounts made`);

  const visitorTally = new Tally();
  const abuserTally = new Tally({ limitExpected: true });
  const writes: AcknowledgedWrite[] = [];
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  const started = performance.now();
  options.onStart?.();
  const deadline = started + options.seconds * 1000;
  const crowd = plans.map(async (plan) => {
    await sleep((plan.index / options.visitors) * arrival * 1000);
    const [locale, acceptLanguage] = LOCALES[plan.index % LOCALES.length] as [Locale, string];
    const browser = new VisitorBrowser({
      webUrl: options.webUrl,
      apiUrl: options.apiUrl,
      address: visitorAddress(plan.index),
      ca: options.ca,
      ledger: writes,
      locale,
      acceptLanguage,
      tally: visitorTally,
    });
    try {
      return await visit(browser, plan, { deadline, thinkMs });
    } finally {
      browser.close();
    }
  });
  const abuser = options.abuser
    ? abuse(options.webUrl, options.apiUrl, abuserTally, { ...options.abuser, deadline, ca: options.ca })
    : Promise.resolve();
  const progress = setInterval(() => {
    const s = ((performance.now() - started) / 1000).toFixed(0);
    log(
      `${s} s: visitors ${visitorTally.total((k) => k.count)} requests, ` +
        `${visitorTally.total((k) => k.serverErrors)} 5xx, ${visitorTally.total((k) => k.tooMany)} 429; ` +
        `abuser ${abuserTally.total((k) => k.count)} requests, ${abuserTally.total((k) => k.tooMany)} 429`,
    );
  }, 15_000);
  const outcomes = await Promise.all(crowd);
  await abuser;
  clearInterval(progress);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    visitors: options.visitors,
    seconds: (performance.now() - started) / 1000,
    visitorTally,
    abuserTally,
    outcomes,
    signUpsPlanned: plans.filter((p) => p.persona === 'signs up').length,
    signInsPlanned: plans.filter((p) => p.persona === 'signs in').length,
    messagesPlanned: plans.filter((p) => p.messages).length,
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
    writes,
    startedAt,
    endedAt: Date.now(),
  };
}

/** The kinds of request that are documents of the web server (their TTFB is the page's). */
export const isDocument = (kind: string): boolean =>
  /page|filter change|offer detail|form/.test(kind) && !kind.includes('(API)');

/** The figures every caller reports and checks, from a crowd's result. */
export function crowdFigures(result: CrowdResult) {
  const v = result.visitorTally;
  const a = result.abuserTally;
  const ttfb = [...v.kinds].filter(([kind]) => isDocument(kind)).flatMap(([, k]) => k.ttfb);
  const requests = v.total((k) => k.count);
  return {
    visitors: result.visitors,
    requests,
    requestsPerVisitor: requests / Math.max(1, result.visitors),
    pages: ttfb.length,
    serverErrors: v.total((k) => k.serverErrors),
    tooMany: v.total((k) => k.tooMany),
    failures: v.total((k) => k.failures),
    unexpected: v.total((k) => k.clientErrors),
    pageTtfbP50: percentile(ttfb, 50),
    pageTtfbP95: percentile(ttfb, 95),
    signUps: result.outcomes.filter((o) => o.signedUp).length,
    signUpsTried: result.outcomes.filter((o, i) => o.triedAccount && planOf(i, '').persona === 'signs up')
      .length,
    signIns: result.outcomes.filter((o) => o.signedIn).length,
    signInsTried: result.outcomes.filter((o, i) => o.triedAccount && planOf(i, '').persona === 'signs in')
      .length,
    favourites: result.outcomes.reduce((n, o) => n + o.favourites, 0),
    messages: result.outcomes.reduce((n, o) => n + o.messages, 0),
    abuserRequests: a.total((k) => k.count),
    abuserTooMany: a.total((k) => k.tooMany),
    abuserServerErrors: a.total((k) => k.serverErrors),
  };
}

/** A table of the answers by kind of request (for the report). */
export function tallyRows(tally: Tally): string[][] {
  return [...tally.kinds].map(([kind, k]) => [
    kind,
    String(k.count),
    String(k.ok),
    String(k.redirects),
    String(k.clientErrors),
    String(k.tooMany),
    String(k.serverErrors),
    String(k.failures),
    Number.isFinite(percentile(k.ttfb, 50)) ? percentile(k.ttfb, 50).toFixed(0) : '-',
    Number.isFinite(percentile(k.ttfb, 95)) ? percentile(k.ttfb, 95).toFixed(0) : '-',
  ]);
}

export const TALLY_HEADER = [
  'request',
  'count',
  '2xx',
  '3xx',
  '4xx',
  '429',
  '5xx',
  'no answer',
  'p50 ms',
  'p95 ms',
];
