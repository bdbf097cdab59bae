import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite opens its data folder without any inter-process lock (DESIGN 8): two processes on
 * one folder corrupt it. We hold an exclusive lock file beside the folder, holding our pid;
 * a lock whose process is gone is stale and taken over.
 */
export class DataDirLockedError extends Error {
  readonly lockPath: string;
  readonly pid: number;
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database folder is already in use by process ${pid} (lock file ${lockPath}). ` +
        'Stop that process, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
    );
    this.name = 'DataDirLockedError';
    this.lockPath = lockPath;
    this.pid = pid;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type DataDirLock = { path: string; release(): void };

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) rmSync(path, { force: true });
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) throw new DataDirLockedError(path, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
