// `npm run bench:web [-- flags]`: the web performance figures of issue 9 ("Performance"), printed,
// never asserted (DESIGN 7). Builds nothing: it serves a copy of apps/web/build (run `npm run build` first).
// Starts the API in this process and the web server in processes of their own (as `npm start`
// runs it: one rendering every request, one with the micro-cache) on an embedded (PGlite)
// database seeded with the demo data (kept in BENCH_WEB_DATA_DIR, default /tmp/estately-bench-web,
// so a second run reuses it), then measures:
//   lighthouse  Lighthouse 13, mobile profile (its default: simulated Moto G Power on slow 4G), on
//               home, results and detail: the four category scores, FCP, LCP, TBT, CLS, the bytes of
//               the first view (all requests of the load, images included) and the document's
//               server time, each the median of --runs runs, and the highest run's TBT; each
//               page rendered for the run, then as served (micro-cache primed)
//   throttled   home, results and detail loaded in Chromium under applied throttling (CDP) with
//               Lighthouse's own mobile values (slow 4G: 562.5 ms per request, 1.47 Mbps down,
//               CPU 4x slower; its screen): FCP, LCP and the moment React has hydrated the page,
//               as the browser measured them, and the main thread's blocking time after the first
//               paint with the longest task (median of max(--runs, 3) loads). Lighthouse's
//               figures are simulated from an unthrottled load (Lantern); these are not
//   assets      brotli size of the JavaScript a first load of results and detail fetches (every
//               /assets/*.js the server HTML references: module preloads and the hydration
//               imports; parts hydrated with their own chunk afterwards are not counted), the CSS
//               (linked files, and the stylesheet inlined in the document), and the browser's
//               message catalog of each locale
//   locales     results page in all 30 locales: TTFB p50 (sequential) and first-load JavaScript,
//               with the spread between the fastest and the slowest locale
//   load        SSR results page: TTFB p50/p95 at 1 client, then pages/s and response time
//               p50/p95 at --connections clients for --seconds (autocannon in its own process,
//               scripts/bench/load.ts), then TTFB p50/p95 with --rate pages a second (300, the
//               goal's) offered evenly on --connections kept-alive sockets, every page rendered
//               (open loop: a late page makes the next ones wait, and that wait is counted);
//               again on PostgreSQL when BENCH_DATABASE_URL names a database (seeded with
//               --offers demo offers when it has none)
// `--serve` starts the servers only and keeps them running (to look at the pages by hand), on the
// PostgreSQL database of BENCH_DATABASE_URL when it names one.
// `--compare REV` measures nothing else: the web server's CPU a rendered results page in this
// checkout against REV's, side by side (web-compare.ts; --rounds N, 5, of --seconds each).
// Flags: --only a,b  --skip a,b  --offers N (3000)  --runs N (Lighthouse runs per page, median;
//        1)  --seconds S (10)  --connections C (16)  --rate R (300)  --samples N (TTFB samples per URL, 40)
//        --accept-encoding E (what the locales and load steps' requests accept; Chromium's by default)
//        --locale-samples N (TTFB samples per locale in the locales step, 400)
// Figures also go to /tmp/estately-bench-results/web.json (Lighthouse reports beside it).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { createDatabase, type DatabaseHandle, migrate } from '@estately/db';
import { isSeeded, seed } from '@estately/db/seed';
import {
  composeSearchPath,
  defaultFilters,
  LOCALES,
  type Locale,
  type SearchOffersResponse,
} from '@estately/domain';
import { getMessages } from '@estately/i18n';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { screenEmulationMetrics, throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../apps/api/src/config.ts';
import { mediaStorage } from '../../apps/api/src/plugins/app/media.ts';
import { pgliteDir, startApi } from '../../apps/api/src/server.ts';
import { deferredModuleHrefs } from '../../apps/web/app/document/deferred-code.server.ts';
import { CLIENT_MESSAGE_KEYS } from '../../apps/web/app/i18n/client-messages.ts';
import { descendantProcesses, processUsage } from '../lib/processes.ts';
import { forkWeb, stopWeb } from '../web-process.ts';
import { flag, ms, RESULTS_DIR, startLine, summarize, table } from './lib.ts';
import { compareWithRevision } from './web-compare.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// A person's browser: crawlers (isbot) are served complete documents without streaming.
const PERSON_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

const STEPS = ['lighthouse', 'throttled', 'assets', 'locales', 'load'] as const;
type Step = (typeof STEPS)[number];
const list = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));
const only = list(flag('only'));
const skip = list(flag('skip'));
for (const name of [...only, ...skip]) {
  if (!(STEPS as readonly string[]).includes(name)) {
    console.error(`Unknown step "${name}"; steps: ${STEPS.join(', ')}`);
    process.exit(2);
  }
}
const wanted = (step: Step) => (only.size === 0 || only.has(step)) && !skip.has(step);
const OFFERS = Number(flag('offers') ?? 3000);
const RUNS = Math.max(1, Number(flag('runs') ?? 1));
const SECONDS = Number(flag('seconds') ?? 10);
const CONNECTIONS = Number(flag('connections') ?? 16);
const SAMPLES = Number(flag('samples') ?? 40);
/**
 * What the measured requests accept, as Chromium sends it over HTTPS: a page is compressed for a
 * browser, and that is part of its cost (decision 040). `--accept-encoding identity` measures
 * pages sent plain, as the figures before 1 December 2026 were.
 */
