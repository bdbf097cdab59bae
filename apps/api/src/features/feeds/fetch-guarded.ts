import { lookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Feed files and photos are fetched from addresses an account typed (docs/decisions/062): the
// host is resolved here, the address checked, and the connection made to that very address, so
// a name that answers a public address to the check and a private one to the connect (DNS
// rebinding) cannot reach the internal network. Each redirect is checked the same way.

/** Why a fetch gave up: the `feeds.photo.*` reasons and the feed file's own error codes share them. */
export type FetchFailure = 'address_refused' | 'timeout' | 'too_large' | 'not_found' | 'fetch_failed';

export class GuardedFetchError extends Error {
  readonly reason: FetchFailure;
  readonly detail: string | undefined;
  constructor(reason: FetchFailure, detail?: string) {
    super(detail === undefined ? reason : `${reason}: ${detail}`);
    this.name = 'GuardedFetchError';
    this.reason = reason;
    this.detail = detail;
  }
}

/** Address ranges no feed may reach unless the configuration allows them (FEED_ALLOWED_NETWORKS). */
const REFUSED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];
const REFUSED_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (an IPv4 address in disguise)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];
const REFUSED = new BlockList();
for (const [network, prefix] of REFUSED_V4) REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of REFUSED_V6) REFUSED.addSubnet(network, prefix, 'ipv6');

/** The ranges of FEED_ALLOWED_NETWORKS (config.ts checked their form). */
export function allowedNetworks(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix), family);
  }
  return list;
}

/** Whether an address may be reached: public, or inside an allowed range. */
export function addressAllowed(address: string, allowed: BlockList): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  if (allowed.check(plain, family)) return true;
  return !REFUSED.check(plain, family);
}

async function checkedAddress(host: string, allowed: BlockList): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let found: { address: string; family: number };
  if (isIP(bare) !== 0) found = { address: bare, family: isIP(bare) };
  else {
    try {
      found = await lookup(bare);
    } catch (error) {
      throw new GuardedFetchError(
        'fetch_failed',
        `dns: ${(error as NodeJS.ErrnoException).code ?? 'failed'}`,
      );
    }
  }
  if (!addressAllowed(found.address, allowed)) throw new GuardedFetchError('address_refused', found.address);
  return { address: found.address, family: found.family === 6 ? 6 : 4 };
}

export interface GuardedFetchOptions {
  url: string;
  /** Ranges that may be reached although private (FEED_ALLOWED_NETWORKS). */
  allowed: BlockList;
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** The body is cut off past this many bytes (a declared larger length is refused before reading). */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Redirects followed, each one checked like the first address. */
  maxRedirects?: number;
  /** Stream the body into this file instead of memory. */
  file?: string;
}

export interface GuardedFetchResult {
  status: number;
  headers: IncomingMessage['headers'];
  /** The body (empty with `file`, and for 304). */
  body: Buffer;
  bytes: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function get(
  url: URL,
  target: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        headers: { 'user-agent': 'Estately feed import', ...headers },
        signal,
        agent: false,
        // The connection goes to the address checked above, whatever the name resolves to now.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (options.all) callback(null, [target]);
          else callback(null, target.address, target.family);
        }) as unknown as typeof lookup,
      },
      resolve,
    );
    request.on('error', reject);
  });
}

function failure(error: unknown, signal: AbortSignal): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (signal.aborted) return new GuardedFetchError('timeout');
  return new GuardedFetchError('fetch_failed', (error as NodeJS.ErrnoException).code ?? String(error));
}

/**
 * GET with the address guard, a deadline, a byte limit while streaming and at most
 * `maxRedirects` checked redirects. 2xx and 304 answer; 404 and 410 throw `not_found`, any other
 * status `fetch_failed` (`HTTP 500`).
 */
export async function fetchGuarded(options: GuardedFetchOptions): Promise<GuardedFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new GuardedFetchError('fetch_failed', 'invalid url');
  }
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new GuardedFetchError('fetch_failed', `scheme ${url.protocol}`);
      }
      const target = await checkedAddress(url.hostname, options.allowed);
      const response = await get(url, target, options.headers ?? {}, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.resume();
        if (redirects >= maxRedirects) throw new GuardedFetchError('fetch_failed', 'too many redirects');
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { status, headers: response.headers, body: Buffer.alloc(0), bytes: 0 };
      }
      if (status === 404 || status === 410) {
        response.resume();
        throw new GuardedFetchError('not_found', `HTTP ${status}`);
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new GuardedFetchError('fetch_failed', `HTTP ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw new GuardedFetchError('too_large', `${declared} bytes`);
      }
      return await readBody(response, options, status);
    }
  } catch (error) {
    throw failure(error, signal);
  }
}

async function readBody(
  response: IncomingMessage,
  options: GuardedFetchOptions,
  status: number,
): Promise<GuardedFetchResult> {
  let bytes = 0;
  const chunks: Buffer[] = [];
  // Counted as it streams: an endless or huge answer is cut off at the limit, never read whole.
  const count = (chunk: Buffer): GuardedFetchError | null => {
    bytes += chunk.length;
    return bytes > options.maxBytes
      ? new GuardedFetchError('too_large', `more than ${options.maxBytes} bytes`)
      : null;
  };
  if (options.file) {
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const error = count(chunk);
        if (error) done(error);
        else done(null, chunk);
      },
    });
    await pipeline(response, counter, createWriteStream(options.file));
  } else {
    const collector = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const error = count(chunk);
        if (!error) chunks.push(chunk);
        done(error);
      },
    });
    await pipeline(response, collector);
  }
  return { status, headers: response.headers, body: Buffer.concat(chunks), bytes };
}
