// Child processes of the cluster runner: each writes to its own log file in the cluster folder
// and carries ESTATELY_CLUSTER_DIR in its environment, so a later start can find and end what a
// runner killed without a chance to stop (kill -9, a power cut) left behind, and nothing else.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { descendantProcesses } from '../../lib/processes.ts';

export const CLUSTER_DIR_MARK = 'ESTATELY_CLUSTER_DIR';

export interface SpawnLoggedOptions {
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  logPath: string;
  cwd?: string;
  clusterDir: string;
}

const running = new Set<ChildProcess>();
let exitHook = false;

/**
 * The runner's children by pid and start time, in `children.json` of the cluster folder. nginx
 * and redis-server write their process titles over their environment, so the mark there is
 * gone: this record is how a later start recognises them (the start time tells a reused pid).
 */
interface ChildRecord {
  pid: number;
  startTime: string;
  command: string;
}
const records = new Map<string, ChildRecord[]>();

function recordFile(clusterDir: string): string {
  return path.join(clusterDir, 'children.json');
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function writeRecords(clusterDir: string): void {
  const list = records.get(clusterDir) ?? [];
  try {
    writeFileSync(recordFile(clusterDir), `${JSON.stringify(list, null, 2)}\n`);
  } catch {
    // the folder was removed (a test's, a check's): nothing left to record for
  }
}

/**
 * Starts a process whose stdout and stderr are appended to `logPath`. A runner that exits
 * without stopping its children (an error, Ctrl+C during the start) sends them SIGTERM on its
 * way out.
 */
export function spawnLogged(options: SpawnLoggedOptions): ChildProcess {
  mkdirSync(path.dirname(options.logPath), { recursive: true });
  const fd = openSync(options.logPath, 'a');
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const child of running) child.kill('SIGTERM');
    });
  }
  try {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: { ...options.env, [CLUSTER_DIR_MARK]: path.resolve(options.clusterDir) },
      stdio: ['ignore', fd, fd],
    });
    running.add(child);
    const clusterDir = path.resolve(options.clusterDir);
    const startTime = child.pid ? startTimeOf(child.pid) : undefined;
    if (child.pid && startTime) {
      const list = records.get(clusterDir) ?? [];
      list.push({ pid: child.pid, startTime, command: options.command });
      records.set(clusterDir, list);
      writeRecords(clusterDir);
    }
    child.once('exit', () => {
      running.delete(child);
      const list = records.get(clusterDir) ?? [];
      records.set(
        clusterDir,
        list.filter((record) => record.pid !== child.pid),
      );
      writeRecords(clusterDir);
    });
    return child;
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Resolves once the child exited; SIGTERM first, SIGKILL after `graceMs`. */
export function stopChild(
  child: ChildProcess,
  graceMs: number,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Processes of an earlier runner of `clusterDir` still alive (their environment names the
 * folder): a runner that was killed could not stop its children.
 */
export function strayProcesses(clusterDir: string): number[] {
  const mark = `${CLUSTER_DIR_MARK}=${path.resolve(clusterDir)}`;
  const found: number[] = [];
  try {
    const recorded = JSON.parse(readFileSync(recordFile(clusterDir), 'utf8')) as ChildRecord[];
    for (const record of recorded) {
      if (record.pid !== process.pid && startTimeOf(record.pid) === record.startTime && alive(record.pid))
        found.push(record.pid);
    }
  } catch {
    // no record: a first start
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(mark) && alive(Number(entry)) && !found.includes(Number(entry)))
        found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** SIGKILLs the stray processes of `clusterDir` and waits until they are gone. */
export async function killStrays(clusterDir: string): Promise<number> {
  const strays = strayProcesses(clusterDir);
  // With them their own children (nginx's workers hold the listening sockets), found first:
  // once their parent is gone they belong to init.
  const pids = [...new Set([...strays, ...strays.flatMap(descendantProcesses)])];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  const deadline = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  return pids.length;
}

/** True when something accepts connections on 127.0.0.1:`port`. */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (taken: boolean) => {
      socket.destroy();
      resolve(taken);
    };
    socket.setTimeout(1_000, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The last `bytes` of a log file, for an error message. */
export function logTail(logPath: string, bytes = 2000): string {
  try {
    const text = readFileSync(logPath, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '';
  }
}
