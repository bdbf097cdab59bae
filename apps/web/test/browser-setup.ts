// Set-up shared by the browser test files: the built web app, free ports, the test API's
// configuration, a harness started once per file, a person's browser, and an account made
// through the API as the sign-up form would make it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestDatabase } from '@estately/db/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../../api/src/config.ts';
import { type RunningApi, startApi } from '../../api/src/server.ts';
import { BUILD_DIR, type RunningWeb, startWeb } from '../server/server.ts';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Headless Chromium calls itself HeadlessChrome, which isbot counts as a crawler. */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** A password the policy accepts. */
export const PASSWORD = 'Kopretina-na-louce-42';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Builds the web app when no build is there yet (the tests serve the built app). Browser test
 * files run side by side, so one of them builds while the others wait for its build.
 */
export function ensureWebBuild(): void {
  const built = () => existsSync(join(BUILD_DIR, 'server', 'index.js'));
  if (built()) return;
  const lock = join(ROOT, 'node_modules', '.cache', 'estately-web-build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  const staleAt = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (built()) return;
      // A builder that died leaves its lock behind: take it over after five minutes.
      if (Date.now() > staleAt) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (!built()) {
      execFileSync('npm', ['run', 'build', '--workspace', '@estately/web'], { cwd: ROOT, stdio: 'inherit' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The API's configuration for a browser test: on 127.0.0.1 at `apiPort`, its files in `dataDir`.
 * With `webPort` the browser may call the API itself (CORS allows the web's origin); `env` adds
 * or replaces settings.
 */
export function testApiConfig(options: {
  dataDir: string;
  apiPort: number;
  webPort?: number;
  env?: Record<string, string>;
}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    API_PORT: String(options.apiPort),
    API_HOST: '127.0.0.1',
    PUBLIC_API_URL: `http://127.0.0.1:${options.apiPort}`,
    ...(options.webPort === undefined
      ? {}
      : { WEB_ORIGIN: `http://localhost:${options.webPort},http://127.0.0.1:${options.webPort}` }),
    // The browser tests send several forms from one address.
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
}

/**
 * Starts a harness before the file's first test and closes it after the last one. The answer is
 * filled in by then, so the tests use it directly.
 */
export function harnessPerFile<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
  timeoutMs = 180_000,
): T {
  const harness = {} as T;
  beforeAll(async () => {
    Object.assign(harness, await start());
  }, timeoutMs);
  afterAll(async () => {
    await (harness as Partial<T>).close?.();
  });
  return harness;
}

/** Creates an account through the API (as the sign-up form would) and answers its tokens. */
export async function signUpByApi(
  apiUrl: string,
  email: string,
  password = PASSWORD,
): Promise<{ token: string; refresh_token: string }> {
  const response = await fetch(`${apiUrl}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, locale: 'en' }),
  });
  if (response.status !== 201) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token: string; refresh_token: string };
}

/** Calls the API with an access token; a refused call fails the test with the API's answer. */
export async function apiAs<T = Record<string, unknown>>(
  apiUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? {} : await response.json()) as T;
}

/** Fills and sends the sign-in form the page shows. */
export async function fillSignInForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  const form = page.getByTestId('signin-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/** Waits until React has hydrated the element (its props are attached to the node). */
export async function hydrated(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const node = document.querySelector(`[data-testid="${id}"]`);
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps'));
  }, testId);
}

/**
 * The real API on a fresh test database and the built web app in front of it, on free ports of
 * 127.0.0.1 (browsers may call the API: CORS allows the web's origin). `apiEnv` adds to or
 * replaces the test API's settings, `webEnv` the web server's environment.
 */
export async function startApiAndWeb(
  options: { apiEnv?: Record<string, string>; webEnv?: Record<string, string> } = {},
): Promise<{ api: RunningApi; web: RunningWeb; close(): Promise<void> }> {
  ensureWebBuild();
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'estately-web-stack-'));
  const webPort = await freePort();
  const config = testApiConfig({ dataDir, apiPort: await freePort(), webPort, env: options.apiEnv });
  const api = await startApi({ config, db: database });
  const web = await startWeb({
    port: webPort,
    host: '127.0.0.1',
    apiUrl: api.url,
    env: options.webEnv ?? {},
  });
  return {
    api,
    web,
    async close() {
      await web.close();
      await api.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
