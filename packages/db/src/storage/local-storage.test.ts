import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from './local-storage.ts';
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
