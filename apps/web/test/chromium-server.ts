// Global setup of the browser tests: one Debian Chromium for the whole run instead of a launch
// and shutdown per test file. Each file connects to it (chromium.ts) and gets contexts of its
// own, so cookies, storage and pages never cross files. CHROMIUM_PER_FILE=1 goes back to a
// browser per file.

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium; empty when each file launches its own. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.CHROMIUM_PER_FILE) {
    project.provide('chromiumEndpoint', '');
    return undefined;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
