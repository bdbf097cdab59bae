// `npm run bench:web -- --instructions REV`: the machine instructions a rendered results page
// costs the web server, this checkout against another revision, counted by valgrind.
//
// CPU time a page moves by a quarter from one run to the next on this kind of machine, and even
// `--compare` (both servers loaded at once) needs many rounds to tell a 3 % change from noise.
// An instruction count does not depend on what the machine's neighbours do: each web server runs
// under callgrind, alone in its process (`WEB_WORKERS=1`), with V8 made predictable (no
// background compiler or GC threads, a garbage collection schedule that does not follow the
// clock), takes the load step's searches one after the other as warm-up, then the same number
// again with the counters zeroed, and the count is read from callgrind's dump. Two runs of one
// build agree within about 1 %. Under valgrind a page takes some 0.3 s, so this mode counts a
// few hundred pages, not a load; instructions are not time either (a cache miss costs no
// instruction), so it says which build does less work, and the load step what a page costs.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_SCRIPT } from '../web-process.ts';
import { table } from './lib.ts';
import { prepareRevision } from './web-compare.ts';

export interface InstructionsOptions {
  revision: string;
  /** What the web servers get besides their port and build (API address, NODE_ENV, ...). */
  env: NodeJS.ProcessEnv;
  /** This checkout's build (a copy of apps/web/build). */
  buildDir: string;
  /** Paths to ask for, in turn. */
  paths: string[];
  /** Pages asked before counting (V8 compiles the hot code meanwhile) and pages counted. */
  warmPages: number;
  pages: number;
}

export interface InstructionsFigures {
  revision: string;
  /** Instructions a page, millions. */
  checkout: number;
  other: number;
  ratio: number;
}

// V8 without background threads and clock-driven heuristics: the same work gives the same count.
const PREDICTABLE_FLAGS = ['--predictable', '--predictable-gc-schedule', '--max-semi-space-size=16'];

/** Instructions a page (millions) of the web server `script` serving `buildDir`. */
async function countPages(
  label: string,
  script: string,
  buildDir: string,
  options: InstructionsOptions,
): Promise<number> {
  const name = `estately-instructions-${process.pid}-${label}`;
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${join(tmpdir(), name)}`,
      // V8 writes machine code at run time: valgrind must see code change in any memory.
      '--smc-check=all-non-file',
      process.execPath,
      ...PREDICTABLE_FLAGS,
      script,
    ],
    {
      env: {
        ...options.env,
        WEB_BUILD_DIR: buildDir,
        WEB_WORKERS: '1',
        WEB_PAGE_CACHE: 'off',
        // A page takes a few hundred milliseconds under valgrind: no render may wait out its bound.
        WEB_RENDER_WAIT_MS: '600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) =>
        reject(new Error(`${label}: the web server exited (${code}):\n${output}`)),
      );
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve()
              : reject(new Error(`${label}: ${path} answered ${res.statusCode}`)),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const askMany = async (count: number) => {
      for (let i = 0; i < count; i++) await ask(options.paths[i % options.paths.length] ?? '/');
    };
    await askMany(options.warmPages);
    execFileSync('callgrind_control', ['--zero', String(child.pid)], { stdio: 'pipe' });
    await askMany(options.pages);
    execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'pipe' });
    agent.destroy();
    // The dump asked for is written beside the output file as `<file>.1`; its summary line
    // counts the instructions since the counters were zeroed.
    const dir = tmpdir();
    let total = 0;
    for (const file of readdirSync(dir).filter((entry) => entry.startsWith(name))) {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^summary:\s*(\d+)/m.exec(text);
      if (match && /^desc: Trigger: .*dump/m.test(text)) total = Number(match[1]);
      rmSync(join(dir, file), { force: true });
    }
    if (total === 0) throw new Error(`${label}: callgrind wrote no count`);
    return total / options.pages / 1e6;
  } finally {
    child.kill('SIGKILL');
  }
}

export async function compareInstructions(options: InstructionsOptions): Promise<InstructionsFigures> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error('--instructions needs valgrind (apt-get install valgrind)');
  }
  const worktree = prepareRevision(options.revision);
  try {
    console.log(
      `Counting ${options.pages} pages after ${options.warmPages} of warm-up, both servers at once under callgrind (several minutes)...`,
    );
    const [checkout, other] = await Promise.all([
      countPages('checkout', WEB_SCRIPT, options.buildDir, options),
      countPages(
        'revision',
        join(worktree.dir, 'apps', 'web', 'server.ts'),
        join(worktree.dir, 'apps', 'web', 'build'),
        options,
      ),
    ]);
    const ratio = checkout / other;
    console.log(
      table(
        ['web server', 'instructions a page (millions)'],
        [
          ['this checkout', checkout.toFixed(2)],
          [options.revision, other.toFixed(2)],
          ['this checkout / revision', ratio.toFixed(3)],
        ],
      ),
    );
    return { revision: options.revision, checkout, other, ratio };
  } finally {
    worktree.remove();
  }
}
