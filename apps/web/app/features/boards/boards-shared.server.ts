import { createTranslator, type MessageKey, type Translator } from '@estately/i18n';
import type { RouterContextProvider } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';

// What the board screens' loaders and actions share: the page's locale and translator, the
// signed-in user's API client, and the text of a refused call.

export type Context = Readonly<RouterContextProvider>;

export function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  return { locale, t: createTranslator(locale) };
}

export function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

/** A refused call in words: its first field's validation message, else the general ones. */
export function failureText(error: unknown, t: Translator): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.errors ?? {})[0]?.[0];
    if (first?.startsWith('validation.'))
      return t(first as MessageKey, { max: first === 'validation.too_long' ? 80 : 0 });
    if (error.status === 409) return t('boards.conflict');
    if (error.status === 410) return t('boards.invitation.expired');
    if (error.status === 404) return t('boards.not_found');
  }
  return t('error.generic');
}

/** A positive whole number from a form or path, or null. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}
