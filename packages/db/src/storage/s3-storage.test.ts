import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, S3MediaStorage, S3StorageError } from './s3-storage.ts';
import { INVALID_MEDIA_KEYS } from './storage-keys.fixtures.ts';

// S3MediaStorage against s3rver, an S3-compatible server running in this process on a free
// port of 127.0.0.1 with its objects in a temporary folder: real HTTP, real SigV4 headers,
// real S3 error documents. s3rver knows the account S3RVER/S3RVER.

const directory = mkdtempSync(join(tmpdir(), 'estately-s3-'));
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
let endpoint: string;
let storage: S3MediaStorage;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The bucket is made the way an operator would, with a signed CreateBucket request.
  const client = new AwsClient({ ...credentials, service: 's3', region: 'us-east-1' });
  const created = await client.fetch(`${endpoint}/estately-media`, { method: 'PUT' });
  expect(created.status, await created.text()).toBe(200);
  storage = new S3MediaStorage({
    endpoint,
    region: 'us-east-1',
    bucket: 'estately-media',
    ...credentials,
    forcePathStyle: true,
    publicBase: 'https://cdn.example.test/media/',
  });
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3MediaStorage', () => {
  it('puts, gets, reports and deletes objects', async () => {
    const data = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await storage.put('photos/ab/abcd/card.webp', data, 'image/webp');
    expect(await storage.exists('photos/ab/abcd/card.webp')).toBe(true);
    expect(await storage.get('photos/ab/abcd/card.webp')).toEqual({ data, contentType: 'image/webp' });

    await storage.delete('photos/ab/abcd/card.webp');
    expect(await storage.exists('photos/ab/abcd/card.webp')).toBe(false);
    expect(await storage.get('photos/ab/abcd/card.webp')).toBeNull();
    // Deleting what is gone is not an error (a cleanup may run twice).
    await storage.delete('photos/ab/abcd/card.webp');
  });

  it('stores the content type and the year-long immutable cache header on the object', async () => {
    await storage.put('avatars/7/f00/512.webp', Buffer.from('webp bytes'), 'image/webp');
    await storage.put('photos/cd/cdef/manifest.json', Buffer.from('{"a":1}'), 'application/json');
    // Read back over plain HTTP as a CDN or browser would, not through the storage class.
    const object = await fetch(`${endpoint}/estately-media/avatars/7/f00/512.webp`);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toBe('image/webp');
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(await object.text()).toBe('webp bytes');
    expect((await storage.get('photos/cd/cdef/manifest.json'))?.contentType).toBe('application/json');
  });

  it('overwrites an object put again under the same key', async () => {
    await storage.put('photos/ee/x/thumb.webp', Buffer.from('first'), 'image/webp');
    await storage.put('photos/ee/x/thumb.webp', Buffer.from('second'), 'image/webp');
    expect((await storage.get('photos/ee/x/thumb.webp'))?.data.toString()).toBe('second');
  });

  it('answers null and false for a missing key', async () => {
    expect(await storage.get('photos/00/missing/full.webp')).toBeNull();
    expect(await storage.exists('photos/00/missing/full.webp')).toBe(false);
  });

  it('refuses keys that could leave the bucket prefix or need escaping, before any request', async () => {
    for (const key of INVALID_MEDIA_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid media key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid media key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid media key/);
      expect(() => storage.url(key), key).toThrow(/Invalid media key/);
    }
  });

  it('lists the keys under a prefix page by page in byte order, with size and time', async () => {
    // s3rver walks its folders rather than sorting keys, so unlike S3 it would list `a/...`
    // before `a.webp`; these keys sort the same either way (the local test covers that case).
    const keys = ['list/b/x.webp', 'list/c.webp', 'list/a/z.webp', 'list/a/y.webp', 'listing/no.webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    const expected = ['list/a/y.webp', 'list/a/z.webp', 'list/b/x.webp', 'list/c.webp'];
    const pages: string[][] = [];
    let startAfter: string | null = null;
    do {
      const page = await storage.list({ prefix: 'list/', startAfter, limit: 3 });
      pages.push(page.objects.map((object) => object.key));
      startAfter = page.next;
    } while (startAfter !== null);
    expect(pages).toEqual([expected.slice(0, 3), expected.slice(3)]);
    const [first] = (await storage.list({ prefix: 'list/b/' })).objects;
    expect(first?.key).toBe('list/b/x.webp');
    expect(first?.size).toBe('list/b/x.webp'.length);
    expect(Math.abs((first?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await storage.list({ prefix: 'list/nothing/' })).toEqual({ objects: [], next: null });
    await expect(storage.list({ prefix: '../' })).rejects.toThrow(/Invalid media prefix/);
  });

  it('builds URLs under the public base (a CDN)', () => {
    expect(storage.url('photos/a/b.avif')).toBe('https://cdn.example.test/media/photos/a/b.avif');
  });

  it('defaults the public base to the bucket address, path-style or virtual-hosted', () => {
    const common = { region: 'eu-central-1', bucket: 'media', ...credentials };
    const pathStyle = new S3MediaStorage({
      ...common,
      endpoint: 'http://minio.internal:9000/',
      forcePathStyle: true,
    });
    expect(pathStyle.url('a/b.webp')).toBe('http://minio.internal:9000/media/a/b.webp');
    const virtual = new S3MediaStorage({ ...common, endpoint: 'https://s3.eu-central-1.amazonaws.com' });
    expect(virtual.url('a/b.webp')).toBe('https://media.s3.eu-central-1.amazonaws.com/a/b.webp');
  });

  it('reports a refusal of the service as an error with its code, never as a missing object', async () => {
    const stranger = new S3MediaStorage({
      endpoint,
      region: 'us-east-1',
      bucket: 'estately-media',
      accessKeyId: 'NOT-A-KNOWN-KEY',
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    });
    await storage.put('photos/ff/y/card.webp', Buffer.from('x'), 'image/webp');
    const refused = await stranger.get('photos/ff/y/card.webp').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(S3StorageError);
    expect(refused).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(String(refused)).not.toContain('not-the-secret');
    await expect(stranger.exists('photos/ff/y/card.webp')).rejects.toMatchObject({ status: 403 });
    await expect(stranger.put('photos/ff/y/card.webp', Buffer.from('z'), 'image/webp')).rejects.toThrow(
      /S3 PUT "photos\/ff\/y\/card.webp" failed: HTTP 403 InvalidAccessKeyId/,
    );
    // The object is untouched.
    expect((await storage.get('photos/ff/y/card.webp'))?.data.toString()).toBe('x');
  });

  it('reports a bucket that does not exist', async () => {
    const nowhere = new S3MediaStorage({
      endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      ...credentials,
      forcePathStyle: true,
    });
    await expect(nowhere.put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
    await expect(nowhere.get('a/b.webp')).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
  });
});
