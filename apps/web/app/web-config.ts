// Configuration of the web server, validated at boot with every problem listed at once
// (CONVENTIONS habit 6). Only `PublicConfig` ever reaches the browser (habit 7). No React imports
// here: server.ts reads the configuration before React is loaded.

import { parseTrustProxy, TRUST_PROXY_FORMS, type TrustProxy } from '@estately/domain';

export interface WebConfig {
  /** Port the web server listens on (WEB_PORT, default 3000). */
  port: number;
  /** API base URL used by server-side loaders (API_URL, default http://localhost:3001). */
  apiUrl: string;
  /** API base URL the browser uses (PUBLIC_API_URL, default: API_URL). Also the base of photo URLs. */
  publicApiUrl: string;
  /**
   * Origin of the public site for canonical and hreflang URLs (PUBLIC_WEB_URL). When unset,
   * the origin of each request is used.
   */
  publicWebUrl: string | null;
  /**
   * MapTiler API key (MAPTILER_API_KEY): the results map then uses MapTiler's style
   * (MAPTILER_STYLE, default streets-v2). Without one the map draws the offline basemap served
   * by this server (docs/decisions/016-map-mode-maplibre.md). The key ends up in the browser
   * (MapTiler keys are public and restricted by allowed origins in MapTiler's console).
   */
  maptiler: { apiKey: string; style: string } | null;
  /**
   * A self-hosted street basemap (MAP_PMTILES_URL): one Protomaps PMTiles file on the media
   * storage, a CDN or any host that answers byte ranges, drawn with Protomaps' layers in the
   * MAP_PMTILES_FLAVOR colours (light by default). No key, no vendor; it wins over MapTiler
   * (docs/decisions/051-self-hosted-pmtiles-basemap.md).
   */
  pmtiles: { url: string; flavor: PmtilesFlavor } | null;
  /**
   * Origin photos come from when it is not the API's: MEDIA_PUBLIC_URL's (a CDN), else, with
   * S3_URL, the bucket's public address (as the API builds photo URLs: packages/db
   * s3-storage.ts). The pages' Content-Security-Policy lets images in from it. Null when the
   * API serves the photos itself (PUBLIC_API_URL/media).
   */
  mediaOrigin: string | null;
  /**
   * The web tier's shared secret with the API (INTERNAL_API_TOKEN, the same value on both): the
   * API then believes the visitor address each call names (docs/decisions/041). Null: the API
   * counts this server as one client. Never sent to the browser.
   */
  internalApiToken: string | null;
  /**
   * Proxies in front of this server whose X-Forwarded-For names the visitor (WEB_TRUST_PROXY):
   * false (none: the socket's address is the visitor), true (every hop), a hop count, or
   * addresses/CIDR ranges. The visitor is the right-most address not trusted.
   */
  trustProxy: TrustProxy;
  /**
   * The Prometheus listener (METRICS_PORT, METRICS_HOST default 127.0.0.1): a separate port
   * answering GET /metrics, apart from the pages so it is never public. Null (the default): no
   * listener and no figures kept, so the one-command start exposes and spends nothing.
   */
  metrics: { port: number; host: string } | null;
  /** One JSON log line per answered request (WEB_ACCESS_LOG=on; off by default). */
  accessLog: boolean;
}

/** The subset of the configuration that is safe to hand to the browser. */
export interface PublicConfig {
  apiUrl: string;
  /** MapLibre style of the results map: MapTiler's when a key is configured, else our offline one. */
  mapStyleUrl: string;
  /** The style reads a PMTiles file: the map registers the `pmtiles://` protocol first. */
  mapPmtiles?: true;
}

/** Protomaps' named colour sets (@protomaps/basemaps `namedFlavor`). */
export const PMTILES_FLAVORS = ['light', 'white', 'grayscale', 'dark', 'black'] as const;
export type PmtilesFlavor = (typeof PMTILES_FLAVORS)[number];

