// A private PostgreSQL cluster for the crash and fault checks: initdb in a temporary folder,
// run as the postgres user (`runuser -u postgres`), fsync on, on its own port (25432 unless
// RELIABILITY_PG_PORT says otherwise). The shared server at 5432 is never touched. The port lies
// below Linux's ephemeral range (32768-60999): at 55432 the cluster once failed to start because
// an outgoing connection of the test run held that port as its local end.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL server's bin folder (Debian: /usr/lib/postgresql/NN/bin). */
export function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
}

export function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Direct children of a process (from /proc), so a crash can take the backends down too. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while we read
    }
  }
  return children;
}

/**
 * A check killed from outside (the runner's time limit) cannot stop its servers: the next run
 * stops the servers that earlier runs left in their own temporary folders (`<prefix>*`, any
 * subfolder holding a postmaster.pid), and only those whose check process (owner.pid) is gone,
 * so a run in progress keeps its servers.
 */
export function removeStaleClusters(prefix = 'estately-reliability-pg-'): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(prefix)) continue;
    const root = path.join(tmpdir(), entry);
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(root, 'owner.pid'), 'utf8'));
    } catch {
      // no owner recorded: not ours to judge
    }
    if (!owner || alive(owner)) continue;
    let folders: string[] = [];
    try {
      folders = readdirSync(root);
    } catch {}
    for (const folder of folders) {
      try {
        const pid = Number(readFileSync(path.join(root, folder, 'postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid && alive(pid)) for (const p of [...childPids(pid), pid]) killQuietly(p);
      } catch {
        // no server in that folder
      }
    }
    rmSync(root, { recursive: true, force: true });
  }
}

/** SIGKILL to a process that may have ended meanwhile (a backend whose server went away). */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}

export class PrivateCluster {
  readonly root: string;
  readonly dataDir: string;
  readonly port: number;
  readonly url: string;
  private readonly bin = pgBin();
  private readonly ids = postgresIds();

  constructor(port = Number(process.env.RELIABILITY_PG_PORT ?? 25432)) {
    if (port === 5432) throw new Error('Refusing to run a private cluster on the shared port 5432');
    this.port = port;
    removeStaleClusters();
    this.root = mkdtempSync(path.join(tmpdir(), 'estately-reliability-pg-'));
    chmodSync(this.root, 0o755);
    writeFileSync(path.join(this.root, 'owner.pid'), String(process.pid));
    chownSync(this.root, this.ids.uid, this.ids.gid);
    this.dataDir = path.join(this.root, 'data');
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    process.on('exit', () => this.destroy());
  }

  private asPostgres(command: string, args: string[]): void {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', path.join(this.bin, command), ...args], {
      encoding: 'utf8',
      cwd: this.root,
    });
    if (result.status !== 0) {
      const log = existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}\n${log}`);
    }
  }

  get logFile(): string {
    return path.join(this.root, 'server.log');
  }

  /** initdb (trust auth for local connections, UTF-8) and the first start. */
  init(): void {
    this.asPostgres('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    this.start();
  }

  /** Starts (or, after a crash, recovers) the server and waits until it accepts connections. */
  start(): void {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      // TCP only: a socket lock file would also keep a killed server's pid.
      "-c unix_socket_directories=''",
      '-c fsync=on',
      '-c synchronous_commit=on',
      '-c full_page_writes=on',
      '-c max_connections=200',
      '-c shared_buffers=32MB',
    ].join(' ');
    this.asPostgres('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      this.logFile,
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** The postmaster's pid, from postmaster.pid; undefined when the server is not running. */
  postmasterPid(): number | undefined {
    try {
      const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return pid && alive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A server crash: SIGKILL of the postmaster, then of every process it had started (backends,
   * WAL writer, checkpointer), as when the machine's OOM killer or a power cut takes the server.
   * Waits until they are gone, so the next start runs crash recovery from the WAL.
   */
  async kill9(): Promise<void> {
    const pid = this.postmasterPid();
    if (!pid) throw new Error('The private cluster is not running');
    const children = childPids(pid);
    process.kill(pid, 'SIGKILL');
    for (const child of children) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {}
    }
    const deadline = Date.now() + 10_000;
    while ([pid, ...children].some(alive) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    // A killed postmaster stays a zombie until init reaps it (slowly on this kind of machine),
    // and PostgreSQL reads a zombie's pid in postmaster.pid as a running server: once every
    // process is dead, the stale lock file is dropped, as a reboot would make it stale.
    if ([pid, ...children].some(alive)) throw new Error('The killed server processes did not end');
    rmSync(path.join(this.dataDir, 'postmaster.pid'), { force: true });
  }

  /** SIGSTOP (or SIGCONT) to the postmaster and all its processes: a hung database host. */
  signalAll(signal: 'SIGSTOP' | 'SIGCONT'): number {
    const pid = this.postmasterPid();
    if (!pid) throw new Error('The private cluster is not running');
    const pids = [pid, ...childPids(pid)];
    for (const p of pids) {
      try {
        process.kill(p, signal);
      } catch {}
    }
    return pids.length;
  }

  /** Stops the server at once and removes its folder. Safe to call twice. */
  destroy(): void {
    if (!existsSync(this.root)) return;
    const pid = this.postmasterPid();
    if (pid) {
      try {
        this.signalAll('SIGCONT');
      } catch {}
      spawnSync(
        'runuser',
        [
          '-u',
          'postgres',
          '--',
          path.join(this.bin, 'pg_ctl'),
          '-D',
          this.dataDir,
          '-m',
          'immediate',
          '-w',
          'stop',
        ],
        { cwd: this.root },
      );
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie still answers signal 0: read its state.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
