import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every suite. Projects group tests by layer (CONVENTIONS habit 9):
// pure packages, database-backed (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set),
// and browser tests driving Debian's Chromium through playwright-core.

// In CI a test that touches a database, a server or the browser and fails gets one more try:
// with two test files and their servers sharing two cores, a step now and then outlasts its wait
// (a page after a native form post, say). A test that fails twice fails the run, and one that
// passed only on its retry is named above the totals line (scripts/lib/flaky-reporter.ts), so
// it is seen and mended rather than hidden.
const ciRetry = process.env.CI === 'true' ? 1 : 0;

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), so every file of every
    // project ran one after another, the CPU idle while a file waited on Chromium, the web
    // server or a database. Two workers keep both cores busy; VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/**/*.test.ts'] } },
      { test: { name: 'i18n', include: ['packages/i18n/**/*.test.ts'] } },
      // The web app's pure modules (API client queueing, guards, toasts), its server's parts (page
      // cache, render limit, HTML encoding) and its build's plugins: no browser, no servers.
      {
        test: {
          name: 'web',
          include: [
            'apps/web/app/**/*.test.ts',
            'apps/web/server/**/*.test.ts',
            'apps/web/vite-plugins/**/*.test.ts',
          ],
        },
      },
      // The database-backed files share their worker's module cache (no isolation): each file
      // still makes its own database, API and servers, but the app's modules (Fastify and its
      // plugins, Drizzle's schema, the domain) are loaded once a worker instead of once a file,
      // which took more time than most files' tests (the API project on PostgreSQL: 464 s
      // isolated, 190 s shared). A file may not mock a module (vi.mock): it would not reach the
      // app's copy already loaded; patch what it watches instead (security-uploads.test.ts).
      {
        test: {
          name: 'db',
          include: ['packages/db/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: ciRetry,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          isolate: false,
          // Fails a test that sent overlapping statements to one PostgreSQL client.
          setupFiles: ['apps/api/test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry: ciRetry,
        },
      },
      {
        test: {
          name: 'e2e',
          include: [
            'test/e2e/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            'scripts/cluster/**/*.test.ts',
            'scripts/reliability/**/*.test.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page settles within a second on an idle machine, not always while another test file
          // shares the two cores: polls wait up to 10 s for the same condition.
          expect: { poll: { timeout: 10_000 } },
          retry: ciRetry,
          // Files run beside each other (each has its own database, ports, data folder and
          // browser contexts); one Chromium for the run, each file connects to it.
          globalSetup: ['apps/web/test/chromium-server.ts'],
        },
      },
    ],
  },
});
