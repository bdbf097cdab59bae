import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEFERRED_MODULE_TYPE } from '../app/document/deferred-code.server.ts';

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
export async function launchChromium(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const endpoint = inject('chromiumEndpoint');
  // Should the shared browser be gone (it crashed), the file still gets one of its own.
  return hydratingNavigations(await (endpoint ? chromium.connect(endpoint).catch(launch) : launch()));
}

/**
 * A page of the app asks for its code once it has loaded (decision 032), so `page.goto` resolving
 * at the load event no longer means React is about to hydrate: a test that then clicks a filter
 * would act on the server's page, as a person on a slow phone might. In every context with
 * JavaScript on, `goto` and `reload` waiting for `load` (the default) or `networkidle` also wait
 * until the page is hydrated; a page that is not the app's (no deferred module script) is not
 * waited for, and `waitUntil: 'domcontentloaded'` or `'commit'` returns as before, for tests of
 * what happens before.
 */
function hydratingNavigations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) context.on('page', waitForHydrationAfterNavigations);
    return context;
  };
  return browser;
}

function waitForHydrationAfterNavigations(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (waitUntil: string | undefined) => {
    if (waitUntil === 'domcontentloaded' || waitUntil === 'commit') return;
    await page
      .waitForFunction(
        (deferredType) =>
          document.querySelector(`script[type="${deferredType}"]`) === null ||
          Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber')),
        DEFERRED_MODULE_TYPE,
        { timeout: 15_000 },
      )
      // A page that does not hydrate (closed, navigated away) is the test's to judge.
      .catch(() => {});
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(options?.waitUntil);
    return response;
  };
}
