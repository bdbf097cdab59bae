// `npm run bench:web -- --compare REV`: what a rendered results page costs the web server in this
// checkout against another revision, both measured at the same time on this machine.
//
// Two runs of the load step minutes apart can differ by a quarter here: the machine's neighbours
// weigh on memory-heavy rendering, and no single figure says whether a change saved 5 %. So the
// two web servers (this checkout's, and REV's, built in a git worktree) run side by side on the
// same API, take the same searches at the same time, half the connections each, and each one's
// CPU time a page is read from /proc. Whatever the machine does meanwhile weighs on both alike;
// the ratio is the figure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkWeb, stopWeb, type WebProcess } from '../web-process.ts';
import { table } from './lib.ts';

const ROOT = join(import.meta.dirname, '..', '..');

export interface CompareOptions {
  /** The revision to compare this checkout with (anything `git worktree add` takes). */
  revision: string;
  /** What the web servers get besides their port and build (API address, NODE_ENV, ...). */
  env: NodeJS.ProcessEnv;
  /** This checkout's build (a copy of apps/web/build). */
  buildDir: string;
  rounds: number;
  /** Loads `url` with the searches of the load step, on `connections` connections. */
  load(
    url: string,
    connections: number,
  ): Promise<{ rps: number; requests: number; non2xx: number; errors: number }>;
  connections: number;
  /** CPU milliseconds so far of a process and those below it. */
  cpuMs(pid: number): number;
}

export interface CompareFigures {
  revision: string;
  /** Web CPU ms a page, this checkout and REV, per round. */
  rounds: { checkout: number; revision: number; ratio: number }[];
  /** This checkout's CPU a page over REV's, all rounds together. */
  ratio: number;
}

/**
 * A worktree of `revision` with the build of its web app, in the system's temporary directory
 * (Node strips the types of no file under a node_modules directory, so not beside the build
 * copies). Its node_modules holds links to this checkout's packages, but for the workspace
 * packages (@estately/*), which are the worktree's own: the revision's domain code, not this
 * checkout's, goes into its build and runs in its server. The revision runs on the packages this
 * checkout installed: a revision that needs other versions cannot be compared this way.
 */
function prepareRevision(revision: string): { dir: string; remove(): void } {
  const dir = join(tmpdir(), `estately-compare-${process.pid}`);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, stdio: 'pipe' }).toString();
  git('worktree', 'add', '--detach', '--force', dir, revision);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      // Already gone.
    }
  };
  try {
    const modules = join(dir, 'node_modules');
    mkdirSync(join(modules, '@estately'), { recursive: true });
    for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
      if (entry === '@estately' || entry === '.cache') continue;
      symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
    }
    // npm links each workspace package by a relative path (../../packages/domain): the same link
    // in the worktree names the worktree's package.
    const workspaces = join(ROOT, 'node_modules', '@estately');
    for (const name of readdirSync(workspaces)) {
      symlinkSync(readlinkSync(join(workspaces, name)), join(modules, '@estately', name));
    }
    const started = Date.now();
    // Into the revision's own apps/web/build: WEB_BUILD_DIR names this checkout's copy.
    const { WEB_BUILD_DIR: _copy, ...env } = process.env;
    execFileSync('npm', ['run', 'build'], {
      cwd: dir,
      stdio: 'pipe',
      env: { ...env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
    });
    console.log(`${revision}: built in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})`);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** The web server's script in a checkout: apps/web/server/server.ts, or apps/web/server.ts in older ones. */
function webScriptOf(checkout: string): string {
  const script = join(checkout, 'apps', 'web', 'server', 'server.ts');
  return existsSync(script) ? script : join(checkout, 'apps', 'web', 'server.ts');
}

export async function compareWithRevision(options: CompareOptions): Promise<CompareFigures> {
  const { revision, env, load, cpuMs } = options;
  const worktree = prepareRevision(revision);
  const servers: WebProcess[] = [];
  try {
    // The page micro-cache off: every page is rendered.
    const checkout = await forkWeb({ ...env, WEB_PAGE_CACHE: 'off', WEB_BUILD_DIR: options.buildDir });
    servers.push(checkout);
    const other = await forkWeb(
      { ...env, WEB_PAGE_CACHE: 'off', WEB_BUILD_DIR: join(worktree.dir, 'apps', 'web', 'build') },
      webScriptOf(worktree.dir),
    );
    servers.push(other);
    const half = Math.max(1, Math.floor(options.connections / 2));
    const both = () =>
      Promise.all([
        load(`http://127.0.0.1:${checkout.port}`, half),
        load(`http://127.0.0.1:${other.port}`, half),
      ]);
    await both(); // warm-up: both processes' code compiled, their first pages behind them
    const rounds: CompareFigures['rounds'] = [];
    const rows: string[][] = [];
    let checkoutCpu = 0;
    let otherCpu = 0;
    let checkoutPages = 0;
    let otherPages = 0;
    for (let round = 1; round <= options.rounds; round++) {
      const checkoutBefore = cpuMs(checkout.child.pid ?? 0);
      const otherBefore = cpuMs(other.child.pid ?? 0);
      const [mine, theirs] = await both();
      const checkoutSpent = cpuMs(checkout.child.pid ?? 0) - checkoutBefore;
      const otherSpent = cpuMs(other.child.pid ?? 0) - otherBefore;
      const failed = mine.errors + mine.non2xx + theirs.errors + theirs.non2xx;
      if (failed > 0) throw new Error(`round ${round}: ${failed} requests failed`);
      const a = checkoutSpent / mine.requests;
      const b = otherSpent / theirs.requests;
      checkoutCpu += checkoutSpent;
      otherCpu += otherSpent;
      checkoutPages += mine.requests;
      otherPages += theirs.requests;
      rounds.push({ checkout: a, revision: b, ratio: a / b });
      rows.push([
        String(round),
        `${a.toFixed(2)} (${mine.rps.toFixed(0)}/s)`,
        `${b.toFixed(2)} (${theirs.rps.toFixed(0)}/s)`,
        (a / b).toFixed(3),
      ]);
    }
    const ratio = checkoutCpu / checkoutPages / (otherCpu / otherPages);
    console.log(
      `\nWeb server CPU ms a rendered results page (pages/s), side by side, ${half} connections each; this checkout against ${revision}`,
    );
    console.log(table(['round', 'this checkout', revision, 'ratio'], rows));
    console.log(`All rounds: this checkout's CPU a page is ${ratio.toFixed(3)} of ${revision}'s.`);
    return { revision, rounds, ratio };
  } finally {
    for (const server of servers) await stopWeb(server.child);
    worktree.remove();
  }
}
