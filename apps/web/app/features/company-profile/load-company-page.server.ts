import { companyDescriptionFor, type Locale, PublicCompanySchema, parseCompanyId } from '@estately/domain';
import { createTranslator, formatDate, type Translator } from '@estately/i18n';
import { type LoaderFunctionArgs, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { companyPagePath } from '../../routing/company-paths.ts';
import { pack } from '../../routing/packed-data.ts';
import { listPageOf, pageUrl } from '../../routing/page-url.ts';
import { displayCurrency, notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { favoriteTexts } from '../../ui/favorite-toggle/favorite-texts.server.ts';
import { resolveMediaUrl, toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';

// A company's public page (issue 38 point 12): GET /public/companies/{id} with its offers a page
// at a time, the description in the visitor's language (else the company's first language),
// the address for the page's title and description, and a canonical address: another slug or a
// first page asked as ?page=1 is redirected there.

type Context = Readonly<RouterContextProvider>;

async function readCompanyPage(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
  slugParam: string | undefined,
) {
  const config = context.get(webConfigContext);
  const id = parseCompanyId(slugParam ?? '');
  if (id === null) notFound();
  const url = pageUrl(request);
  const page = listPageOf(url);
  if (page === null) notFound();
  const session = await loadSession(context, request, config);
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  let raw: unknown;
  try {
    raw = await requestApi(context, request, config).client.get(`/public/companies/${id}`, {
      query: { page, currency },
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
  const company = PublicCompanySchema.parse(raw);
  const path = companyPagePath(locale, company.slug);
  const canonicalPath = page > 1 ? `${path}?page=${page}` : path;
  if (url.pathname !== path || (url.searchParams.has('page') && page === 1))
    throw redirect(canonicalPath, 301);
  const meta = company.offers.meta;
  if (page > 1 && page > meta.total_pages) notFound();

  const description = companyDescriptionFor(company.descriptions, locale);
  const origin = config.publicWebUrl ?? url.origin;
  const regions = (() => {
    try {
      return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      return null;
    }
  })();
  const pageHref = (target: number | null) =>
    target === null ? null : target > 1 ? `${path}?page=${target}` : path;
  const addressLine = [company.street, [company.postcode, company.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const metaDescription = (description?.text ?? t('company.page_description', { name: company.name }))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
  return {
    title: pageTitle(t, company.city ? `${company.name}, ${company.city}` : company.name),
    metaDescription,
    canonical: `${origin}${canonicalPath}`,
    company: {
      id: company.id,
      name: company.name,
      logo: company.logoUrls ? resolveMediaUrl(company.logoUrls.large, config.publicApiUrl) : null,
      logoAlt: t('company.logo_alt', { name: company.name }),
      address: addressLine || null,
      country: company.countryCode ? (regions?.of(company.countryCode) ?? company.countryCode) : null,
      registrationNumber: company.registrationNumber,
      website: company.website,
      websiteLabel: company.website ? company.website.replace(/^https:\/\//, '').replace(/\/$/, '') : null,
      phone: company.phone,
      memberSince: t('company.member_since', { date: formatDate(company.memberSince.slice(0, 10), locale) }),
      description: description
        ? { text: description.text, lang: description.locale, foreign: description.locale !== locale }
        : null,
    },
    offers: company.offers.data.map((card) => toOfferCardView(card, locale, config.publicApiUrl)),
    offersHeading: t('company.offers_heading', { count: meta.total }),
    paging: {
      page: meta.page,
      totalPages: meta.total_pages,
      previous: pageHref(meta.prev_page),
      next: pageHref(meta.next_page),
    },
    favoriteTexts: favoriteTexts(locale),
  };
}

/** The company page's data with its texts. */
async function companyPage(context: Context, request: Request, slugParam: string | undefined) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  const t = createTranslator(locale);
  const page = await readCompanyPage(context, request, locale, t, slugParam);
  const texts = {
    about: t('company.about'),
    contact: t('company.contact'),
    registrationNumber: t('company.registration_number'),
    website: t('company.website'),
    phone: t('company.phone'),
    address: t('company.address'),
    noOffers: t('company.no_offers'),
    pagination: t('results.pagination'),
    previous: t('results.previous'),
    next: t('results.next'),
    pageOf: t('results.page', { page: page.paging.page, pages: Math.max(1, page.paging.totalPages) }),
  };
  return { ...page, texts };
}

export type CompanyPageData = Awaited<ReturnType<typeof companyPage>>;

/** The loader of `/{locale}/company/{id}-{slug}`. */
export async function loadCompanyPage({ request, context, params }: LoaderFunctionArgs) {
  // Sent as JSON text (routing/packed-data.ts, decision 033).
  return { page: pack(await companyPage(context, request, params.slug)) };
}
