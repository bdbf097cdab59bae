import { RedirectSchema } from '@estately/domain';
import { redirect, redirectDocument } from 'react-router';
import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { webLog } from '../web-log.server.ts';
import type { RedirectMisses } from './redirect-misses.server.ts';

/**
 * Spec 2's global guard: asks the server's redirect resolver about the path and throws the
 * redirect it returns. An absolute target leaves the app, so it is a full document navigation
 * (redirectDocument) even during a client-side transition. No answer (404), a slow or a failing
 * resolver means no redirect: the page itself still renders. A 404 is kept in `misses` for a
 * few seconds (docs/decisions/029), so the pages of a path asked again meanwhile do not ask.
 */
export async function followStoredRedirect(
  api: ApiClient,
  url: URL,
  signal?: AbortSignal,
  misses?: RedirectMisses | null,
  /** Headers of this call (the request's id). */
  headers?: Record<string, string>,
): Promise<void> {
  if (misses?.has(url.pathname)) return;
  let target: ReturnType<typeof RedirectSchema.parse>;
  try {
    target = RedirectSchema.parse(
      await api.get('/content/redirects/resolve', { query: { path: url.pathname }, signal, headers }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) misses?.add(url.pathname);
    // A 429 is the visitor's limit, said by the page itself (routing/unavailable.server.ts).
    if (
      !(error instanceof ApiError) ||
      (error.status !== 404 && error.status !== 0 && error.status !== 429)
    ) {
      if (!signal?.aborted) {
        const reqId = headers?.['x-request-id'];
        webLog().warn(
          { reqId, error: error instanceof Error ? error.message : String(error) },
          'redirect resolver failed',
        );
      }
    }
    return;
  }
  if (/^https?:\/\//i.test(target.to)) throw redirectDocument(target.to, target.status);
  // A path keeps the query the visitor came with.
  if (target.to.startsWith('/') && !target.to.startsWith('//')) {
    throw redirect(target.to.includes('?') ? target.to : `${target.to}${url.search}`, target.status);
  }
}
