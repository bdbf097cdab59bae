import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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

  /**
   * Walks the folder in key order, reading only the folders on the way to `startAfter` and
   * after it, so a page deep into a large folder does not read everything before it. A folder's
   * entries are sorted by name, a subfolder's with `/` after it: that is the byte order of the
   * full keys (`a.webp` before `a/...`, as S3 lists them). Files whose names no key could have
   * (and symbolic links) are not listed.
   */
  async list(options: ListMediaOptions): Promise<MediaListing> {
    const { prefix } = options;
    const after = options.startAfter ?? '';
    const max = listPageSize(options.limit);
    const objects: MediaObject[] = [];
    let more = false;
    const walk = async (dirKey: string): Promise<boolean> => {
      let entries: Dirent[];
      try {
        entries = await readdir(join(this.root, dirKey), { withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return false;
        throw error;
      }
      const named = entries
        .filter((entry) => (entry.isFile() || entry.isDirectory()) && isValidKey(entry.name))
        .map((entry) => ({
          key: `${dirKey}${entry.name}${entry.isDirectory() ? '/' : ''}`,
          dir: entry.isDirectory(),
        }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      for (const entry of named) {
        if (entry.dir) {
          // Every key below starts with entry.key: skip a folder that cannot hold the prefix,
          // or whose keys all sort before `after`.
          if (!entry.key.startsWith(prefix) && !prefix.startsWith(entry.key)) continue;
          if (after > entry.key && !after.startsWith(entry.key)) continue;
          if (await walk(entry.key)) return true;
          continue;
        }
        if (!entry.key.startsWith(prefix) || entry.key <= after) continue;
        if (objects.length === max) {
          more = true;
          return true;
        }
        try {
          const info = await stat(join(this.root, entry.key));
          objects.push({ key: entry.key, size: info.size, lastModified: info.mtime });
        } catch (error) {
          // Deleted since the folder was read: it is not there to list.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return false;
    };
    await walk('');
    return { objects, next: more ? (objects.at(-1)?.key ?? null) : null };
  }
}

/** A storage kept in memory (tests). */
export class MemoryMediaStorage implements MediaStorage {
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  /** When each file was put; tests may set an older time. */
  readonly modified = new Map<string, Date>();
  readonly publicBase: string;
  constructor(publicBase = '/media') {
    this.publicBase = publicBase;
  }
  async put(key: string, data: Buffer, contentType: string) {
    assertValidKey(key);
    this.files.set(key, { data, contentType });
    this.modified.set(key, new Date());
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async delete(key: string) {
    this.files.delete(key);
    this.modified.delete(key);
  }
  url(key: string) {
    return `${this.publicBase}/${key}`;
  }
  async list(options: ListMediaOptions): Promise<MediaListing> {
    const after = options.startAfter ?? '';
    const max = listPageSize(options.limit);
    const keys = [...this.files.keys()]
      .filter((key) => key.startsWith(options.prefix) && key > after)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const objects = keys.slice(0, max).map((key) => ({
      key,
      size: this.files.get(key)?.data.length ?? 0,
      lastModified: this.modified.get(key) ?? new Date(0),
    }));
    return { objects, next: keys.length > max ? (objects.at(-1)?.key ?? null) : null };
  }
}
