// What Linux's /proc tells about processes, for the benchmarks and checks that measure the
// product's processes (the API, the web server and its workers) and for tests of them.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessStat {
  pid: number;
  parent: number;
  /** 'R' running, 'S' sleeping, 'Z' exited but not yet reaped by its parent, ... */
  state: string;
  /** CPU time used so far, user and system. */
  cpuSeconds: number;
  rssMiB: number;
}

/** /proc/<pid>/stat read, or null when the process is gone. */
export function processStat(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')'): the state is
    // the 1st, the parent's id the 2nd, utime the 12th, stime the 13th (in clock ticks, USER_HZ,
    // 100 a second) and the resident set the 22nd (in 4 KiB pages).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      parent: Number(fields[1]),
      state: fields[0] ?? '',
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
      rssMiB: (Number(fields[21]) * 4096) / 1024 / 1024,
    };
  } catch {
    return null;
  }
}

/** CPU time and resident memory of a process, or null when it is gone. */
export function processUsage(pid: number): { cpuSeconds: number; rssMiB: number } | null {
  const stat = processStat(pid);
  return stat && { cpuSeconds: stat.cpuSeconds, rssMiB: stat.rssMiB };
}

/** The live processes (zombies left out) whose parent is `pid`, in the order of their ids. */
export function childProcesses(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat && stat.parent === pid && stat.state !== 'Z') children.push(stat.pid);
  }
  return children.sort((a, b) => a - b);
}

/** Every live process below `pid`: its children, theirs (web workers of a forked web server), ... */
export function descendantProcesses(pid: number): number[] {
  const found: number[] = [];
  for (let next = childProcesses(pid); next.length > 0; next = next.flatMap(childProcesses)) {
    found.push(...next);
  }
  return found;
}
