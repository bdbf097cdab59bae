// One PostgreSQL server of the cluster (primary, replica or a restored copy): a data folder run
// as the postgres user through `runuser` with pg_ctl, like the reliability checks' private
// cluster (scripts/reliability/lib/pg-cluster.ts), whose helpers it shares. Listens on
// 127.0.0.1 only; its unix socket lives in the cluster's own folder, because pgBackRest talks
// to the local server through a socket and never through TCP.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { alive, childPids, killQuietly, pgBin } from '../../reliability/lib/pg-cluster.ts';

const execFileAsync = promisify(execFile);

/** Runs a PostgreSQL or pgBackRest program as the postgres user; throws with its output. */
export async function asPostgres(program: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync('runuser', ['-u', 'postgres', '--', program, ...args], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failed = error as { code?: number; stderr?: string; stdout?: string };
    throw new Error(
      `${path.basename(program)} ${args.join(' ')} failed (${failed.code}): ${(failed.stderr || failed.stdout || String(error)).trim()}`,
    );
  }
}

/** One SQL statement on a short-lived connection: the servers come and go during the checks. */
export async function sql<T extends Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PgServerOptions {
  /** The data folder (created by initdb, pg_basebackup or pgBackRest). */
  dataDir: string;
  port: number;
  /** Folder of the unix socket; '' for TCP only. */
  socketDir: string;
  /** Shown in `ps` and used by a replica as its application_name on the primary. */
  name: string;
  /** Extra `-c name=value` settings for this server alone (they override postgresql.conf). */
  settings?: Record<string, string>;
}

export class PgServer {
  readonly bin = pgBin();
  readonly options: PgServerOptions;

  constructor(options: PgServerOptions) {
    this.options = options;
    if (options.port === 5432) throw new Error('Refusing to run a cluster server on the shared port 5432');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.options.port}/postgres`;
  }

  get logFile(): string {
    return `${this.options.dataDir}.log`;
  }

  /** The postmaster's pid from postmaster.pid; undefined when no live server holds the folder. */
  postmasterPid(): number | undefined {
    try {
      const pid = Number(
        readFileSync(path.join(this.options.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      return pid && alive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Starts the server and waits until it accepts connections (a standby or a recovering copy
   * accepts them once consistent, before it is promoted). Port, addresses and socket are given
   * on the command line, so copies of one postgresql.conf serve on different ports.
   */
  async start(): Promise<void> {
    const { port, socketDir, name, settings = {} } = this.options;
    const all: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: socketDir,
      cluster_name: name,
      ...settings,
    };
    // pg_ctl hands -o to the server through a shell: every value is single-quoted.
    const options = [
      `-p ${port}`,
      ...Object.entries(all).map(([key, value]) => `-c ${key}='${value.replaceAll("'", '')}'`),
    ].join(' ');
    try {
      await asPostgres(
        path.join(this.bin, 'pg_ctl'),
        ['-D', this.options.dataDir, '-l', this.logFile, '-o', options, '-w', '-t', '90', 'start'],
        path.dirname(this.options.dataDir),
      );
    } catch (error) {
      const log = existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').slice(-1500) : '';
      throw new Error(`${(error as Error).message}\n${log}`);
    }
  }

  /** Stops the server: `fast` rolls back open transactions and checkpoints; `immediate` does not. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.postmasterPid()) return;
    await asPostgres(
      path.join(this.bin, 'pg_ctl'),
      ['-D', this.options.dataDir, '-m', mode, '-w', '-t', '60', 'stop'],
      path.dirname(this.options.dataDir),
    );
  }

  /** The synchronous stop for process exit hooks, where no promise runs any more. */
  stopNow(): void {
    const pid = this.postmasterPid();
    if (!pid) return;
    const result = spawnSync(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        path.join(this.bin, 'pg_ctl'),
        '-D',
        this.options.dataDir,
        '-m',
        'fast',
        '-w',
        'stop',
      ],
      { cwd: path.dirname(this.options.dataDir), timeout: 30_000 },
    );
    if (result.status !== 0 && this.postmasterPid()) for (const p of [...childPids(pid), pid]) killQuietly(p);
  }

  /** Stops the server at once and removes its folder and log. */
  async destroy(): Promise<void> {
    if (this.postmasterPid()) await this.stop('immediate');
    rmSync(this.options.dataDir, { recursive: true, force: true });
    rmSync(this.logFile, { force: true });
  }

  /** Waits until a recovering server has been promoted (pg_is_in_recovery() false). */
  async waitPromoted(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await sql<{ recovering: boolean }>(
        this.url,
        'SELECT pg_is_in_recovery() AS recovering',
      ).catch(() => [{ recovering: true }]);
      if (!rows[0]?.recovering) return;
      // A recovery that cannot reach its target (WAL missing, a target before the backup's end)
      // ends the server: no point in waiting for it.
      if (!this.postmasterPid() || Date.now() > deadline) {
        const log = existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').slice(-1500) : '';
        throw new Error(
          `the server on port ${this.options.port} was not promoted (${this.postmasterPid() ? `still recovering after ${timeoutMs} ms` : 'it stopped'})\n${log}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
