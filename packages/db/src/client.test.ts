import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';
import { DataDirLockedError } from './lock.ts';
import { migrate } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'estately-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createDatabase (PGlite)', () => {
  it('refuses a second open of the same data folder with a clear error, and reopens after close', async () => {
    const dataDir = join(dir, 'pglite');
    const first = await createDatabase({ dataDir, url: '' });
    expect(first.kind).toBe('pglite');
    try {
      await expect(createDatabase({ dataDir, url: '' })).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(createDatabase({ dataDir, url: '' })).rejects.toThrow(/already in use by process/);
      await migrate(first);
      await first.exec("insert into redirects (from_path, to_url) values ('/old', '/new')");
    } finally {
      await first.close();
    }
    // Data persists and the lock is free again.
    const second = await createDatabase({ dataDir, url: '' });
    try {
      await migrate(second); // nothing left to apply
      const rows = await second.query<{ to_url: string }>('select to_url from redirects');
      expect(rows).toEqual([{ to_url: '/new' }]);
    } finally {
      await second.close();
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dataDir = join(dir, 'stale');
    writeFileSync(`${dataDir}.lock`, '999999999');
    const db = await createDatabase({ dataDir: dataDir, url: '' });
    await db.close();
  });
});
