import { defineConfig } from 'vitest/config';

// One runner for every suite. Projects group tests by layer (CONVENTIONS habit 9):
// pure packages, database-backed (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set),
// and browser tests driving Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/**/*.test.ts'] } },
      { test: { name: 'i18n', include: ['packages/i18n/**/*.test.ts'] } },
      // The web app's pure modules (API client queueing, guards, toasts): no browser, no servers.
      { test: { name: 'web', include: ['apps/web/app/**/*.test.ts'] } },
      {
        test: {
          name: 'db',
          include: ['packages/db/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
