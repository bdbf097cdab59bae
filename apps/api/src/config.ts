import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseTrustProxy, TRUST_PROXY_FORMS, type TrustProxy } from '@estately/domain';
import { z } from 'zod';
import { ACCOUNT_LIMIT_VARIABLES, type AccountLimits, accountLimitsOf } from './lib/account-limits.ts';
import type { JwtKey } from './lib/jwt.ts';

// Configuration comes from the environment only, validated once at boot (CONVENTIONS habit 6,
// DESIGN 6). Every problem is reported at once so an operator fixes a bad deployment in one go.
// Defaults give the embedded first run: PGlite under ./data, mail kept in the database, local
// media folder, offline map, API on 127.0.0.1:3001 for the web app on :3000.
//
// No signing key is written in the code (issue 37, decision 013): without JWT_SECRETS the entry
// points pass in the secrets generated into the data folder (local-secrets.ts), and anything
// else that loads a configuration (tests, tools) gets a random key of this process.

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/**
 * Secrets generated on the first start into DATA_DIR (local-secrets.ts `ensureLocalSecrets`),
 * used outside production when the environment does not set them.
 */
export interface LocalSecrets {
  jwtKeys: JwtKey[];
  internalApiToken: string;
}

/** Where the signing keys come from. */
export type JwtKeySource = 'environment' | 'data-folder' | 'process';

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  /** Port and interface the API listens on. */
  port: number;
  host: string;
  /** Absolute base URL under which browsers reach this API (media URLs are built from it). */
  publicApiUrl: string;
  /** Origins allowed by CORS: the web app(s). */
  webOrigins: string[];
  /** PostgreSQL connection string; absent means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Optional read replica for search traffic (DESIGN 6). */
  databaseReadUrl: string | undefined;
  /** Absolute path of the data folder (PGlite data, media files, dev mailbox). */
  dataDir: string;
  /** Absolute path of the local media folder, served under /media/ when `s3` is not set. */
  mediaDir: string;
  /** S3-compatible object storage for media; absent means the local media folder. */
  s3: S3Config | undefined;
  /**
   * Public base of media URLs (a CDN), without trailing slash; absent means the storage's own:
   * PUBLIC_API_URL/media for the local folder, the bucket's address for S3.
   */
  mediaPublicUrl: string | undefined;
  /**
   * SMTP connection URL; absent (never in production) means mail is kept in the database's dev
   * mailbox and printed to the console outside tests.
   */
  smtpUrl: string | undefined;
  /**
   * DEV_MAILBOX: whether GET /dev/mailbox is served (to loopback requests only). Off by default,
   * on for `npm run dev`; never in production.
   */
  devMailbox: boolean;
  maptilerApiKey: string | undefined;
  /** Redis for shared rate limits and cache when several instances run. */
  redisUrl: string | undefined;
  jwt: {
    /** The first key signs; all keys verify (rotation). */
    keys: JwtKey[];
    /**
     * `environment` (JWT_SECRETS), `data-folder` (generated on the first start, passed in by the
     * entry points) or `process` (random for this process: tokens die with it; tests and tools).
     */
    source: JwtKeySource;
  };
  /** Fastify `trustProxy`: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Requests per minute per visitor (address, or account when signed in); 0 turns it off (benchmarks). */
  rateLimitMax: number;
  /**
   * The web tier's shared secret: a call carrying it may name its visitor (docs/decisions/041).
   * Absent: no call may, and the web server counts as one client.
   */
  internalApiToken: string | undefined;
  /** Machine translation of offer descriptions; absent means stored translations only. */
  translationProvider: TranslationProviderConfig | undefined;
  /** Lifetimes of issued tokens in seconds (spec 9: access 7 days, refresh 30 days). */
  tokens: { accessTtlSeconds: number; refreshTtlSeconds: number };
  /** Public origin of the web app; links in e-mails (confirm, reset, alerts) point there. */
  publicWebUrl: string;
  /** Sender of every e-mail, e.g. `Estately <no-reply@example.com>`. */
  mailFrom: string;
  /** Whether the API process also runs the background job worker (else `npm run worker` does). */
  jobsInProcess: boolean;
  /** What one account may store and send (lib/account-limits.ts, issue 37 point 5). */
  accountLimits: AccountLimits;
  /**
   * METRICS_PORT / METRICS_HOST: a listener of its own serving GET /metrics in the Prometheus
   * text format, apart from the public port so a balancer never exposes it. Undefined: none.
   */
  metrics: { port: number; host: string } | undefined;
  /**
   * REPLICA_MAX_LAG_SECONDS: how far the read replica (DATABASE_READ_URL) may be behind the
   * primary before reads go to the primary instead.
   */
  replicaMaxLagSeconds: number;
  /**
   * FEED_ALLOWED_NETWORKS: address ranges (CIDR) that feed and photo URLs may reach although
   * they are private, loopback, link-local, unique-local or multicast (docs/decisions/062).
   * Empty: only public addresses.
   */
  feedAllowedNetworks: string[];
}

