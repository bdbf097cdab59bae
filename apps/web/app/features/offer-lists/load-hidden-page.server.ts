import {
  type HiddenOffersResponse,
  HiddenOffersResponseSchema,
  OfferCardsResponseSchema,
} from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { browserListsOf, noticeCookie, noticeOf } from '../../lib/offer-lists.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { addResponseCookie, requestApi } from '../../request-state.server.ts';
import { hiddenOffersPath, offerListsActionPath } from '../../routing/offer-lists-paths.ts';
import { pack } from '../../routing/packed-data.ts';
import { displayCurrency, notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';

// The page of hidden offers (issue 44 point 6, decision 072): what this person hid, newest
// first, each with "Show again". A signed-in person's list is the account's; a guest's is the
// browser's cookie, whose cards the API gives by id.

export async function loadHiddenPage({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromPathname(url.pathname);
  if (!locale || url.pathname !== hiddenOffersPath(locale)) notFound();
  const t = createTranslator(locale);
  const config = context.get(webConfigContext);
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  const api = requestApi(context, request, config).client;
  let items: HiddenOffersResponse['data'] = [];
  try {
    if (session.user) {
      items = HiddenOffersResponseSchema.parse(
        await api.get('/user/hidden_offers', { query: { currency }, signal: request.signal }),
      ).data;
    } else {
      const ids = browserListsOf(request).hidden;
      const cards =
        ids.length === 0
          ? []
          : OfferCardsResponseSchema.parse(
              await api.get('/public/offers/cards', {
                query: { ids: ids.join('.'), currency },
                signal: request.signal,
              }),
            ).data;
      const byId = new Map(cards.map((card) => [card.id, card]));
      items = ids.map((id) => ({ offer_id: id, created_at: '', offer: byId.get(id) ?? null }));
    }
  } catch (error) {
    throwPageFailure(error, context);
  }
  const notice = noticeOf(request);
  if (notice) addResponseCookie(context, noticeCookie(request, null));
  return {
    page: pack({
      title: pageTitle(t, t('hidden.title')),
      heading: t('hidden.title'),
      intro: t('hidden.intro'),
      empty: items.length === 0 ? t('hidden.empty') : null,
      shownNotice: notice?.kind === 'shown' ? t('offer_lists.shown_notice') : null,
      action: offerListsActionPath(locale),
      back: hiddenOffersPath(locale),
      showAgain: t('hidden.show_again'),
      items: items.map((item) => ({
        id: item.offer_id,
        card: item.offer ? toOfferCardView(item.offer, locale, config.publicApiUrl) : null,
        gone: t('hidden.gone', { id: item.offer_id }),
      })),
    }),
  };
}
