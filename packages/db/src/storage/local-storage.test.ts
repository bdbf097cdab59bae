import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage, MemoryMediaStorage } from './local-storage.ts';
import type { MediaStorage } from './storage.ts';
import { INVALID_MEDIA_KEYS } from './storage-keys.fixtures.ts';

const root = mkdtempSync(join(tmpdir(), 'estately-media-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalMediaStorage', () => {
  const storage = new LocalMediaStorage({ root, publicBase: 'https://cdn.example.test/media/' });

  it('puts, gets, reports and deletes files', async () => {
    await storage.put('photos/ab/x/card.webp', Buffer.from('data'), 'image/webp');
    expect(await storage.exists('photos/ab/x/card.webp')).toBe(true);
    expect(await storage.get('photos/ab/x/card.webp')).toEqual({
      data: Buffer.from('data'),
      contentType: 'image/webp',
    });
    await storage.delete('photos/ab/x/card.webp');
    expect(await storage.get('photos/ab/x/card.webp')).toBeNull();
    expect(await storage.exists('photos/ab/x/card.webp')).toBe(false);
  });

  it('builds URLs under the public base', () => {
    expect(storage.url('photos/a/b.avif')).toBe('https://cdn.example.test/media/photos/a/b.avif');
  });

  it('refuses keys that would leave the folder', async () => {
    for (const key of INVALID_MEDIA_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid media key/,
      );
      expect(() => storage.url(key), key).toThrow(/Invalid media key/);
    }
  });
});

/** Every page of a listing, `limit` keys at a time. */
async function listAll(storage: MediaStorage, prefix: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let startAfter: string | null = null;
  do {
    const page = await storage.list({ prefix, startAfter, limit });
    pages.push(page.objects.map((object) => object.key));
    startAfter = page.next;
  } while (startAfter !== null);
  return pages;
}

describe.each([
  ['LocalMediaStorage', () => new LocalMediaStorage({ root: mkdtempSync(join(root, 'list-')) })],
  ['MemoryMediaStorage', () => new MemoryMediaStorage()],
])('%s.list', (_name, make) => {
  it('pages through the keys under a prefix in byte order, resuming after a key', async () => {
    const storage = make();
    const keys = [
      'p/b/x.webp',
      'p/a.webp',
      'p/a/z.webp',
      'p/a-b/c.webp',
      'p/a/y.webp',
      'q/other.webp',
      'pp/no.webp',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    // S3's order: '-' < '.' < '/', so a file beside a folder of the same stem comes first.
    const expected = ['p/a-b/c.webp', 'p/a.webp', 'p/a/y.webp', 'p/a/z.webp', 'p/b/x.webp'];
    expect((await listAll(storage, 'p/', 1000)).flat()).toEqual(expected);
    expect(await listAll(storage, 'p/', 2)).toEqual([
      expected.slice(0, 2),
      expected.slice(2, 4),
      expected.slice(4),
    ]);
    expect(
      (await storage.list({ prefix: 'p/', startAfter: 'p/a/y.webp' })).objects.map((o) => o.key),
    ).toEqual(['p/a/z.webp', 'p/b/x.webp']);
    // A cursor between keys, and one in a folder that is gone.
    expect((await storage.list({ prefix: 'p/', startAfter: 'p/a/m' })).objects[0]?.key).toBe('p/a/y.webp');
    expect((await storage.list({ prefix: 'p/', startAfter: 'p/aa/gone.webp' })).objects[0]?.key).toBe(
      'p/b/x.webp',
    );
    const [first] = (await storage.list({ prefix: 'p/b/' })).objects;
    expect(first?.size).toBe('p/b/x.webp'.length);
    expect(Math.abs((first?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await storage.list({ prefix: 'nothing/' })).toEqual({ objects: [], next: null });
  });
});

describe('LocalMediaStorage.list', () => {
  it('leaves out files no key could name', async () => {
    const folder = mkdtempSync(join(root, 'odd-'));
    const storage = new LocalMediaStorage({ root: folder });
    await storage.put('p/ok.webp', Buffer.from('x'), 'image/webp');
    mkdirSync(join(folder, 'p', 'with space'), { recursive: true });
    writeFileSync(join(folder, 'p', 'with space', 'a.webp'), 'x');
    writeFileSync(join(folder, 'p', '.hidden'), 'x');
    expect((await storage.list({ prefix: 'p/' })).objects.map((o) => o.key)).toEqual(['p/ok.webp']);
  });
});
