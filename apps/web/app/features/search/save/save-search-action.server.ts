import { buildPath, CreateSavedSearchBodySchema, type Locale } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { webConfigContext } from '../../../config.server.ts';
import { localizedErrorText } from '../../../i18n/error-text.ts';
import { pendingSetCookies, requestApi } from '../../../request-state.server.ts';
import { pageUrl } from '../../../routing/page-url.ts';
import { SAVE_SEARCH_INTENT, type SaveSearchResult } from './save-search.ts';
import { saveSearchErrors } from './save-search-errors.ts';
import { saveSearchBody } from './save-search-fields.ts';

// The results page's action: "save this search" posted without JavaScript (with JavaScript the
// form calls the API from the browser). Checked with the shared contract, then POST
// /saved_searches as the signed-in visitor. A guest, or a session that has ended, is sent to
// sign in and brought back to the same results URL, where the form waits.

function signInAndBack(context: Readonly<RouterContextProvider>, request: Request, locale: Locale) {
  const page = pageUrl(request);
  const headers = new Headers();
  for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
  return redirect(
    `${buildPath('auth', locale)}?redirect=${encodeURIComponent(page.pathname + page.search)}`,
    { headers },
  );
}

export async function saveSearchAction(options: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  locale: Locale;
}) {
  const { request, context, locale } = options;
  const fields = await request.formData();
  if (fields.get('intent') !== SAVE_SEARCH_INTENT) {
    throw data(null, { status: 405, statusText: 'Method Not Allowed' });
  }
  const { client, tokens } = requestApi(context, request, context.get(webConfigContext));
  const session = tokens.get();
  if (!session.token && !session.refreshToken) return signInAndBack(context, request, locale);

  const body = saveSearchBody(fields);
  const checked = CreateSavedSearchBodySchema.safeParse(body);
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const field =
        issue.path[0] === 'name' || issue.path[0] === 'frequency' ? String(issue.path[0]) : 'form';
      errors[field] ??= issue.message;
    }
    return data<SaveSearchResult>({ form: SAVE_SEARCH_INTENT, status: 'invalid', errors }, { status: 422 });
  }
  try {
    await client.post('/saved_searches', checked.data, { signal: request.signal });
    return data<SaveSearchResult>({ form: SAVE_SEARCH_INTENT, status: 'saved', name: checked.data.name });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInAndBack(context, request, locale);
    const errors = saveSearchErrors(error);
    if (errors) {
      return data<SaveSearchResult>({ form: SAVE_SEARCH_INTENT, status: 'invalid', errors }, { status: 422 });
    }
    const t = createTranslator(locale);
    return data<SaveSearchResult>({
      form: SAVE_SEARCH_INTENT,
      status: 'failed',
      message: localizedErrorText(error, t),
    });
  }
}