/** The offline basemap's style, served by this server (routes/search-map.ts). */
export const OFFLINE_MAP_STYLE_PATH = '/map/style.json';
export const MAPTILER_ORIGIN = 'https://api.maptiler.com';

export class WebConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid web configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'WebConfigError';
    this.problems = problems;
  }
}

export const DEFAULT_WEB_PORT = 3000;
export const DEFAULT_API_URL = 'http://localhost:3001';

type Env = Record<string, string | undefined>;

function readPort(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}"`);
    return fallback;
  }
  return port;
}

function readUrl(name: string, raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`${name} must be an http(s) URL, got "${raw}"`);
      return null;
    }
    // Base URLs are joined with paths that start with "/": keep them without a trailing slash.
    return url.href.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} must be an absolute URL, got "${raw}"`);
    return null;
  }
}

function readMaptiler(env: Env, problems: string[]): WebConfig['maptiler'] {
  const apiKey = env.MAPTILER_API_KEY?.trim() ?? '';
  const style = env.MAPTILER_STYLE?.trim() || 'streets-v2';
  if (!/^[A-Za-z0-9_-]*$/.test(apiKey))
    problems.push('MAPTILER_API_KEY must hold letters, digits, - and _ only');
  if (!/^[A-Za-z0-9_-]+$/.test(style))
    problems.push('MAPTILER_STYLE must be a MapTiler map id such as streets-v2');
  return apiKey === '' ? null : { apiKey, style };
}

function readPmtiles(env: Env, problems: string[]): WebConfig['pmtiles'] {
  const url = readUrl('MAP_PMTILES_URL', env.MAP_PMTILES_URL?.trim(), problems);
  const flavor = env.MAP_PMTILES_FLAVOR?.trim() || 'light';
  if (!(PMTILES_FLAVORS as readonly string[]).includes(flavor))
    problems.push(`MAP_PMTILES_FLAVOR must be one of ${PMTILES_FLAVORS.join(', ')}, got "${flavor}"`);
  return url ? { url, flavor: flavor as PmtilesFlavor } : null;
}

/**
 * The public origin of the bucket of an S3_URL (`s3://KEY:SECRET@host[:port]/bucket?...`), as
 * the API's storage addresses its objects: `host/bucket` with `forcePathStyle=true`, else the
 * bucket as a subdomain of the host; `tls=false` for plain HTTP. Only the address is read,
 * never the credentials. The API validates the rest of the URL.
 */
function bucketOrigin(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    problems.push('S3_URL must be s3://ACCESS_KEY:SECRET@host[:port]/bucket');
    return null;
  }
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (url.protocol !== 's3:' || url.host === '' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push('S3_URL must be s3://ACCESS_KEY:SECRET@host[:port]/bucket');
    return null;
  }
  const scheme = url.searchParams.get('tls') === 'false' ? 'http' : 'https';
  const host = url.host.toLowerCase();
  return url.searchParams.get('forcePathStyle') === 'true'
    ? `${scheme}://${host}`
    : `${scheme}://${bucket}.${host}`;
}

/** WEB_TRUST_PROXY, read as the API reads TRUST_PROXY: `1` is one hop, never "trust all". */
function readTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const parsed = parseTrustProxy(raw ?? '');
  if (parsed !== null) return parsed;
  problems.push(`WEB_TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${raw}"`);
  return false;
}

function readInternalToken(raw: string | undefined, problems: string[]): string | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  if (text.length < 32) {
    problems.push('INTERNAL_API_TOKEN must be a random secret of at least 32 characters');
    return null;
  }
  return text;
}

function readMetrics(env: Env, problems: string[]): WebConfig['metrics'] {
  const raw = env.METRICS_PORT?.trim() ?? '';
  if (raw === '') return null;
  const port = readPort('METRICS_PORT', raw, 0, problems);
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  return { port, host };
}

