import {
  OfferCardsResponseSchema,
  parseOfferId,
  RECENTLY_VIEWED_CAP,
  RECENTLY_VIEWED_COOKIE,
  withIdFirst,
} from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { browserListsOf, listCookie } from '../../lib/offer-lists.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { displayCurrency, notFound } from '../../routing/screen.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';

// Recently viewed offers (issue 44 point 6, decision 072). An offer page carries a one-pixel
// image whose address is this page's "viewed" route: loading it records the view, in the
// account (signed in) or in the browser's cookie (a guest), so the offer page, whose first-load
// JavaScript is at its budget, needs no code for it and its cached HTML is the same for all.
// The home page asks the "recent" route for the list, formatted here in the page's locale.

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function recordViewed({ request, context, params }: LoaderFunctionArgs) {
  const id = parseOfferId(params.id ?? '');
  if (id === null) notFound();
  const config = context.get(webConfigContext);
  const session = await loadSession(context, request, config);
  const headers = new Headers({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
  if (session.user) {
    const api = requestApi(context, request, config);
    // A failure loses one entry of a convenience list: the image is answered all the same.
    await api.client.post('/user/recently_viewed', { offer_ids: [id] }).catch(() => undefined);
  } else {
    const recent = withIdFirst(browserListsOf(request).recent, id, RECENTLY_VIEWED_CAP);
    headers.append('Set-Cookie', listCookie(request, RECENTLY_VIEWED_COOKIE, recent));
  }
  return new Response(new Uint8Array(PIXEL), { status: 200, headers });
}

/** GET /{locale}/offer-lists/recent: the list as cards of the locale, for the home page. */
export async function loadRecentlyViewed({ request, context }: LoaderFunctionArgs) {
  const locale = localeFromPathname(new URL(request.url).pathname);
  if (!locale) notFound();
  const config = context.get(webConfigContext);
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  const api = requestApi(context, request, config).client;
  const t = createTranslator(locale);
  let cards: ReturnType<typeof OfferCardsResponseSchema.parse>['data'] = [];
  try {
    if (session.user) {
      cards = OfferCardsResponseSchema.parse(
        await api.get('/user/recently_viewed', { query: { currency }, signal: request.signal }),
      ).data;
    } else {
      const ids = browserListsOf(request).recent;
      if (ids.length > 0)
        cards = OfferCardsResponseSchema.parse(
          await api.get('/public/offers/cards', {
            query: { ids: ids.join('.'), currency },
            signal: request.signal,
          }),
        ).data;
    }
  } catch {
    cards = [];
  }
  return Response.json(
    {
      title: t('recent.title'),
      cards: cards.slice(0, 8).map((card) => toOfferCardView(card, locale, config.publicApiUrl)),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