/** Where media objects live when S3_URL is set (the S3MediaStorage options minus the public base). */
export interface S3Config {
  /** `http(s)://host[:port]` of the service. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects at endpoint/bucket/key (MinIO, Ceph...) rather than bucket.host/key (AWS). */
  forcePathStyle: boolean;
}

export type TranslationProviderConfig =
  | { kind: 'libretranslate'; url: string; apiKey: string | undefined }
  | { kind: 'deepl'; apiKey: string };

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => ` - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// Blank values count as unset: `.env` files and compose files often write `NAME=`.
const optionalText = z.string().trim().min(1).optional();

function url(protocols: readonly string[], expected: string) {
  return z
    .string()
    .trim()
    .refine((value) => {
      try {
        const parsed = new URL(value);
        return protocols.includes(parsed.protocol) && parsed.hostname !== '';
      } catch {
        return false;
      }
    }, expected);
}

const httpUrl = url(['http:', 'https:'], 'expected an absolute http(s) URL');

const port = z
  .string()
  .trim()
  .regex(/^\d+$/, 'expected a port number 1..65535')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, 'expected a port number 1..65535');

/** A comma-separated list: items trimmed, empty ones dropped. */
const commaList = () =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

const origins = commaList().refine(
  (list) =>
    list.length > 0 &&
    list.every((origin) => {
      try {
        const parsed = new URL(origin);
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === origin;
      } catch {
        return false;
      }
    }),
  'expected comma-separated origins such as https://www.example.com (scheme, host, optional port, no path)',
);

const jwtSecrets = z.string().transform((value, ctx) => {
  const keys: JwtKey[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const kid = separator > 0 ? entry.slice(0, separator) : '';
    const secret = separator > 0 ? entry.slice(separator + 1) : '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid) || secret.length < 32) {
      ctx.addIssue({
        code: 'custom',
        message:
          'expected comma-separated KEY_ID:SECRET pairs (key id of letters, digits, _ or -; secret of at least 32 characters)',
      });
      return z.NEVER;
    }
    if (keys.some((key) => key.kid === kid)) {
      ctx.addIssue({ code: 'custom', message: `key id "${kid}" appears twice` });
      return z.NEVER;
    }
    keys.push({ kid, secret });
  }
  if (keys.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'expected at least one KEY_ID:SECRET pair' });
    return z.NEVER;
  }
  return keys;
});

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (parsed !== null) return parsed;
  ctx.addIssue({ code: 'custom', message: `expected ${TRUST_PROXY_FORMS}` });
  return z.NEVER;
});

// `libretranslate:http://host:5000` (optionally `...#API_KEY`) or `deepl:AUTH_KEY`.
const translationProvider = z.string().transform((value, ctx): TranslationProviderConfig => {
  const text = value.trim();
  const separator = text.indexOf(':');
  const kind = separator > 0 ? text.slice(0, separator).toLowerCase() : '';
  const rest = separator > 0 ? text.slice(separator + 1).trim() : '';
  if (kind === 'libretranslate') {
    const [address = '', apiKey] = rest.split('#', 2);
    try {
      const parsed = new URL(address);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '')
        return { kind, url: address.replace(/\/+$/, ''), apiKey: apiKey || undefined };
    } catch {
      // reported below
    }
  } else if (kind === 'deepl' && /^[A-Za-z0-9:_-]{8,}$/.test(rest)) {
    return { kind, apiKey: rest };
  }
  ctx.addIssue({
    code: 'custom',
    message: 'expected libretranslate:<http(s) URL>[#API_KEY] or deepl:<authentication key>',
  });
  return z.NEVER;
});