const ACCEPT_ENCODING = flag('accept-encoding') ?? 'gzip, deflate, br, zstd';
/** Pages a second offered in the paced run of the load step: the goal's rate (issue 9). */
const RATE = Number(flag('rate') ?? 300);
const LOCALE_SAMPLES = Number(flag('locale-samples') ?? 400);
const figures: Record<string, unknown> = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Stack {
  label: string;
  webUrl: string;
  /** The web server processes behind webUrl and cachedWebUrl (their CPU counts in the load step). */
  webPid: number;
  cachedWebPid: number;
  /** The same web server with the anonymous page micro-cache on, as `npm start` serves (decision 021). */
  cachedWebUrl: string;
  /** What the web servers were started with (the API's address among it). */
  webEnv: NodeJS.ProcessEnv;
  paths: { home: string; results: string; detail: string };
  close(): Promise<void>;
}

/** API + web server on a database (PGlite in `dataDir`, or PostgreSQL at `url`), seeded if empty. */
/**
 * Waits (120 s at most) until the API's /health reports its search index loaded, as a load
 * balancer would before routing to it: pages timed during that background load measure the load.
 */
async function searchIndexLoaded(apiUrl: string, label: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const health = (await (await fetch(`${apiUrl}/health`)).json()) as { searchIndex?: string };
    if (health.searchIndex === 'ready' || health.searchIndex === 'failed') {
      console.log(
        `${label}: search index ${health.searchIndex} ${((Date.now() - started) / 1000).toFixed(1)} s after start`,
      );
      return;
    }
    if (Date.now() - started > 120_000)
      throw new Error(`${label}: the search index did not load within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function startStack(label: string, options: { dataDir: string; url?: string }): Promise<Stack> {
  const apiPort = await freePort();
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    ...(options.url ? { DATABASE_URL: options.url } : {}),
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    // Every SSR request reaches the API from this one address.
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    JOBS_IN_PROCESS: 'false',
  });
  const db: DatabaseHandle = await createDatabase({ url: config.databaseUrl, dataDir: pgliteDir(config) });
  await migrate(db);
  if (!(await isSeeded(db))) {
    console.log(`${label}: seeding ${OFFERS} demo offers (once; kept for the next run)...`);
    const result = await seed({ handle: db, storage: mediaStorage(config), offers: OFFERS });
    console.log(
      `${label}: ${result.activeOffers} active offers in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
  }
  const api = await startApi({ config, db });
  await searchIndexLoaded(api.url, label);
  // The web server in processes of their own, as `npm start` runs it (decision 023): one
  // rendering every request, one with the micro-cache.
  // BENCH_WEB_NODE_OPTIONS reaches them as NODE_OPTIONS (`--cpu-prof` to see where a render goes).
  const webEnv = {
    PATH: process.env.PATH,
    API_URL: api.url,
    PUBLIC_API_URL: api.url,
    WEB_PORT: '0',
    NODE_ENV: 'production',
    // The copy of the build this run serves (a rebuild meanwhile cannot change it).
    ...(process.env.WEB_BUILD_DIR ? { WEB_BUILD_DIR: process.env.WEB_BUILD_DIR } : {}),
    ...(process.env.BENCH_WEB_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WEB_NODE_OPTIONS } : {}),
    // As many web processes as `npm start` runs (scripts/web-process.ts) unless WEB_WORKERS says.
    ...(process.env.WEB_WORKERS ? { WEB_WORKERS: process.env.WEB_WORKERS } : {}),
    // And the render limit of decision 023, when set.
    ...(process.env.WEB_RENDER_CONCURRENCY
      ? { WEB_RENDER_CONCURRENCY: process.env.WEB_RENDER_CONCURRENCY }
      : {}),
  };
  const web = await forkWeb({ ...webEnv, WEB_PAGE_CACHE: 'off' });
  const cachedWeb = await forkWeb(webEnv);
  // localhost: a secure context for the browser (Lighthouse's best-practice checks).
  const webUrl = `http://localhost:${web.port}`;
  const offers = (await (
    await fetch(`${api.url}/public/offers?photos_min=3&per_page=1`)
  ).json()) as SearchOffersResponse;
  const detailId = offers.data[0]?.id;
  if (!detailId) throw new Error(`${label}: no offer with photos`);
  return {
    label,
    webUrl,
    cachedWebUrl: `http://localhost:${cachedWeb.port}`,
    webPid: web.child.pid ?? 0,
    cachedWebPid: cachedWeb.child.pid ?? 0,
    webEnv,
    paths: {
      home: '/en',
      results: composeSearchPath('en', { ...defaultFilters(), offer_type: 'sale' }),
      detail: `/en/property/${detailId}`,
    },
    close: async () => {
      await stopWeb(cachedWeb.child);
      await stopWeb(web.child);
      await api.close();
      await db.close();
    },
  };
}

