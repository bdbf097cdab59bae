import {
  type Locale,
  OFFER_TYPES,
  type OfferType,
  PublicSellerPageSchema,
  parseSellerId,
  SELLER_SEARCH_MAX_LENGTH,
  valueMessageKey,
} from '@estately/domain';
import { createTranslator, formatDate, formatNumber, type MessageKey, type Translator } from '@estately/i18n';
import { type LoaderFunctionArgs, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { companyPagePath } from '../../routing/company-paths.ts';
import { pack } from '../../routing/packed-data.ts';
import { listPageOf, pageUrl } from '../../routing/page-url.ts';
import { displayCurrency, notFound, pageTitle } from '../../routing/screen.server.ts';
import { sellerPagePath } from '../../routing/seller-paths.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { favoriteTexts } from '../../ui/favorite-toggle/favorite-texts.server.ts';
import { resolveMediaUrl, toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';
import { responsivenessText } from '../../ui/offers/responsiveness-text.server.ts';

// A seller's public page (issue 39 point 15, decision 053): GET /public/sellers/{id} with its
// offers a page at a time, searched on the server by address words (`q`) and offer type, so the
// search works without JavaScript and its pages have addresses. A company account's page is its
// company page (301 there). Another slug is sent to the page's own address (301), a page past
// the last to the last page (302, as the results do), ?page=1 to the page without it.

type Context = Readonly<RouterContextProvider>;

function isOfferType(value: string | null): value is OfferType {
  return (OFFER_TYPES as readonly (string | null)[]).includes(value);
}

async function readSellerPage(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
  slugParam: string | undefined,
) {
  const config = context.get(webConfigContext);
  const id = parseSellerId(slugParam ?? '');
  if (id === null) notFound();
  const url = pageUrl(request);
  const page = listPageOf(url);
  if (page === null) notFound();
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, SELLER_SEARCH_MAX_LENGTH);
  const typeParam = url.searchParams.get('offer_type');
  const offerType = isOfferType(typeParam) ? typeParam : null;
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  let raw: unknown;
  try {
    raw = await requestApi(context, request, config).client.get(`/public/sellers/${id}`, {
      query: { page, currency, ...(q ? { q } : {}), ...(offerType ? { offer_type: offerType } : {}) },
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
  const seller = PublicSellerPageSchema.parse(raw);
  if (seller.companySlug) throw redirect(companyPagePath(locale, seller.companySlug), 301);

  const path = sellerPagePath(locale, seller.slug);
  // The address of a page of this search: the words and the type kept, page 1 without a number.
  const pageHref = (target: number) => {
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (offerType) query.set('offer_type', offerType);
    if (target > 1) query.set('page', String(target));
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  };
  const meta = seller.offers.meta;
  if (url.pathname !== path || (url.searchParams.has('page') && page === 1))
    throw redirect(pageHref(page), 301);
  if (page > 1 && page > meta.total_pages) throw redirect(pageHref(Math.max(1, meta.total_pages)), 302);

  const origin = config.publicWebUrl ?? url.origin;
  const searched = Boolean(q || offerType);
  const metaDescription = t('seller_page.page_description', { name: seller.name }).slice(0, 160);
  return {
    title: pageTitle(t, seller.name),
    metaDescription,
    // One address for the seller: searches and pages are not pages of their own for search engines.
    canonical: `${origin}${path}`,
    noindex: searched,
    seller: {
      id: seller.id,
      name: seller.name,
      picture: seller.pictureUrls ? resolveMediaUrl(seller.pictureUrls.medium, config.publicApiUrl) : null,
      type: t(valueMessageKey('seller_type', seller.sellerType) as MessageKey),
      memberSince: t('company.member_since', { date: formatDate(seller.memberSince.slice(0, 10), locale) }),
      rating:
        seller.rating === null
          ? null
          : t('offer.seller_rating', {
              rating: formatNumber(seller.rating, locale, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }),
            }),
      verified: seller.verified ? t('offer.seller_verified') : null,
      // The stored reply figures (decision 065), worded as on the offer page.
      replyRate: seller.replyRate
        ? responsivenessText(locale, {
            ratePercent: Math.round(seller.replyRate.share * 100),
            medianMinutes: seller.replyRate.medianMinutes,
          })
        : null,
    },
    search: {
      q,
      offerType,
      action: path,
      heading: t('seller_page.search_heading'),
      label: t('seller_page.search'),
      typeLabel: t('filter.offer_type'),
      any: t('filter.any'),
      types: OFFER_TYPES.map((value) => ({
        value,
        label: t(valueMessageKey('offer_type', value) as MessageKey),
      })),
      submit: t('action.search'),
    },
    offers: seller.offers.data.map((card) => toOfferCardView(card, locale, config.publicApiUrl)),
    offersHeading: t('company.offers_heading', { count: meta.total }),
    empty: searched ? t('seller_page.no_match') : t('seller_page.no_offers'),
    paging: {
      totalPages: meta.total_pages,
      previous: meta.prev_page === null ? null : pageHref(meta.prev_page),
      next: meta.next_page === null ? null : pageHref(meta.next_page),
    },
    pagingTexts: {
      pagination: t('results.pagination'),
      previous: t('results.previous'),
      next: t('results.next'),
      pageOf: t('results.page', { page: meta.page, pages: Math.max(1, meta.total_pages) }),
    },
    favoriteTexts: favoriteTexts(locale),
  };
}

export type SellerPageData = Awaited<ReturnType<typeof readSellerPage>>;

/** The loader of `/{locale}/seller/{id}-{slug}`. */
export async function loadSellerPage({ request, context, params }: LoaderFunctionArgs) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  const t = createTranslator(locale);
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack(await readSellerPage(context, request, locale, t, params.slug)) };
}
