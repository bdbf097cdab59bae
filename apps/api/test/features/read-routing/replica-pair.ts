import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  pgBin,
  postgresIds,
  removeStaleClusters,
} from '../../../../../scripts/reliability/lib/pg-cluster.ts';

// A private PostgreSQL primary and its streaming replica for the read-routing tests, made as the
// reliability suite makes its cluster (scripts/reliability/lib/pg-cluster.ts): initdb in a
// temporary folder as the postgres user (`runuser -u postgres`), loopback only, on ports of its
// own (28110, 28111 by default, 28210, 28211 for replica-fallback.test.ts: a cluster run at base
// 28000 holds 28010-28015); the replica is a `pg_basebackup -R` of the primary. The shared server on
// 5432 is never touched. `pauseReplay()` makes the replica lag on demand.

const PREFIX = 'estately-read-routing-pg-';

export class ReplicaPair {
  readonly root: string;
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  private readonly bin = pgBin();

  readonly primaryPort: number;
  readonly replicaPort: number;

  constructor(primaryPort = 28110, replicaPort = 28111) {
    this.primaryPort = primaryPort;
    this.replicaPort = replicaPort;
    // Servers an earlier run left behind when it was killed (its process gone).
    removeStaleClusters(PREFIX);
    this.root = mkdtempSync(path.join(tmpdir(), PREFIX));
    chmodSync(this.root, 0o755);
    writeFileSync(path.join(this.root, 'owner.pid'), String(process.pid));
    const { uid, gid } = postgresIds();
    chownSync(this.root, uid, gid);
    this.primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    this.replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    process.on('exit', () => this.destroy());
  }

  private dir(which: 'primary' | 'replica'): string {
    return path.join(this.root, which);
  }

  private run(command: string, args: string[]): void {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', path.join(this.bin, command), ...args], {
      encoding: 'utf8',
      cwd: this.root,
    });
    if (result.status !== 0) {
      const logs = ['primary', 'replica']
        .map((which) => path.join(this.root, `${which}.log`))
        .filter(existsSync)
        .map((file) => readFileSync(file, 'utf8').slice(-1500))
        .join('\n');
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}\n${logs}`);
    }
  }

  /** initdb and start the primary (WAL for replication: wal_level=replica, senders). */
  startPrimary(): void {
    this.run('initdb', [
      '-D',
      this.dir('primary'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    this.start('primary');
  }

  /** The replica: a base backup of the running primary, set to stream from it (-R), started. */
  startReplica(): void {
    this.run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primaryPort),
      '-U',
      'postgres',
      '-D',
      this.dir('replica'),
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
    ]);
    this.start('replica');
  }

  /** Starts a stopped server again. */
  start(which: 'primary' | 'replica'): void {
    const port = which === 'primary' ? this.primaryPort : this.replicaPort;
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      "-c unix_socket_directories=''",
      '-c wal_level=replica',
      '-c max_wal_senders=4',
      '-c hot_standby=on',
      '-c max_connections=100',
      '-c shared_buffers=16MB',
      // Throwaway servers: no flush to disk (commits stay synchronous, so a write's WAL position
      // is known before it is answered, as the read routing assumes).
      '-c fsync=off',
      '-c full_page_writes=off',
      // A replica whose replay is paused must not cancel the reads it serves meanwhile.
      '-c max_standby_streaming_delay=-1',
    ].join(' ');
    this.run('pg_ctl', [
      '-D',
      this.dir(which),
      '-l',
      path.join(this.root, `${which}.log`),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** Stops a server (fast shutdown): a replica that is gone. */
  stop(which: 'primary' | 'replica'): void {
    this.run('pg_ctl', ['-D', this.dir(which), '-m', 'fast', '-w', 'stop']);
  }

  /**
   * The same fast shutdown without blocking this process: requests keep running while the
   * server ends its connections (replica-fallback.test.ts).
   */
  stopInBackground(which: 'primary' | 'replica'): Promise<void> {
    const child = spawn(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        path.join(this.bin, 'pg_ctl'),
        '-D',
        this.dir(which),
        '-m',
        'fast',
        '-w',
        'stop',
      ],
      { cwd: this.root, stdio: 'ignore' },
    );
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl stop exited with ${code}`)),
      );
    });
  }

  /** Stops everything and removes the folder. Safe to call twice. */
  destroy(): void {
    if (!existsSync(this.root)) return;
    for (const which of ['replica', 'primary'] as const) {
      if (!existsSync(path.join(this.dir(which), 'postmaster.pid'))) continue;
      spawnSync(
        'runuser',
        [
          '-u',
          'postgres',
          '--',
          path.join(this.bin, 'pg_ctl'),
          '-D',
          this.dir(which),
          '-m',
          'immediate',
          '-w',
          'stop',
        ],
        {
          cwd: this.root,
        },
      );
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
