import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere if needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium for one test file. When the run started one browser for every file
 * (chromium-server.ts, the e2e project's global setup), the file connects to it: its contexts
 * are its own, and closing the answer closes them and disconnects. Otherwise (a file run
 * outside that project, or the shared one is gone) it launches a browser of its own.
 */
export function launchChromium(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const endpoint = inject('chromiumEndpoint');
  // Should the shared browser be gone (it crashed), the file still gets one of its own.
  return endpoint ? chromium.connect(endpoint).catch(launch) : launch();
}
