import { COMPARE_COOKIE, HIDDEN_OFFERS_COOKIE } from '@estately/domain';
import { isbot } from 'isbot';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleDocumentRequestFunction,
  HandleErrorFunction,
} from 'react-router';
import { RouterContextProvider, ServerRouter } from 'react-router';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from './api/tokens.ts';
import { type WebConfig, webConfigContext } from './config.server.ts';
import { contentSecurityPolicy, createNonce } from './document/csp.server.ts';
import { deferPageCode } from './document/deferred-code.server.ts';
import { fillStylesSlot, INLINE_CSS, INLINE_STYLES_SLOT } from './document/inline-styles.server.ts';
import { NonceContext } from './document/nonce-context.tsx';
import { documentResponse, renderPageAtOnce } from './document/page-at-once.server.ts';
import { RenderedHtml } from './document/rendered-html.server.ts';
import {
  pendingSetCookies,
  REQUEST_ID_HEADER,
  requestIdContext,
  requestStateContext,
  visitorContext,
} from './request-state.server.ts';
import { cacheControlFor } from './routing/cache-rules.ts';
import { pageRouterContext } from './routing/page-manifest.server.ts';
import { pageUrl } from './routing/page-url.ts';
import { redirectMissesContext, redirectMissesOf } from './routing/redirect-misses.server.ts';
import { notePageFailure, pageFailureOf, retryLaterAnswer } from './routing/unavailable.server.ts';
import { sessionOfRequestContext } from './session/session.server.ts';
import { InlineStylesContext } from './shell/inline-styles.tsx';
import { mapOriginOf } from './web-config.ts';
import { webLog } from './web-log.server.ts';

export const streamTimeout = 5_000;

/**
 * Builds the router context for one request: the configuration, the request's API state, and
 * whom it is rendered for (`visitor`: their address, or null for the web server's own render,
 * such as a page-cache renewal; docs/decisions/041), and the request's id (`requestId`: sent to
 * the API with each call, written in each log line). server.ts reaches it through the server
 * build (`build.entry.module`), so the context key is the very object the loaders read.
 */
export function createLoadContext(
  config: WebConfig,
  visitor: string | null,
  requestId: string | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestIdContext, requestId);
  context.set(webConfigContext, config);
  context.set(requestStateContext, {});
  context.set(sessionOfRequestContext, {});
  context.set(visitorContext, visitor);
  context.set(redirectMissesContext, redirectMissesOf(config));
  return context;
}

// With the session, the lists that make a page this browser's own (issue 44, decision 072): a
// guest's hidden offers, the compare tray and a notice read once.
const SESSION_COOKIE = new RegExp(
  `(^|;\\s*)(${ACCESS_TOKEN_COOKIE}|${REFRESH_TOKEN_COOKIE}|${HIDDEN_OFFERS_COOKIE}|${COMPARE_COOKIE}|offer_list_notice)=[^;]`,
);

function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get('cookie') ?? '');
}

/**
 * Headers every page and data response gets here, in one place: Set-Cookie for tokens the API
 * client refreshed or cleared during the loaders, and Cache-Control by the route rules.
 */
function applyResponseHeaders(
  request: Request,
  status: number,
  headers: Headers,
  loadContext: RouterContextProvider | undefined,
): number {
  // A visitor refused for asking too often (429) or an unavailable API (503): the wait the page's
  // loader noted, the API's own for a 429 (routing/unavailable.server.ts).
  const answer = retryLaterAnswer(status, loadContext);
  status = answer.status;
  const cookies = pendingSetCookies(loadContext);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  // Data requests of client navigations name the page as `/path.data`.
  const { pathname } = pageUrl(request);
  headers.set(
    'Cache-Control',
    cacheControlFor({ pathname, status, personal: cookies.length > 0 || hasSessionCookie(request) }),
  );
  headers.append('Vary', 'Cookie');
  if (answer.retryAfterSeconds !== null) headers.set('Retry-After', String(answer.retryAfterSeconds));
  return status;
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  const status = applyResponseHeaders(
    request,
    response.status,
    response.headers,
    context as RouterContextProvider,
  );
  return status === response.status
    ? response
    : new Response(response.body, { status, statusText: '', headers: response.headers });
};

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A client that went away aborts its request: not an error of ours.
  if (request.signal.aborted) return;
  // A 429 or an unavailable API that a loader let through is still that, not a 500: noted here,
  // before the page or data answer is made (routing/unavailable.server.ts).
  if (context) notePageFailure(context as RouterContextProvider, pageFailureOf(error));
  webLog().error(
    {
      reqId: request.headers.get(REQUEST_ID_HEADER),
      method: request.method,
      path: new URL(request.url).pathname,
      err: error,
    },
    'request failed',
  );
};

