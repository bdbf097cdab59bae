import { isMessageKey } from '@estately/i18n';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError, apiErrorFrom } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi, visitorHeaders } from '../../request-state.server.ts';
import { feedRunPath, feedsPath } from '../../routing/feeds-paths.ts';
import { pageLocale, redirectWithCookies, requireCompany } from './feeds-shared.server.ts';

// POST /{locale}/account/feeds/{id}/upload: a feed's file, posted by the feeds page's plain
// multipart form (the same with or without JavaScript). The body is streamed on to
// POST /users/me/feeds/{id}/upload as it arrives, never held here: a feed may be 500 MB. The API
// stores the file and queues its run; the browser goes to the run's page, or back to the feeds
// page with the reason of a refusal beside the feed.

/** The run an upload queued: the API answers the run (or an object holding it). */
function runIdOf(body: unknown): number | null {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const run = record.run && typeof record.run === 'object' ? (record.run as Record<string, unknown>) : record;
  return typeof run.id === 'number' ? run.id : null;
}

/** The message key of a refusal, for the feeds page to show in the page's language. */
function refusalKey(error: unknown): string {
  if (error instanceof ApiError) {
    const own = Object.values(error.errors ?? {})
      .flat()
      .find((key) => /^(feeds\.error|validation)\.[a-z_]+$/.test(key) && isMessageKey(key));
    if (own) return own;
    if (error.status === 413) return 'feeds.error.file_too_large';
    if (error.status === 409) return 'feeds.error.run_in_progress';
    if (error.status === 429) return 'status.too_many_requests';
    if (error.status === 0) return 'error.network';
  }
  return 'error.generic';
}

export async function uploadFeedFile({ request, context, params }: ActionFunctionArgs) {
  const { locale } = pageLocale(request);
  const config = context.get(webConfigContext);
  const id = params.id ?? '';
  const back = (key: string) =>
    redirectWithCookies(
      context,
      `${feedsPath(locale)}?feed=${id}&upload_error=${encodeURIComponent(key)}#feed-${id}`,
    );
  if (request.method !== 'POST' || !/^\d{1,12}$/.test(id)) return back('error.generic');
  // A guest, or a session that ended: the feeds page, whose account guard asks to sign in.
  if (!(await requireCompany(context, request))) return redirectWithCookies(context, feedsPath(locale));
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data') || !request.body)
    return back('feeds.error.file_required');
  try {
    // Any expired access token is refreshed by a cheap authenticated call first: the streamed
    // body cannot be sent twice.
    const { client, tokens } = requestApi(context, request, config);
    await client.get('/user/me');
    const { token } = tokens.get();
    const length = request.headers.get('content-length');
    const response = await fetch(`${config.apiUrl}/users/me/feeds/${id}/upload`, {
      method: 'POST',
      headers: {
        ...visitorHeaders(context),
        accept: 'application/json',
        'content-type': contentType,
        ...(length ? { 'content-length': length } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: request.body,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    if (!response.ok) throw await apiErrorFrom(response);
    const runId = runIdOf(await response.json());
    return runId === null
      ? redirectWithCookies(context, feedsPath(locale))
      : redirectWithCookies(context, feedRunPath(locale, runId));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401)
      return redirectWithCookies(context, feedsPath(locale));
    return back(refusalKey(error));
  }
}