function readAccessLog(raw: string | undefined, problems: string[]): boolean {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'off') return false;
  if (value === 'on') return true;
  problems.push(`WEB_ACCESS_LOG must be on or off, got "${raw}"`);
  return false;
}

/** Reads and validates the configuration; throws a WebConfigError listing every problem. */
export function readWebConfig(env: Env, overrides: Partial<WebConfig> = {}): WebConfig {
  const problems: string[] = [];
  const port = overrides.port ?? readPort('WEB_PORT', env.WEB_PORT, DEFAULT_WEB_PORT, problems);
  const apiUrl =
    (overrides.apiUrl !== undefined ? readUrl('apiUrl', overrides.apiUrl, problems) : null) ??
    readUrl('API_URL', env.API_URL, problems) ??
    DEFAULT_API_URL;
  const publicApiUrl =
    (overrides.publicApiUrl !== undefined
      ? readUrl('publicApiUrl', overrides.publicApiUrl, problems)
      : null) ??
    readUrl('PUBLIC_API_URL', env.PUBLIC_API_URL, problems) ??
    apiUrl;
  const publicWebUrl =
    overrides.publicWebUrl !== undefined
      ? overrides.publicWebUrl && readUrl('publicWebUrl', overrides.publicWebUrl, problems)
      : readUrl('PUBLIC_WEB_URL', env.PUBLIC_WEB_URL, problems);
  const maptiler = readMaptiler(env, problems);
  const pmtiles = readPmtiles(env, problems);
  const mediaPublicUrl = readUrl('MEDIA_PUBLIC_URL', env.MEDIA_PUBLIC_URL, problems);
  const mediaOrigin =
    overrides.mediaOrigin !== undefined
      ? overrides.mediaOrigin
      : mediaPublicUrl
        ? new URL(mediaPublicUrl).origin
        : bucketOrigin(env.S3_URL, problems);
  const internalApiToken =
    overrides.internalApiToken !== undefined
      ? overrides.internalApiToken
      : readInternalToken(env.INTERNAL_API_TOKEN, problems);
  const trustProxy = overrides.trustProxy ?? readTrustProxy(env.WEB_TRUST_PROXY, problems);
  const metrics = overrides.metrics !== undefined ? overrides.metrics : readMetrics(env, problems);
  const accessLog = overrides.accessLog ?? readAccessLog(env.WEB_ACCESS_LOG, problems);
  if (problems.length > 0) throw new WebConfigError(problems);
  return {
    port,
    apiUrl,
    publicApiUrl,
    publicWebUrl: publicWebUrl || null,
    maptiler,
    pmtiles,
    mediaOrigin,
    internalApiToken,
    trustProxy,
    metrics,
    accessLog,
  };
}

export function publicConfigOf(config: WebConfig): PublicConfig {
  // The PMTiles style is served by this server at the offline style's address.
  if (config.pmtiles)
    return { apiUrl: config.publicApiUrl, mapStyleUrl: OFFLINE_MAP_STYLE_PATH, mapPmtiles: true };
  return {
    apiUrl: config.publicApiUrl,
    mapStyleUrl: config.maptiler
      ? `${MAPTILER_ORIGIN}/maps/${config.maptiler.style}/style.json?key=${config.maptiler.apiKey}`
      : OFFLINE_MAP_STYLE_PATH,
  };
}

/**
 * The origin the map's tiles come from when it is not this site's: the PMTiles file's host, or
 * MapTiler's. The pages' Content-Security-Policy lets the map fetch from it.
 */
export function mapOriginOf(config: Pick<WebConfig, 'maptiler' | 'pmtiles'>): string | null {
  if (config.pmtiles) return new URL(config.pmtiles.url).origin;
  return config.maptiler ? MAPTILER_ORIGIN : null;
}

/** Whether the maps draw streets (PMTiles or MapTiler) rather than the offline overview. */
export function hasStreetBasemap(config: Pick<WebConfig, 'maptiler' | 'pmtiles'>): boolean {
  return config.pmtiles !== null || config.maptiler !== null;
}