/** The document handler: pages rendered at once when they can be (`atOnce`), else streamed. */
function documentHandler(atOnce: boolean): HandleDocumentRequestFunction {
  return (request, status, headers, routerContext, loadContext) =>
    respond(
      request,
      status,
      headers,
      routerContext,
      loadContext as RouterContextProvider | undefined,
      atOnce,
    );
}

export default documentHandler(true);

/**
 * The same documents, every one through the streaming renderer: what the default handler answers
 * without decision 033, for the test that compares the two (page-at-once.e2e.test.ts).
 */
export const handleRequestStreaming = documentHandler(false);

async function respond(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider | undefined,
  atOnceAllowed: boolean,
): Promise<Response> {
  responseStatusCode = applyResponseHeaders(request, responseStatusCode, responseHeaders, loadContext);
  const userAgent = request.headers.get('user-agent');
  const crawler = userAgent !== null && isbot(userAgent);

  // Spec 2: for crawler user agents the error page is not rendered and the error is only logged.
  if (crawler && responseStatusCode >= 400) {
    webLog().warn(
      {
        reqId: request.headers.get(REQUEST_ID_HEADER),
        status: responseStatusCode,
        path: new URL(request.url).pathname,
        userAgent: userAgent.slice(0, 80),
      },
      'error page not rendered for a crawler',
    );
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(request.method === 'HEAD' ? null : `${responseStatusCode}`, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Strict CSP: no script runs without this response's nonce.
  const nonce = createNonce();
  const config = loadContext?.get(webConfigContext);
  if (config)
    responseHeaders.set(
      'Content-Security-Policy',
      contentSecurityPolicy(nonce, config.publicApiUrl, mapOriginOf(config), config.mediaOrigin),
    );

  // The page, rendered at once when nothing in it is left to wait for (page-at-once.server.ts,
  // decision 033); else by the streaming renderer below. Rendered at once, the page holds a slot
  // where the stylesheet goes, filled with its bytes afterwards (document/inline-styles.server.ts).
  const page = (context: EntryContext, css = INLINE_CSS) => (
    <NonceContext.Provider value={nonce}>
      <InlineStylesContext.Provider value={css}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </InlineStylesContext.Provider>
    </NonceContext.Provider>
  );
  const context = pageRouterContext(routerContext);
  const atOnce = atOnceAllowed
    ? await renderPageAtOnce(context, (atOnce) => page(atOnce, INLINE_STYLES_SLOT), nonce)
    : { page: null, context: () => context };
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (atOnce.page) {
    const { head, html, tail } = atOnce.page;
    // The page's code is fetched once its content has loaded (deferred-code.server.ts). The
    // body is given as bytes: a string body would be checked for lone surrogates, then encoded.
    return documentResponse(
      fillStylesSlot([head, ...deferPageCode(html, nonce), ...tail]),
      responseHeaders,
      responseStatusCode,
    );
  }
  return renderStreaming(page(atOnce.context()), {
    nonce,
    crawler,
    headers: responseHeaders,
    status: responseStatusCode,
    requestId: request.headers.get(REQUEST_ID_HEADER),
  });
}

/** The page through React's streaming renderer: a page with parts still to wait for. */
function renderStreaming(
  page: ReactElement,
  options: { nonce: string; crawler: boolean; headers: Headers; status: number; requestId: string | null },
): Promise<Response> {
  const { nonce, crawler, headers } = options;
  let status = options.status;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The page is sent once all of it is rendered, for people and crawlers alike: the loaders
    // have finished before rendering starts, so the last part (the loader data React Router
    // streams into the page) follows the first within the same few milliseconds, and the whole
    // page then goes out in one write (rendered-html.server.ts, docs/decisions/031).
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Parts that were ready when the page is written go inline, where they stand. By default
      // React moves a part found after its first 12.8 KB to the end of the page, hidden, to be
      // put in place by a script: for a page sent whole that only costs bytes, and without
      // JavaScript the part would stay hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const html = new RenderedHtml(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        pipe(html);
        const body = html.body();
        // The page's code is fetched once its content has loaded (deferred-code.server.ts).
        resolve(
          Buffer.isBuffer(body)
            ? documentResponse(deferPageCode(body.toString('utf8'), nonce), headers, status)
            : new Response(body, { headers, status }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        // An error inside a part of the page: React sends that part's fallback and the browser
        // renders it again. A crawler is told the page failed rather than index the fallback.
        if (crawler) status = 500;
        // Errors before the shell is ready reject and are logged by the request handler.
        if (shellRendered) {
          webLog().error({ reqId: options.requestId, err: error }, 'render error');
        }
      },
    });
  });
}