// --- lighthouse ---------------------------------------------------------------------------

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** The document's server response time as Lighthouse observed it (Lantern adds it to every paint). */
  serverMs: number;
  /** Lighthouse's own measure of the machine's speed (higher is faster); runs on a slower machine block longer. */
  benchmarkIndex: number;
  flagged: string[];
}

/** Each figure's median over the runs, every run's TBT, and the audits any run flagged. */
interface LighthouseSummary extends LighthouseFigures {
  tbtRunsMs: number[];
}

/**
 * Lighthouse on `url`, RUNS times, each figure's median over the runs (a run's scores often tie,
 * so the median run by score would be an arbitrary one), with every run's TBT. With `prime`, the page is
 * asked once right before each run, so the run gets it as a visitor of a page someone else
 * just opened does from `npm start`'s micro-cache (decision 021).
 */
async function runLighthouse(url: string, name: string, prime = false): Promise<LighthouseSummary> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (prime) {
      const primed = await fetch(url, {
        headers: { 'user-agent': PERSON_UA, 'accept-encoding': 'gzip, deflate, br' },
      });
      await primed.arrayBuffer();
    }
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const lhr = result.lhr;
      writeFileSync(join(RESULTS_DIR, `lighthouse-${name}.json`), JSON.stringify(lhr));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // What keeps a category below 100: failing audits that carry weight in it.
      const flagged: string[] = [];
      for (const category of Object.values(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            flagged.push(`${category.id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
          }
        }
      }
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        bytes: value('total-byte-weight'),
        serverMs: value('server-response-time'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        flagged,
      });
    } finally {
      chrome.kill();
    }
  }
  if (runs.length === 0) throw new Error('no Lighthouse run');
  return {
    ...medians(runs, [
      'performance',
      'accessibility',
      'bestPractices',
      'seo',
      'fcpMs',
      'lcpMs',
      'tbtMs',
      'cls',
      'bytes',
      'serverMs',
      'benchmarkIndex',
    ]),
    flagged: [...new Set(runs.flatMap((r) => r.flagged))],
    tbtRunsMs: runs.map((r) => r.tbtMs),
  };
}

/** Each of these figures' median over the runs. */
function medians<T, K extends keyof T>(runs: readonly T[], keys: readonly K[]): Record<K, number> {
  const figures = {} as Record<K, number>;
  for (const key of keys) figures[key] = summarize(runs.map((run) => Number(run[key]))).p50;
  return figures;
}

// --- throttled ----------------------------------------------------------------------------

interface ThrottledFigures {
  fcpMs: number;
  lcpMs: number;
  /** When React had hydrated the document (`<body>` holds its fiber), from navigation start. */
  hydratedMs: number;
  /**
   * The main thread's blocking time as the throttled browser observed it: of every long task
   * after the first paint, what went past 50 ms (Lighthouse's TBT, measured instead of simulated).
   */
  blockingMs: number;
  /** The longest task after the first paint. */
  longestTaskMs: number;
}

/**
 * `url` loaded RUNS times (3 at least) in one Chromium under applied throttling, a new context
 * (no cache) each time; the medians. The paints are the browser's own entries; hydration is
 * polled every frame from an init script.
 */
async function runThrottled(url: string): Promise<ThrottledFigures> {
  const slow = throttling.mobileSlow4G;
  const screen = screenEmulationMetrics.mobile ?? { width: 412, height: 823, deviceScaleFactor: 1.75 };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const runs: ThrottledFigures[] = [];
  try {
    for (let run = 0; run < Math.max(3, RUNS); run++) {
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
        deviceScaleFactor: screen.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        userAgent: PERSON_UA,
      });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: slow.requestLatencyMs,
          downloadThroughput: (slow.downloadThroughputKbps * 1024) / 8,
          uploadThroughput: (slow.uploadThroughputKbps * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow.cpuSlowdownMultiplier });
        await page.addInitScript(() => {
          const w = window as unknown as { lcpMs?: number; hydratedMs?: number; tasks?: [number, number][] };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.lcpMs = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          w.tasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.tasks?.push([entry.startTime, entry.duration]);
          }).observe({ type: 'longtask', buffered: true });
          const poll = () => {
            if (document.body && Object.keys(document.body).some((key) => key.startsWith('__reactFiber'))) {
              w.hydratedMs = performance.now();
            } else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        });
        await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
        await page.waitForFunction(() => (window as { hydratedMs?: number }).hydratedMs !== undefined, null, {
          timeout: 60_000,
        });
        // The largest paint is final once the page had a moment without new content; the
        // long tasks of hydration are over by then too.
        await page.waitForTimeout(1500);
        runs.push(
          await page.evaluate(() => {
            const w = window as unknown as {
              lcpMs?: number;
              hydratedMs?: number;
              tasks?: [number, number][];
            };
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            const after = (w.tasks ?? []).filter(([start]) => start >= fcp).map(([, duration]) => duration);
            return {
              fcpMs: fcp,
              lcpMs: w.lcpMs ?? Number.NaN,
              hydratedMs: w.hydratedMs ?? Number.NaN,
              blockingMs: after.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
              longestTaskMs: Math.max(0, ...after),
            };
          }),
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return medians(runs, ['fcpMs', 'lcpMs', 'hydratedMs', 'blockingMs', 'longestTaskMs']);
}

// --- assets -------------------------------------------------------------------------------

async function pageHtml(url: string): Promise<string> {
  const response = await fetch(url, { headers: { 'user-agent': PERSON_UA } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

// The web server serves a copy of the build (WEB_BUILD_DIR), so a rebuild while the benchmark
// runs (tests of another checkout building) cannot change the files under it. Inside
// node_modules, where the server build still resolves its packages and git does not look.
const BUILD_COPY = join(ROOT, 'node_modules', '.cache', `estately-bench-web-${process.pid}`);
const CLIENT_DIR = join(BUILD_COPY, 'client');

const brotliCache = new Map<string, number>();
function brotliSize(path: string): number {
  let size = brotliCache.get(path);
  if (size === undefined) {
    size = brotliCompressSync(readFileSync(join(CLIENT_DIR, path)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    brotliCache.set(path, size);
  }
  return size;
}

/** Brotli bytes of the build's files this HTML loads (`/assets/...js` or `.css`). */
function referencedAssets(html: string, extension: 'js' | 'css'): { files: number; brotli: number } {
  // Loaded files only: stylesheet and module-preload links (or the list the deferred loader
  // preloads), and the hydration script's imports
  // (the manifest's own address in the inline route data is not loaded with lazy route discovery).
  const pattern = new RegExp(`(?:href=|from |import )["'](/assets/[^"'\\s]+\\.${extension})["']`, 'g');
  const files = new Set<string>();
  for (const match of html.matchAll(pattern)) if (match[1]) files.add(match[1]);
  // The preloads the page's loader adds once the page has loaded (decision 032).
  if (extension === 'js') for (const href of deferredModuleHrefs(html)) files.add(href);
  let brotli = 0;
  for (const file of files) brotli += brotliSize(file);
  return { files: files.size, brotli };
}

/** Brotli bytes of the stylesheet inlined into the document (`<style>`, apps/web/app/shell/inline-styles.tsx). */
function inlineStyleBrotli(html: string): number {
  let css = '';
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) css += match[1] ?? '';
  return css === '' ? 0 : brotliCompressSync(css).length;
}

/** The browser's message catalog of a locale, as JSON (what the root loader sends). */
function messagesBytes(locale: Locale): { raw: number; brotli: number } {
  const catalog = getMessages(locale);
  const json = JSON.stringify(Object.fromEntries(CLIENT_MESSAGE_KEYS.map((key) => [key, catalog[key]])));
  return { raw: Buffer.byteLength(json), brotli: brotliCompressSync(json).length };
}

// --- TTFB and load ------------------------------------------------------------------------

/** Milliseconds to the first byte of the body of one GET (the SSR shell is streamed). */
function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { 'user-agent': PERSON_UA, 'accept-encoding': ACCEPT_ENCODING } },
      (res) => {
        res.once('data', () => {
          const elapsed = performance.now() - started;
          res.resume();
          res.on('end', () => resolve(elapsed));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function ttfbSamples(url: string, samples: number): Promise<ReturnType<typeof summarize>> {
  for (let i = 0; i < 3; i++) await ttfb(url); // warm-up: plans cached, modules loaded
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await ttfb(url));
  return summarize(times);
}

/** CPU time (user and system) so far of a process and every process below it (web workers). */
function processCpuMs(pid: number): number {
  return [pid, ...descendantProcesses(pid)].reduce(
    (sum, id) => sum + (processUsage(id)?.cpuSeconds ?? 0) * 1000,
    0,
  );
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  non2xx: number;
  cpuMsPerRequest: number;
}

/** A load run: closed loop at `connections`, or open loop at `rate` requests a second (load.ts). */
function load(url: string, paths: string[], connections = CONNECTIONS, rate?: number): Promise<LoadResult> {
  const options = { url, paths, connections, seconds: SECONDS, rate, acceptEncoding: ACCEPT_ENCODING };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'load.ts'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadResult);
    });
  });
}

/** Results pages of varied searches (types, layouts, price bands), the same list every run. */
function resultsPaths(): string[] {
  const base = defaultFilters();
  const paths: string[] = [];
  for (const offer_type of ['sale', 'rent'] as const) {
    for (const property_type of [undefined, 'apartment', 'house'] as const) {
      paths.push(composeSearchPath('en', { ...base, offer_type, property_type }));
      paths.push(composeSearchPath('en', { ...base, offer_type, property_type, dispositions: ['2', '3'] }));
      paths.push(composeSearchPath('en', { ...base, offer_type, property_type, sort: 'price_asc', page: 2 }));
    }
  }
  return paths;
}

/**
 * The results page rendered for every request (micro-cache off: what a render costs), then
 * as `npm start` serves it (anonymous pages kept for a moment, decision 021).
 */
async function measureLoad(stack: Stack): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const rows: string[][] = [];
  let paced: string[] | undefined;
  for (const [kind, url, webPid] of [
    ['render', stack.webUrl, stack.webPid],
    ['as served', stack.cachedWebUrl, stack.cachedWebPid],
  ] as const) {
    const one = await ttfbSamples(`${url}${stack.paths.results}`, SAMPLES * 2);
    // CPU per page answered, of this process (the API) and of the web server's: unlike pages/s,
    // it hardly moves with what else the machine is running (the load generator, PostgreSQL).
    const apiBefore = process.cpuUsage();
    const webBefore = processCpuMs(webPid);
    const many = await load(url, resultsPaths());
    const api = process.cpuUsage(apiBefore);
    const pages = Math.max(1, many.rps * SECONDS);
    const apiMsPerPage = (api.user + api.system) / 1000 / pages;
    const webMsPerPage = (processCpuMs(webPid) - webBefore) / pages;
    rows.push([
      `${stack.label} (${kind})`,
      ms(one.p50),
      ms(one.p95),
      many.rps.toFixed(0),
      ms(many.p50),
      ms(many.p95),
      webMsPerPage.toFixed(1),
      apiMsPerPage.toFixed(1),
      many.cpuMsPerRequest.toFixed(1),
      String(many.errors + many.non2xx),
    ]);
    const prefix = kind === 'render' ? '' : 'served.';
    if (kind === 'render') {
      // The goal's rate offered evenly (open loop): the time to first byte at 300 pages/s, every
      // page rendered, a wait for a busy server included.
      const before = processCpuMs(webPid);
      const atRate = await load(url, resultsPaths(), CONNECTIONS, RATE);
      const webAtRate = (processCpuMs(webPid) - before) / Math.max(1, atRate.requests);
      paced = [
        `${stack.label} (render)`,
        String(RATE),
        atRate.rps.toFixed(0),
        ms(atRate.p50),
        ms(atRate.p95),
        webAtRate.toFixed(1),
        atRate.cpuMsPerRequest.toFixed(1),
        String(atRate.errors + atRate.non2xx),
      ];
      Object.assign(figures, {
        pacedRate: RATE,
        pacedPagesPerSecond: atRate.rps,
        pacedTtfbP50: atRate.p50,
        pacedTtfbP95: atRate.p95,
        pacedErrors: atRate.errors + atRate.non2xx,
      });
    }
    Object.assign(figures, {
      [`${prefix}ttfbP50`]: one.p50,
      [`${prefix}ttfbP95`]: one.p95,
      [`${prefix}pagesPerSecond`]: many.rps,
      [`${prefix}loadP50`]: many.p50,
      [`${prefix}loadP95`]: many.p95,
      [`${prefix}webCpuMsPerPage`]: webMsPerPage,
      [`${prefix}apiCpuMsPerPage`]: apiMsPerPage,
      [`${prefix}errors`]: many.errors + many.non2xx,
    });
  }
  console.log(
    table(
      [
        'SSR results page',
        'TTFB p50 (1 client)',
        'TTFB p95 (1 client)',
        'pages/s',
        'p50 (load)',
        'p95 (load)',
        'CPU ms/page web',
        'CPU ms/page API',
        'CPU ms/page client',
        'errors',
      ],
      rows,
    ),
  );
  if (paced) {
    console.log(
      table(
        [
          `at ${RATE} pages/s offered`,
          'offered/s',
          'answered/s',
          'TTFB p50',
          'TTFB p95',
          'CPU ms/page web',
          'CPU ms/page client',
          'errors',
        ],
        [paced],
      ),
    );
  }
  return figures;
}

// --- main ---------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const spread = (values: number[]) =>
  ((Math.max(...values) - Math.min(...values)) / Math.min(...values)) * 100;

mkdirSync(RESULTS_DIR, { recursive: true });
process.env.NODE_ENV = 'production';
if (!existsSync(join(ROOT, 'apps', 'web', 'build', 'server', 'index.js'))) {
  console.error('No web build: run `npm run build` first.');
  process.exit(1);
}
cpSync(join(ROOT, 'apps', 'web', 'build'), BUILD_COPY, { recursive: true });
process.env.WEB_BUILD_DIR = BUILD_COPY;
process.on('exit', () => rmSync(BUILD_COPY, { recursive: true, force: true }));
console.log(startLine('npm run bench:web'));
// `--serve` serves the PostgreSQL database of BENCH_DATABASE_URL when it names one.
const serveUrl = process.argv.includes('--serve') ? process.env.BENCH_DATABASE_URL : undefined;
const stack = await startStack(serveUrl ? 'PostgreSQL' : 'PGlite', {
  ...(serveUrl
    ? { dataDir: '/tmp/estately-bench-web-pg', url: serveUrl }
    : { dataDir: process.env.BENCH_WEB_DATA_DIR ?? '/tmp/estately-bench-web' }),
});
const pages = Object.entries(stack.paths) as [keyof Stack['paths'], string][];
const compareWith = flag('compare');
if (compareWith !== undefined) {
  if (!compareWith) {
    console.error('--compare takes a revision: npm run bench:web -- --compare HEAD~1');
    process.exit(2);
  }
  try {
    const paths = resultsPaths();
    figures.compare = await compareWithRevision({
      revision: compareWith,
      env: stack.webEnv,
      buildDir: BUILD_COPY,
      rounds: Math.max(1, Number(flag('rounds') ?? 5)),
      connections: CONNECTIONS,
      load: (url, connections) => load(url, paths, connections),
      cpuMs: processCpuMs,
    });
    writeFileSync(join(RESULTS_DIR, 'web-compare.json'), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await stack.close();
  }
  process.exit(0);
}
if (process.argv.includes('--serve')) {
  // For a closer look (a browser, curl): the same servers, kept running until Ctrl+C.
  console.log(`Serving ${stack.webUrl} (${Object.values(stack.paths).join(', ')}); Ctrl+C stops.`);
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await stack.close();
  process.exit(0);
}
try {
  if (wanted('lighthouse')) {
    const rows: string[][] = [];
    const flagged: string[] = [];
    // Rendered for the run (the micro-cache off), then as `npm start` serves a page someone
    // opened a moment before (micro-cache on, primed): the document's server time is part of
    // every simulated paint.
    for (const [variant, base, prime] of [
      ['rendered', stack.webUrl, false],
      ['as served', stack.cachedWebUrl, true],
    ] as const) {
      for (const [name, path] of pages) {
        const lh = await runLighthouse(`${base}${path}`, prime ? `${name}-served` : name, prime);
        figures[prime ? `lighthouse.${name}.served` : `lighthouse.${name}`] = lh;
        rows.push([
          `${name} (${variant})`,
          String(lh.performance),
          String(lh.accessibility),
          String(lh.bestPractices),
          String(lh.seo),
          ms(lh.fcpMs),
          ms(lh.lcpMs),
          ms(lh.tbtMs),
          ms(Math.max(...lh.tbtRunsMs)),
          lh.cls.toFixed(3),
          kb(lh.bytes),
          ms(lh.serverMs),
          lh.benchmarkIndex.toFixed(0),
        ]);
        for (const item of lh.flagged) flagged.push(`  ${name} (${variant}): ${item}`);
      }
    }
    console.log(
      `\nLighthouse 13, mobile (each figure the median of ${RUNS} run${RUNS > 1 ? 's' : ''}, TBT max the highest run's); goals: 95/100/100/100, LCP <= 1.8 s, TBT <= 100 ms, CLS <= 0.02, first view <= 500 KB`,
    );
    console.log(
      table(
        [
          'page',
          'perf',
          'a11y',
          'best pr.',
          'SEO',
          'FCP',
          'LCP',
          'TBT',
          'TBT max',
          'CLS',
          'first view',
          'server',
          'bench index',
        ],
        rows,
      ),
    );
    if (flagged.length > 0) console.log(`Flagged audits:\n${flagged.join('\n')}`);
  }

  if (wanted('throttled')) {
    const rows: string[][] = [];
    for (const [name, path] of pages) {
      const figuresOfPage = await runThrottled(`${stack.webUrl}${path}`);
      figures[`throttled.${name}`] = figuresOfPage;
      rows.push([
        name,
        ms(figuresOfPage.fcpMs),
        ms(figuresOfPage.lcpMs),
        ms(figuresOfPage.hydratedMs),
        ms(figuresOfPage.blockingMs),
        ms(figuresOfPage.longestTaskMs),
      ]);
    }
    const slow = throttling.mobileSlow4G;
    console.log(
      `\nApplied throttling (Lighthouse's mobile values: ${slow.requestLatencyMs} ms a request, ${(slow.downloadThroughputKbps / 1024).toFixed(2)} Mbps, CPU ${slow.cpuSlowdownMultiplier}x), rendered, median of ${Math.max(3, RUNS)} loads, ms; the browser's own FCP and LCP`,
    );
    console.log(table(['page', 'FCP', 'LCP', 'hydrated', 'blocking', 'longest task'], rows));
  }

  if (wanted('assets')) {
    const rows: string[][] = [];
    for (const [name, path] of pages) {
      const html = await pageHtml(`${stack.webUrl}${path}`);
      const js = referencedAssets(html, 'js');
      const css = referencedAssets(html, 'css');
      const inlineCss = inlineStyleBrotli(html);
      figures[`assets.${name}`] = {
        jsBrotli: js.brotli,
        jsFiles: js.files,
        cssBrotli: css.brotli,
        inlineCssBrotli: inlineCss,
        htmlBytes: html.length,
      };
      rows.push([
        name,
        `${kb(js.brotli)} (${js.files} files)`,
        `${kb(css.brotli)} + ${kb(inlineCss)} inline`,
        kb(Buffer.byteLength(html)),
      ]);
    }
    const messages = LOCALES.map((locale) => ({ locale, ...messagesBytes(locale) }));
    const largest = messages.reduce((a, b) => (b.raw > a.raw ? b : a));
    figures.messages = { largestLocale: largest.locale, raw: largest.raw, brotli: largest.brotli };
    console.log(
      '\nFirst load (brotli 11 of the build files the server HTML references, and of the inlined stylesheet); goal: JS <= 100 KB',
    );
    console.log(table(['page', 'JavaScript', 'CSS', 'HTML (uncompressed)'], rows));
    console.log(
      `Browser message catalog per page: largest ${largest.locale} ${kb(largest.raw)} JSON (${kb(largest.brotli)} brotli); goal <= 15 KB`,
    );
  }

  if (wanted('locales')) {
    // Every locale warmed first, then the samples taken round-robin over the locales: the first
    // locale measured would otherwise carry the process's own warm-up, and a busy moment of
    // the machine would fall on a few locales instead of on all of them alike.
    const urls = LOCALES.map(
      (locale) => `${stack.webUrl}${composeSearchPath(locale, { ...defaultFilters(), offer_type: 'sale' })}`,
    );
    // Each round visits the locales in a new order (a fixed order would line the garbage
    // collector's period up with the same few locales), and each p50 rests on LOCALE_SAMPLES
    // answers: with 20, the p50s of 30 pages differing by a few words spread by 10-15 %, with 150 by
    // 5-8 %, and which locale came out slowest changed from run to run.
    for (let i = 0; i < 3; i++) for (const url of urls) await ttfb(url);
    const times = urls.map(() => [] as number[]);
    const order = urls.map((_, k) => k);
    let seed = 0x9e3779b9;
    const random = () => {
      seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return seed / 2 ** 32;
    };
    for (let round = 0; round < LOCALE_SAMPLES; round++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const k of order) times[k]!.push(await ttfb(urls[k]!));
    }
    const rows: { locale: Locale; ttfb: number; js: number }[] = [];
    for (const [k, locale] of LOCALES.entries()) {
      const url = urls[k]!;
      rows.push({
        locale,
        ttfb: summarize(times[k]!).p50,
        js: referencedAssets(await pageHtml(url), 'js').brotli,
      });
    }
    const ttfbSpread = spread(rows.map((row) => row.ttfb));
    const jsSpread = spread(rows.map((row) => row.js));
    figures.locales = { rows, ttfbSpreadPercent: ttfbSpread, jsSpreadPercent: jsSpread };
    const fastest = rows.reduce((a, b) => (b.ttfb < a.ttfb ? b : a));
    const slowest = rows.reduce((a, b) => (b.ttfb > a.ttfb ? b : a));
    console.log(
      `\nResults page in the 30 locales (TTFB p50 of ${LOCALE_SAMPLES} sequential samples each, locales shuffled every round; first-load JS brotli); goal: within 5 %`,
    );
    console.log(
      table(
        ['', 'fastest', 'slowest', 'spread'],
        [
          [
            'TTFB p50',
            `${ms(fastest.ttfb)} (${fastest.locale})`,
            `${ms(slowest.ttfb)} (${slowest.locale})`,
            `${ttfbSpread.toFixed(1)} %`,
          ],
          [
            'JavaScript',
            kb(Math.min(...rows.map((row) => row.js))),
            kb(Math.max(...rows.map((row) => row.js))),
            `${jsSpread.toFixed(1)} %`,
          ],
        ],
      ),
    );
  }

  if (wanted('load')) {
    console.log(
      `\nSSR results page, ${CONNECTIONS} connections for ${SECONDS} s, Accept-Encoding: ${ACCEPT_ENCODING}; goals (1M offers, PostgreSQL): TTFB p50 <= 30 ms, p95 <= 80 ms, >= 300 pages/s`,
    );
    figures['load.pglite'] = await measureLoad(stack);
  }
} finally {
  await stack.close();
}

const postgres = process.env.BENCH_DATABASE_URL;
if (wanted('load') && postgres) {
  const pgStack = await startStack('PostgreSQL', { dataDir: '/tmp/estately-bench-web-pg', url: postgres });
  try {
    figures['load.postgres'] = await measureLoad(pgStack);
  } finally {
    await pgStack.close();
  }
} else if (wanted('load')) {
  console.log('(BENCH_DATABASE_URL not set: PostgreSQL not measured)');
}
writeFileSync(join(RESULTS_DIR, 'web.json'), JSON.stringify(figures, null, 2));
console.log(`\nFigures in ${join(RESULTS_DIR, 'web.json')}`);
process.exit(0);
