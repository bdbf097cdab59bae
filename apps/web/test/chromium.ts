import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere if needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium with the flags this machine needs (no sandbox as root, no background network). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
