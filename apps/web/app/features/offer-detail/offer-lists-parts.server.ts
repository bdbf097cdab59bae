import type { Locale } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import type { RouterContextProvider } from 'react-router';
import { browserListsOf, noticeCookie, noticeOf } from '../../lib/offer-lists.server.ts';
import { addResponseCookie } from '../../request-state.server.ts';
import { offerListsActionPath } from '../../routing/offer-lists-paths.ts';
import { offerActionsHtml, offerListsBarHtml } from '../../ui/offer-actions/offer-actions.server.tsx';

/**
 * The offer page's compare and hide buttons, the tray and the last action's notice (read once),
 * and the one-pixel image whose request records the view (issue 44, decision 072). The page's
 * HTML is the same for every visitor without list cookies, so it stays cacheable.
 */
export function offerListsHeadingHtml(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: { locale: Locale; t: Translator; url: URL; id: number },
): string {
  const { locale, t, url, id } = input;
  const lists = browserListsOf(request);
  const notice = noticeOf(request);
  if (notice) addResponseCookie(context, noticeCookie(request, null));
  const listContext = { locale, t, compare: lists.compare, back: url.pathname };
  const pixel = `<img class="offer-viewed" src="${offerListsActionPath(locale)}/viewed/${id}" alt="" width="1" height="1" aria-hidden="true" decoding="async">`;
  return offerListsBarHtml(listContext, notice) + offerActionsHtml(listContext, id) + pixel;
}