// One variable carries the whole storage address, credentials included, the way DATABASE_URL
// and SMTP_URL do. Problems are described without quoting any part of the value: the secret
// may be anywhere in a mistyped URL.
const S3_URL_FORMAT =
  's3://ACCESS_KEY:SECRET@host[:port]/bucket[?region=eu-central-1&forcePathStyle=true&tls=false]';
const S3_OPTIONS = ['region', 'forcePathStyle', 'tls'];
// S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const s3Url = z.string().transform((value, ctx): S3Config => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    return fail(`expected ${S3_URL_FORMAT} (percent-encode /, @ and : in the secret as %2F, %40, %3A)`);
  }
  if (parsed.protocol !== 's3:' || parsed.hostname === '') return fail(`expected ${S3_URL_FORMAT}`);
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(parsed.username);
    secretAccessKey = decodeURIComponent(parsed.password);
  } catch {
    return fail('the access key or secret has a broken percent-encoding');
  }
  if (!accessKeyId || !secretAccessKey) {
    return fail(`the access key and secret are missing: ${S3_URL_FORMAT}`);
  }
  const bucket = parsed.pathname.replace(/^\/|\/$/g, '');
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    return fail('expected one bucket name as the path (3 to 63 lowercase letters, digits, dots and hyphens)');
  }
  const options = parsed.searchParams;
  for (const name of options.keys()) {
    if (!S3_OPTIONS.includes(name)) {
      return fail(`unknown option ${JSON.stringify(name.slice(0, 40))}; known: ${S3_OPTIONS.join(', ')}`);
    }
  }
  const flag = (name: string, fallback: boolean): boolean | undefined => {
    const text = options.get(name);
    if (text === null) return fallback;
    if (text === 'true' || text === 'false') return text === 'true';
    return undefined;
  };
  const forcePathStyle = flag('forcePathStyle', false);
  const tls = flag('tls', true);
  if (forcePathStyle === undefined) return fail('forcePathStyle must be true or false');
  if (tls === undefined) return fail('tls must be true or false');
  const region = options.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return fail('region must be a region name such as eu-central-1');
  const host = parsed.host.toLowerCase();
  // A virtual-hosted bucket is a subdomain of the endpoint, which an address or a single-label
  // name (localhost, a container name) cannot have.
  if (
    !forcePathStyle &&
    (/^[\d.]+(:\d+)?$/.test(host) || host.startsWith('[') || !parsed.hostname.includes('.'))
  ) {
    return fail('an IP address or single-label host needs forcePathStyle=true');
  }
  return {
    endpoint: `${tls ? 'https' : 'http'}://${host}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
  };
});

// Keys are appended to it, so a query or fragment would end up in the middle of every URL.
const mediaPublicUrl = url(['http:', 'https:'], 'expected an absolute http(s) URL').refine(
  (value) => !value.includes('?') && !value.includes('#'),
  'expected a URL prefix without query or fragment, such as https://cdn.example.com/media',
);

const seconds = z
  .string()
  .trim()
  .regex(/^\d+$/, 'expected a whole number of seconds')
  .transform(Number)
  .refine((value) => value >= 60, 'expected at least 60 seconds');

/** An address or range (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`): the prefix within the address's size. */
function isCidr(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const networks = commaList().refine(
  (list) => list.every(isCidr),
  'expected comma-separated addresses or CIDR ranges (127.0.0.1/32)',
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(NODE_ENVS, { error: `expected one of ${NODE_ENVS.join(', ')}` }).default('development'),
  API_PORT: port.default(3001),
  API_HOST: z.string().trim().min(1, 'expected a host name or address').default('127.0.0.1'),
  WEB_ORIGIN: origins.default(['http://localhost:3000']),
  PUBLIC_API_URL: httpUrl.optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'expected a postgres:// connection URL').optional(),
  DATABASE_READ_URL: url(['postgres:', 'postgresql:'], 'expected a postgres:// connection URL').optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'expected an smtp:// or smtps:// URL').optional(),
  MAPTILER_API_KEY: optionalText,
  REDIS_URL: url(['redis:', 'rediss:'], 'expected a redis:// or rediss:// URL').optional(),
  S3_URL: s3Url.optional(),
  MEDIA_PUBLIC_URL: mediaPublicUrl.optional(),
  JWT_SECRETS: jwtSecrets.optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` }).optional(),
  RATE_LIMIT_MAX: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number of requests per minute (0 disables)')
    .transform(Number)
    .default(600),
  INTERNAL_API_TOKEN: z
    .string()
    .trim()
    .min(32, 'expected a random secret of at least 32 characters')
    .optional(),
  DEV_MAILBOX: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0'].includes(value), 'expected on or off')
    .transform((value) => value === 'on' || value === 'true' || value === '1')
    .default(false),
  TRANSLATION_PROVIDER: translationProvider.optional(),
  ACCESS_TOKEN_TTL: seconds.default(604_800),
  REFRESH_TOKEN_TTL: seconds.default(2_592_000),
  PUBLIC_WEB_URL: httpUrl.optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'expected a sender such as Estately <no-reply@example.com>')
    .default('Estately <no-reply@estately.localhost>'),
  JOBS_IN_PROCESS: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['true', 'false', '1', '0'].includes(value), 'expected true or false')
    .transform((value) => value === 'true' || value === '1')
    .default(true),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().trim().min(1, 'expected a host name or address').default('127.0.0.1'),
  REPLICA_MAX_LAG_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'expected a number of seconds')
    .transform(Number)
    .refine((value) => value > 0, 'expected more than 0 seconds')
    .default(5),
  FEED_ALLOWED_NETWORKS: networks.optional(),
  ...ACCOUNT_LIMIT_VARIABLES,
});

/** Variables the API reads; documented in the README and in `describeConfig`. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

// The key of a configuration that has neither JWT_SECRETS nor data-folder secrets: random per
// process, so every configuration a test file loads agrees with the others, and nothing signed
// with it outlives the process.
let processKey: JwtKey | undefined;
function processJwtKey(): JwtKey {
  processKey ??= { kid: 'process', secret: randomBytes(32).toString('base64url') };
  return processKey;
}

/**
 * Reads and validates the configuration. Throws a `ConfigError` listing every problem.
 * Secrets are never echoed back in the error. `localSecrets` (the data folder's, read by the
 * entry points: local-secrets.ts `loadLocalConfig`) stand in for JWT_SECRETS and
 * INTERNAL_API_TOKEN when those are unset, outside production only.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
  localSecrets?: LocalSecrets,
): Config {
  const input: Record<string, string | undefined> = {};
  for (const name of CONFIG_VARIABLES) {
    const value = env[name];
    input[name] = value === undefined || value.trim() === '' ? undefined : value;
  }

  const problems: string[] = [];
  const result = EnvSchema.safeParse(input);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      if (seen.has(name)) continue; // one line per variable: its first problem
      seen.add(name);
      // Secrets (signing keys, translation API keys, storage credentials) are never echoed,
      // nor connection URLs, which carry passwords (postgres://user:pw@..., smtps://user:pw@...).
      const secret = [
        'JWT_SECRETS',
        'INTERNAL_API_TOKEN',
        'TRANSLATION_PROVIDER',
        'S3_URL',
        'SMTP_URL',
        'REDIS_URL',
        'DATABASE_URL',
        'DATABASE_READ_URL',
      ].includes(name);
      const raw = secret ? undefined : input[name];
      problems.push(secret ? `${name}: ${issue.message}` : `${name}: ${issue.message}, got ${shown(raw)}`);
    }
  }

  const nodeEnv = result.success
    ? result.data.NODE_ENV
    : (NODE_ENVS.find((e) => e === input.NODE_ENV) ?? 'development');
  // Production brings its own secrets: a key generated on one machine's disk does not fit a
  // deployment of several instances, and a missing one must be noticed, not made up.
  if (nodeEnv === 'production' && input.JWT_SECRETS === undefined) {
    problems.push('JWT_SECRETS: required when NODE_ENV=production (comma-separated KEY_ID:SECRET pairs)');
  }
  // Without it every page the web tier renders counts against the web server's own budgets:
  // a few visitors would use up the whole site's. `npm start` makes one for its two processes.
  if (nodeEnv === 'production' && input.INTERNAL_API_TOKEN === undefined) {
    problems.push(
      'INTERNAL_API_TOKEN: required when NODE_ENV=production (a random secret of at least 32 characters, the same on the web servers)',
    );
  }
  // Without a mail server every e-mail (password resets, confirmations, alerts) would be kept in
  // the database and never reach anyone, while its job counts as sent.
  if (nodeEnv === 'production' && input.SMTP_URL === undefined) {
    problems.push(
      'SMTP_URL: required when NODE_ENV=production (smtp://user:password@host:587 or smtps://...): without it no e-mail would be delivered',
    );
  }
  // The dev mailbox shows every account's mail (password-reset links): never in production.
  if (
    nodeEnv === 'production' &&
    ['on', 'true', '1'].includes(input.DEV_MAILBOX?.trim().toLowerCase() ?? '')
  ) {
    problems.push("DEV_MAILBOX: not available when NODE_ENV=production (it shows every account's e-mails)");
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);

  const data = result.data;
  const dataDir = path.resolve(data.DATA_DIR);
  const local = data.NODE_ENV === 'production' ? undefined : localSecrets;
  const jwtSource: JwtKeySource = data.JWT_SECRETS ? 'environment' : local ? 'data-folder' : 'process';
  return {
    nodeEnv: data.NODE_ENV,
    isProduction: data.NODE_ENV === 'production',
    port: data.API_PORT,
    host: data.API_HOST,
    // Unset: this machine at the API's own port (API_PORT), as a browser here reaches it.
    publicApiUrl: (data.PUBLIC_API_URL ?? `http://localhost:${data.API_PORT}`).replace(/\/+$/, ''),
    webOrigins: data.WEB_ORIGIN,
    databaseUrl: data.DATABASE_URL,
    databaseReadUrl: data.DATABASE_READ_URL,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    s3: data.S3_URL,
    mediaPublicUrl: data.MEDIA_PUBLIC_URL?.trim().replace(/\/+$/, ''),
    smtpUrl: data.SMTP_URL,
    devMailbox: data.DEV_MAILBOX,
    maptilerApiKey: data.MAPTILER_API_KEY,
    redisUrl: data.REDIS_URL,
    jwt: {
      keys: data.JWT_SECRETS ?? local?.jwtKeys ?? [processJwtKey()],
      source: jwtSource,
    },
    trustProxy: data.TRUST_PROXY,
    logLevel: data.LOG_LEVEL ?? (data.NODE_ENV === 'test' ? 'silent' : 'info'),
    rateLimitMax: data.RATE_LIMIT_MAX,
    internalApiToken: data.INTERNAL_API_TOKEN ?? local?.internalApiToken,
    translationProvider: data.TRANSLATION_PROVIDER,
    tokens: { accessTtlSeconds: data.ACCESS_TOKEN_TTL, refreshTtlSeconds: data.REFRESH_TOKEN_TTL },
    publicWebUrl: (data.PUBLIC_WEB_URL ?? data.WEB_ORIGIN[0] ?? 'http://localhost:3000').replace(/\/+$/, ''),
    mailFrom: data.MAIL_FROM,
    jobsInProcess: data.JOBS_IN_PROCESS,
    accountLimits: accountLimitsOf(data),
    metrics:
      data.METRICS_PORT === undefined ? undefined : { port: data.METRICS_PORT, host: data.METRICS_HOST },
    replicaMaxLagSeconds: data.REPLICA_MAX_LAG_SECONDS,
    feedAllowedNetworks: data.FEED_ALLOWED_NETWORKS ?? [],
  };
}
