import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import {
  assertValidKey,
  contentTypeOf,
  isValidKey,
  type ListMediaOptions,
  listPageSize,
  type MediaListing,
  type MediaObject,
  type MediaStorage,
} from './storage.ts';

// Production media in S3-compatible object storage (DESIGN 6): AWS S3, MinIO, Ceph RGW, R2 and
// the like. The client is aws4fetch rather than @aws-sdk/client-s3: the storage needs four
// single-request object operations (PUT, GET, HEAD, DELETE) and one listing (ListObjects, for
// the orphan sweep), which aws4fetch signs (SigV4) on
// Node's own fetch with no dependencies of its own, where the SDK brings some hundred packages
// and newer defaults (CRC32 request checksums) that not every S3-compatible service accepts.

export type S3StorageOptions = {
  /** Service endpoint: scheme, host and optional port, e.g. `https://s3.eu-central-1.amazonaws.com`. */
  endpoint: string;
  /** Signing region (`us-east-1` for services that ignore it, `auto` on R2). */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Objects at `endpoint/bucket/key` (MinIO, Ceph and most self-hosted services) instead of
   * `bucket.endpoint-host/key` (AWS's virtual-hosted style, the default).
   */
  forcePathStyle?: boolean;
  /** Public URL prefix of the objects (a CDN); defaults to the bucket's own address. */
  publicBase?: string;
  /** Deadline of one operation, retries included, in milliseconds (default 30 s). */
  timeoutMs?: number;
};

/**
 * Every stored object is written once under a key that changes whenever its content does
 * (content hashes, fresh random directories), so browsers and CDNs may keep it for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A refusal or failure of the object storage; carries no credentials. */
export class S3StorageError extends Error {
  readonly status: number;
  /** The service's error code, e.g. `AccessDenied`, `NoSuchBucket`. */
  readonly code: string | undefined;

  constructor(operation: string, key: string, status: number, code: string | undefined) {
    super(`S3 ${operation} ${JSON.stringify(key)} failed: HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3StorageError';
    this.status = status;
    this.code = code;
  }
}

export class S3MediaStorage implements MediaStorage {
  readonly bucket: string;
  readonly publicBase: string;
  /** Address of the bucket that object keys are appended to (no trailing slash). */
  readonly bucketUrl: string;
  private readonly client: AwsClient;
  private readonly timeoutMs: number;
  private readonly pathStyle: boolean;

  constructor(options: S3StorageOptions) {
    const endpoint = new URL(options.endpoint);
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
      throw new Error(`S3 endpoint must be an http(s) URL, got ${endpoint.protocol}`);
    }
    if (!options.bucket) throw new Error('S3 bucket is required');
    this.bucket = options.bucket;
    const origin = endpoint.origin;
    this.bucketUrl = options.forcePathStyle
      ? `${origin}/${options.bucket}`
      : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
    this.publicBase = (options.publicBase ?? this.bucketUrl).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.pathStyle = options.forcePathStyle === true;
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      // aws4fetch retries 5xx and 429 with exponential backoff; its default of 10 tries would
      // hold an upload request for most of a minute while the storage is down.
      retries: 3,
    });
  }

  private objectUrl(key: string): string {
    assertValidKey(key);
    // Valid keys hold only URL-safe characters, so no escaping is needed.
    return `${this.bucketUrl}/${key}`;
  }

  private request(
    key: string,
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    body?: Buffer,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const url = this.objectUrl(key);
    return this.client.fetch(url, {
      method,
      // Buffers here are views of ordinary ArrayBuffers (sharp and fs output), which fetch takes as is.
      body: body as Uint8Array<ArrayBuffer> | undefined,
      headers: {
        // Signing the body's hash (instead of aws4fetch's UNSIGNED-PAYLOAD) lets the service
        // reject a body altered on the way, which matters where the endpoint is plain HTTP.
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
        ...headers,
      },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async failure(operation: string, key: string, response: Response): Promise<S3StorageError> {
    // S3 errors are XML documents such as <Error><Code>AccessDenied</Code>...; HEAD has no body.
    const text = operation === 'HEAD' ? '' : await response.text().catch(() => '');
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
    return new S3StorageError(operation, key, response.status, code);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const response = await this.request(key, 'PUT', data, {
      'content-type': contentType,
      'cache-control': IMMUTABLE_CACHE_CONTROL,
    });
    if (!response.ok) throw await this.failure('PUT', key, response);
    await response.body?.cancel();
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const response = await this.request(key, 'GET');
    if (!response.ok) {
      const error = await this.failure('GET', key, response);
      // A missing bucket also answers 404; that is a broken configuration, not a missing object.
      if (response.status === 404 && error.code !== 'NoSuchBucket') return null;
      throw error;
    }
    return {
      data: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? contentTypeOf(key),
    };
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.request(key, 'HEAD');
    await response.body?.cancel();
    if (response.ok) return true;
    if (response.status === 404) return false;
    // A refused or failing storage is not the same as a missing object: callers that would
    // write or skip work on `false` must not act on an outage.
    throw await this.failure('HEAD', key, response);
  }

  async delete(key: string): Promise<void> {
    const response = await this.request(key, 'DELETE');
    // S3 answers 204 for a missing key too; some compatible services answer 404.
    if (!response.ok && response.status !== 404) throw await this.failure('DELETE', key, response);
    await response.body?.cancel();
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicBase}/${key}`;
  }

  /**
   * One ListObjects request: S3 lists in byte order and resumes after `marker` (the last key
   * of the previous page when no delimiter is asked for), which is the cursor the local folder
   * uses too. Version 1 rather than ListObjectsV2: every S3-compatible service answers it and a
   * key is the whole cursor, where V2's opaque continuation tokens differ between services
   * (s3rver, used by the tests, cannot even make one on OpenSSL 3). Objects whose keys this
   * storage would refuse (put there by something else) are left out, but advance the cursor.
   */
  async list(options: ListMediaOptions): Promise<MediaListing> {
    const { prefix } = options;
    if (prefix !== '' && !isValidKey(prefix.replace(/\/$/, ''))) {
      throw new Error(`Invalid media prefix: ${JSON.stringify(prefix)}`);
    }
    const query = new URLSearchParams({ 'max-keys': String(listPageSize(options.limit)) });
    if (prefix) query.set('prefix', prefix);
    if (options.startAfter) {
      if (!isValidKey(options.startAfter))
        throw new Error(`Invalid media key: ${JSON.stringify(options.startAfter)}`);
      query.set('marker', options.startAfter);
    }
    // The bucket's own address: `/bucket?...` path-style, `/?...` on the bucket's host.
    const bucketAddress = this.pathStyle ? this.bucketUrl : `${this.bucketUrl}/`;
    const response = await this.client.fetch(`${bucketAddress}?${query}`, {
      method: 'GET',
      headers: { 'x-amz-content-sha256': createHash('sha256').update('').digest('hex') },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw await this.failure('LIST', prefix, response);
    const xml = await response.text();
    const objects: MediaObject[] = [];
    let last: string | null = null;
    for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = unescapeXml(/<Key>([^<]*)<\/Key>/.exec(body ?? '')?.[1] ?? '');
      last = key;
      if (!isValidKey(key)) continue;
      const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(body ?? '')?.[1];
      const size = /<Size>(\d+)<\/Size>/.exec(body ?? '')?.[1];
      objects.push({ key, size: Number(size ?? 0), lastModified: new Date(modified ?? 0) });
    }
    const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
    return { objects, next: truncated ? last : null };
  }
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}
