import {
  type BoardList,
  buildPath,
  FAVOURITES_PAGE_SIZE,
  type FavoriteOffersResponse,
  type Locale,
  OFFER_TYPES,
} from '@estately/domain';
import type { Translator } from '@estately/i18n';
import { webConfigContext } from '../../config.server.ts';
import { browserListsOf, noticeCookie, noticeOf } from '../../lib/offer-lists.server.ts';
import { addResponseCookie } from '../../request-state.server.ts';
import { boardsPath } from '../../routing/boards-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { displayCurrency } from '../../routing/screen.server.ts';
import { offerActionTexts, offerListsBarHtml } from '../../ui/offer-actions/offer-actions.server.tsx';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';
import { api, type Context } from './account-shared.server.ts';

// The favourite offers, by offer type, a page at a time, priced in the visitor's currency; each
// can be picked for comparison (issue 44 point 4), with the compare tray above the list.

export async function loadFavorites(context: Context, request: Request, locale: Locale, t: Translator) {
  const config = context.get(webConfigContext);
  const url = pageUrl(request);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const offerTypeParam = url.searchParams.get('offer_type');
  const offerType = (OFFER_TYPES as readonly string[]).includes(offerTypeParam ?? '') ? offerTypeParam : null;
  const currency = displayCurrency(request, locale);
  const answer = await api(context, request).get<FavoriteOffersResponse>('/user/favorite_offers', {
    query: { page, per_page: FAVOURITES_PAGE_SIZE, offer_type: offerType, currency },
  });
  // The user's search boards, for "move to board" (issue 44 point 3); none when the API cannot say.
  const boards = await api(context, request)
    .get<BoardList>('/my/boards')
    .then((list) => list.data.map((board) => ({ id: board.id, name: board.name })))
    .catch(() => []);
  // The compare tray and the last list action's notice (shown once), as on the results.
  const lists = browserListsOf(request);
  const notice = noticeOf(request);
  if (notice) addResponseCookie(context, noticeCookie(request, null));
  const listBar = offerListsBarHtml(
    { locale, t, compare: lists.compare, back: `${url.pathname}${url.search}` },
    notice,
  );
  const base = buildPath('accountFavorites', locale);
  const pageHref = (target: number | null) => {
    if (!target) return null;
    const query = new URLSearchParams();
    if (offerType) query.set('offer_type', offerType);
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  return {
    offerType,
    items: answer.data.map((item) => ({
      id: item.offer_id,
      card: toOfferCardView(item.offer, locale, config.publicApiUrl),
      compared: lists.compare.includes(item.offer_id),
    })),
    listBar,
    actionTexts: offerActionTexts(t),
    boards,
    boardsHref: boardsPath(locale),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: pageHref(answer.meta.prev_page),
    next: pageHref(answer.meta.next_page),
    offerTypes: [
      { value: '', label: t('common.all') },
      ...OFFER_TYPES.map((value) => ({ value, label: t(`value.offer_type.${value}`) })),
    ],
  };
}
