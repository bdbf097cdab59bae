import type { Locale } from '@estately/domain';
import {
  createTranslator,
  formatDateTime,
  isMessageKey,
  type MessageKey,
  type Translator,
} from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, retryWaitSeconds } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { errorText, pendingSetCookies, requestApi, requestLog } from '../../request-state.server.ts';
import { listPageOf, pageUrl } from '../../routing/page-url.ts';
import { notFound } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';

// What the feeds and API keys pages share (issue 42): the page's locale, the company-only guard,
// the API client of the signed-in account, and the answers of their actions. Every call goes to
// the API as the account, which checks again that it is a company's (403 for a person).

export type Context = Readonly<RouterContextProvider>;

export function pageLocale(request: Request): { locale: Locale; t: Translator; url: URL } {
  const url = pageUrl(request);
  const locale = localeFromPathname(url.pathname) ?? 'cs';
  return { locale, t: createTranslator(locale), url };
}

export function accountApi(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

/**
 * Only a company account gets past: a guest is being sent to sign in by the account layout
 * (false: render nothing), a person's account gets the 404 page, as if the screen did not exist.
 */
export async function requireCompany(context: Context, request: Request): Promise<boolean> {
  const session = await loadSession(context, request, context.get(webConfigContext));
  if (!session.user) return false;
  if (!session.user.isCompany) notFound();
  return true;
}

/**
 * A page whose data the API did not give: a 403 (the account stopped being a company's) or a 404
 * is the 404 page, a 429 or an unavailable API the page that says when to try again; anything
 * else is logged and the page shows a notice in place of its data.
 */
export function noticeOnFailure(error: unknown, context: Context, page: string): void {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) notFound();
  throwIfRetryLater(error, context, 'limited');
  requestLog(context).warn({ page, error: errorText(error) }, 'account page failed');
}

/** What an action answers: the form's result and the element to focus afterwards. */
export interface FocusResult extends FormResult {
  focus?: string | null;
}

/**
 * A company's posted form: its intent (`delete:12` acts on one item, `listIntent` on the list),
 * the item's id, and the intent its answer is shown beside. A session that ended signs in again.
 */
export async function readCompanyForm(context: Context, request: Request, listIntent: string) {
  const { locale, t } = pageLocale(request);
  if (!(await requireCompany(context, request))) throw signInAgain(context, request, locale);
  const form = await request.formData();
  const [intent = '', id = ''] = String(form.get('intent') ?? '').split(':');
  const resultIntent = intent === listIntent ? intent : `${intent}:${id}`;
  return { locale, t, client: accountApi(context, request), form, intent, id, resultIntent };
}

/** A page of one item (a feed's runs, a run): its id and the list page asked for, else 404. */
export function itemPageRequest(request: Request, id: string | undefined) {
  const { locale, t, url } = pageLocale(request);
  const page = listPageOf(url);
  if (!id || !/^\d{1,12}$/.test(id) || page === null) notFound();
  return { locale, t, id, page };
}

/** A date and time of the API in the page's language, or null. */
export function dateTimeText(value: string | null, locale: Locale): string | null {
  return value ? formatDateTime(new Date(value), locale) : null;
}

/** Values the shared validation keys name, per field of these forms. */
export type FieldValues = Readonly<Record<string, Record<string, number>>>;

/** The message keys of an API error body, by field; keys no catalog has become invalid_value. */
function errorKeys(error: ApiError): [string, MessageKey][] {
  return Object.entries(error.errors ?? {}).flatMap(([path, keys]) =>
    keys.map((key): [string, MessageKey] => [
      path.split('.')[0] || 'form',
      isMessageKey(key) ? key : 'validation.invalid_value',
    ]),
  );
}

/**
 * Field errors of a 422 answer by the form's fields; an error on anything else (`keys`: too many
 * keys) is the form's own.
 */
export function apiFieldErrors(
  error: unknown,
  fields: readonly string[],
  values: FieldValues = {},
): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return null;
  const errors: FieldErrors = {};
  for (const [path, key] of errorKeys(error)) {
    const field = fields.includes(path) ? path : 'form';
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.some((entry) => entry.key === key)) list.push({ key, values: values[path] });
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The answer of a form that stays on the page. */
export function formAnswer<T extends FormResult = FormResult>(result: T, status = 200) {
  return data<T>(result, { status });
}

/**
 * The answer of an action's failure: the sign-in page when the session ended, the field errors of
 * a 422, else a form error in the page's language.
 */
export function failureAnswer(input: {
  error: unknown;
  intent: string;
  context: Context;
  request: Request;
  locale: Locale;
  t: Translator;
  fields?: readonly string[];
  values?: FieldValues;
  /** What was typed, put back into the fields of a form refused without scripts. */
  typed?: Record<string, string>;
}) {
  const { error, intent, t } = input;
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && error.status === 401)
    return signInAgain(input.context, input.request, input.locale);
  const errors = apiFieldErrors(error, input.fields ?? [], input.values);
  if (errors) return formAnswer({ intent, errors, values: input.typed ?? null }, 422);
  return formAnswer({ intent, formError: failureText(error, t) }, 400);
}

/**
 * A failure in the page's language: the API's own message key when it sent one of ours (409
 * `feeds.error.run_in_progress`), else the status's text.
 */
export function failureText(error: unknown, t: Translator): string {
  if (!(error instanceof ApiError)) return t('error.generic');
  if (error.status === 429) return tooManyRequestsText(t, retryWaitSeconds(error));
  if (error.status === 0) return t('error.network');
  const own = errorKeys(error).find(([, key]) => /^(feeds|partner|company|validation)\./.test(key));
  if (own && own[1] !== 'validation.invalid_value') return t(own[1]);
  if (error.status === 404) return t('status.not_found');
  if (error.status === 409) return t('status.conflict');
  return t('error.generic');
}

/** A redirect that keeps the session cookies a refresh set during this request. */
export function redirectWithCookies(context: Context, to: string) {
  const headers = new Headers();
  for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
  return redirect(to, { status: 303, headers });
}

export interface Pager {
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
}

/** A paged list's links from the API's page meta: `?page=` on `path`, none for the first page. */
export function pagerOf(
  meta: { page: number; total_pages: number; prev_page: number | null; next_page: number | null },
  path: string,
): Pager {
  const href = (target: number | null) => (target ? `${path}${target > 1 ? `?page=${target}` : ''}` : null);
  return {
    page: meta.page,
    pages: meta.total_pages,
    previous: href(meta.prev_page),
    next: href(meta.next_page),
  };
}
