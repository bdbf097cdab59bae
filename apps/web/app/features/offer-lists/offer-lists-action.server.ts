import {
  COMPARE_COOKIE,
  COMPARE_MAX,
  GUEST_HIDDEN_CAP,
  HIDDEN_OFFERS_COOKIE,
  parseOfferId,
  withIdFirst,
  withoutId,
} from '@estately/domain';
import { type ActionFunctionArgs, redirect } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { browserListsOf, type ListNotice, listCookie, noticeCookie } from '../../lib/offer-lists.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { notFound } from '../../routing/screen.server.ts';
import { loadSession } from '../../session/session.server.ts';

// The forms of "Compare", "Hide this offer", "Undo" and "Show again" (issue 44 points 4 and 6,
// decision 072) post here. A signed-in person's hidden offers are the account's (the API); a
// guest's, and everyone's comparison, are the browser's cookies. The answer is a redirect back
// to the page the form was on, with a notice for it to show once.

const INTENTS = ['compare', 'uncompare', 'clear_compare', 'hide', 'unhide'] as const;
type Intent = (typeof INTENTS)[number];

/** A path of this site to go back to; anything else (another origin, `//host`) is the locale's home. */
function backOf(raw: FormDataEntryValue | null, locale: string): string {
  const value = typeof raw === 'string' ? raw : '';
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : `/${locale}`;
}

export async function offerListsAction({ request, context }: ActionFunctionArgs) {
  const locale = localeFromPathname(new URL(request.url).pathname);
  if (!locale) notFound();
  const form = await request.formData();
  // "compare:42": what to do and with which offer (the buttons share one form a page).
  const parts = String(form.get('intent') ?? '').split(':');
  const [kind = '', rawId = ''] = parts;
  const back = backOf(form.get('back'), locale);
  if (parts.length > 2 || !INTENTS.includes(kind as Intent))
    throw new Response('Unknown intent', { status: 400 });
  const intent = kind as Intent;
  const offerId = parseOfferId(rawId);
  if (intent !== 'clear_compare' && offerId === null) throw new Response('Missing offer', { status: 400 });
  const id = offerId ?? 0;
  const lists = browserListsOf(request);
  const headers = new Headers();
  let notice: ListNotice | null = null;
  if (intent === 'compare') {
    if (lists.compare.includes(id)) {
      // Already picked: nothing to do.
    } else if (lists.compare.length >= COMPARE_MAX) {
      notice = { kind: 'compare_full' };
    } else {
      headers.append('Set-Cookie', listCookie(request, COMPARE_COOKIE, [...lists.compare, id]));
    }
  } else if (intent === 'uncompare') {
    headers.append('Set-Cookie', listCookie(request, COMPARE_COOKIE, withoutId(lists.compare, id)));
  } else if (intent === 'clear_compare') {
    headers.append('Set-Cookie', listCookie(request, COMPARE_COOKIE, []));
  } else {
    const config = context.get(webConfigContext);
    const session = await loadSession(context, request, config);
    if (session.user) {
      const api = requestApi(context, request, config);
      if (intent === 'hide') await api.client.post(`/user/hidden_offers/${id}`);
      else await api.client.delete(`/user/hidden_offers/${id}`);
      for (const cookie of api.tokens.setCookies()) headers.append('Set-Cookie', cookie);
    } else {
      const next =
        intent === 'hide' ? withIdFirst(lists.hidden, id, GUEST_HIDDEN_CAP) : withoutId(lists.hidden, id);
      headers.append('Set-Cookie', listCookie(request, HIDDEN_OFFERS_COOKIE, next));
    }
    notice = intent === 'hide' ? { kind: 'hidden', id } : { kind: 'shown', id };
  }
  headers.append('Set-Cookie', noticeCookie(request, notice));
  return redirect(back, { status: 303, headers });
}
