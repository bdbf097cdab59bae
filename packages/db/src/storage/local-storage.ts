import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertValidKey, contentTypeOf, type MediaStorage } from './storage.ts';

export type LocalStorageOptions = {
  /** Folder holding the files (default ./data/media). */
  root?: string;
  /** Public URL prefix the API serves the folder under (default /media). */
  publicBase?: string;
};

export const DEFAULT_MEDIA_DIR = './data/media';

/** Media in a local folder: the embedded default. The API serves `root` at `publicBase`. */
export class LocalMediaStorage implements MediaStorage {
  readonly root: string;
  readonly publicBase: string;

  constructor(options: LocalStorageOptions = {}) {
    this.root = resolve(options.root ?? DEFAULT_MEDIA_DIR);
    this.publicBase = (options.publicBase ?? '/media').replace(/\/+$/, '');
  }

  private path(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, path);
    } catch (error) {
      // A full disk fails the write part-way: no half file stays behind (issue 11, check 13).
      await rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    try {
      return { data: await readFile(this.path(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicBase}/${key}`;
  }
}

/** A storage kept in memory (tests). */
export class MemoryMediaStorage implements MediaStorage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  readonly publicBase: string;
  constructor(publicBase = '/media') {
    this.publicBase = publicBase;
  }
  async put(key: string, data: Buffer, contentType: string) {
    assertValidKey(key);
    this.files.set(key, { data, contentType });
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  url(key: string) {
    return `${this.publicBase}/${key}`;
  }
}
