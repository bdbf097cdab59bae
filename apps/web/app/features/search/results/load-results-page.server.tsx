import { composeSearchPath, type SearchFilters, serializeFilters } from '@estately/domain';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { webConfigContext } from '../../../config.server.ts';
import { browserListsOf, noticeCookie, noticeOf } from '../../../lib/offer-lists.server.ts';
import { addResponseCookie, requestApi } from '../../../request-state.server.ts';
import { type Packed, pack } from '../../../routing/packed-data.ts';
import { hasQueryFlag, withQueryFlag } from '../../../routing/query-flag.ts';
import {
  displayCurrency,
  notFound,
  pageTitle,
  screenOf,
  screenTitle,
} from '../../../routing/screen.server.ts';
import { searchPathReader } from '../../../routing/search-path-reader.server.ts';
import { retryLaterOrRethrow } from '../../../routing/unavailable.server.ts';
import { loadSession } from '../../../session/session.server.ts';
import { favoriteTexts } from '../../../ui/favorite-toggle/favorite-texts.server.ts';
import { offerActionTexts, offerListsBarHtml } from '../../../ui/offer-actions/offer-actions.server.tsx';
import { renderStaticHtml } from '../../../ui/render-static.server.ts';
import { boundsInCurrency, chosenCurrencyHeaders } from '../filters/currency-choice.server.ts';
import { filtersButtonText, toFilterPanelView } from '../filters/filter-panel-view.server.ts';
import { MORE_FILTERS_PARAM } from '../filters/filter-panel-view.ts';
import { findPlace, resolveWhere } from '../filters/where-param.server.ts';
import { isMapOpen, withMapMode } from '../map/map-url.ts';
import { searchMapData } from '../map/search-map-data.server.ts';
import { saveSearchAction } from '../save/save-search-action.server.ts';
import { defaultSearchName, saveSearchView } from '../save/save-search-view.server.ts';
import { canonicalSearchUrl } from '../shared/search-url.ts';
import { activeFilterChips } from './active-filter-chips.server.ts';
import { filtersOfUrl, loadResults } from './load-results.server.ts';
import { resultsListParts } from './results-list-parts.server.tsx';
import { resultsSortView } from './results-sort.server.ts';
import { resultsFoundText, searchPlaceName } from './results-title.server.ts';
import { ActiveFilterChips } from './results-toolbar.tsx';
import { keptPlacesOf, placeOfSearch } from './search-place.server.ts';

// Results list, old search, property list and the search path (spec 2): the filter panel with
// facet counts beside the page of GET /public/offers (25 a page). The search path is the
// shareable address of a search: any other spelling of the same filters (a plain GET form's
// query, another order) is redirected to the canonical URL composed by the domain package.

export async function loadResultsPage({ request, context }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t, url } = screenOf(request);
  // Route validation (spec 2): a search path or query that names no valid filters is a 404.
  const filters = filtersOfUrl(url, screen === 'search', searchPathReader(request));
  if (!filters) notFound();
  // Home's search box sends a place as typed when none was picked (`where`): its best match's
  // search, or this search everywhere with a word that no place is called so.
  const where = await resolveWhere({
    url,
    filters,
    locale,
    find: (text) => findPlace(requestApi(context, request, config).client, text, locale, request.signal),
  }).catch(retryLaterOrRethrow(context));
  if (where?.kind === 'redirect') throw redirect(where.to);
  const placeNotFound =
    where?.kind === 'not-found' ? t('search.place_not_found', { place: where.text }) : null;
  if (screen === 'search' && placeNotFound === null) {
    // Map mode (`map=1`) is no filter but part of the address: it survives the redirect.
    // So does "more filters" opened without JavaScript (`more=1`, decision 029).
    const canonical = withQueryFlag(
      withMapMode(canonicalSearchUrl(locale, filters), isMapOpen(url.searchParams)),
      MORE_FILTERS_PARAM,
      hasQueryFlag(url.searchParams, MORE_FILTERS_PARAM),
    );
    // Only a non-canonical query redirects (a plain GET form's fields, another order): a bare
    // path is served as it is, including the spec's second reading `/{locale}/hledani/...`.
    // Compared after one common serialisation: client data requests re-encode the query
    // (`2,3` arrives as `2%2C3`), which is the same search and must not redirect.
    const current = new URL(canonical, url);
    if (url.search !== '' && current.searchParams.toString() !== url.searchParams.toString()) {
      // A plain GET form's currency field is the visitor's currency choice (decision 048).
      throw redirect(canonical, {
        headers: chosenCurrencyHeaders(request, url.searchParams, displayCurrency(request, locale)),
      });
    }
  }
  const simple = screen === 'oldSearch';
  const session = await loadSession(context, request, config);
  // One currency choice (decision 048): prices in the display currency, the header's; price
  // bounds keep their own currency in the URL, which the API converts.
  const currency = displayCurrency(request, locale, session.user?.preferredCurrency);
  // Bounds in another currency (the header switched, a link from someone else): the same search
  // in this one, so the list, the filter and the header name one currency.
  const reexpressed = boundsInCurrency(filters, currency);
  if (reexpressed) {
    const target =
      screen === 'search'
        ? canonicalSearchUrl(locale, reexpressed)
        : `${url.pathname}?${serializeFilters(reexpressed)}`;
    throw redirect(withMapMode(target, isMapOpen(url.searchParams)));
  }
  const api = requestApi(context, request, config).client;
  // This browser's lists (decision 072): a guest's hidden offers go with the search (an
  // account's are the API's own), the compare picks mark the cards and fill the tray.
  const lists = browserListsOf(request);
  // The place the search path names, asked alongside the results: a locality naming no place in
  // its country is a search page that does not exist (spec 2 route validation).
  const [{ results, facets }, place] = await Promise.all([
    loadResults({
      api,
      filters,
      currency,
      locale,
      publicApiUrl: config.publicApiUrl,
      // The old search's simple form shows no counts, so it does not pay for them (decision 007).
      facets: !simple,
      hidden: session.user ? [] : lists.hidden,
      signal: request.signal,
    }),
    placeOfSearch({ api, kept: keptPlacesOf(config), locale, filters, signal: request.signal }),
    // A 429 is the page that names the wait (loadResults lets only that through).
  ]).catch(retryLaterOrRethrow(context, 'limited'));
  if (place === null) notFound();
  const heading = screenTitle(t, screen);
  // The search in words ("Sale · Apartments · Praha"), the page's heading when it names anything.
  const searchName = defaultSearchName(locale, filters, heading, place?.name);
  // Paging links are search URLs of the same filters on another page.
  const pageHref = (page: number) =>
    withMapMode(composeSearchPath(locale, { ...filters, page }), isMapOpen(url.searchParams));
  // Past the last page (`page=999` of 47, an old link after offers went away): a 302 to the last
  // page with the same filters and map mode, never a page saying "1 158 offers" and "no offer
  // matches" at once. Temporary, as the page may exist again tomorrow; the target is a page that
  // exists (at most the last), so a crawler following it never loops. Redirects are never kept
  // by the page cache (it stores 200s only).
  if (results.status === 'ok' && results.page > Math.max(results.totalPages, 1)) {
    throw redirect(pageHref(Math.max(results.totalPages, 1)), 302);
  }
  const paging =
    results.status === 'ok'
      ? {
          prev: results.prevPage !== null ? pageHref(results.prevPage) : null,
          next: results.nextPage !== null ? pageHref(results.nextPage) : null,
        }
      : { prev: null, next: null };
  // Written here, not in the browser: a count's digits are formatted by Intl.NumberFormat, whose
  // first use in a page loads the browser's number data, tens of milliseconds of main thread on
  // a phone in the middle of hydration (docs/benchmarks.md, 2026-11-28 afternoon).
  const count = results.status === 'ok' ? t('results.count', { count: results.total }) : null;
  // The count with what and where ("1 158 flats for sale in Brno"): the title and the heading.
  const placeWords = searchPlaceName(locale, filters, place?.name);
  const found = results.status === 'ok' ? resultsFoundText(locale, filters, results.total, placeWords) : null;
  const named = searchName === heading ? heading : `${searchName} – ${heading}`;
  // The links above the list (sort, chips) lead to searches of the same screen, page 1 and map
  // mode kept: the search path's canonical URL, or the old search's own query.
  const mapOpen = isMapOpen(url.searchParams);
  const hrefOf = (next: SearchFilters) => {
    if (screen === 'search') return withMapMode(canonicalSearchUrl(locale, next), mapOpen);
    const query = serializeFilters(next);
    return withMapMode(query ? `${url.pathname}?${query}` : url.pathname, mapOpen);
  };
  const listContext = { locale, t, compare: lists.compare, back: `${url.pathname}${url.search}` };
  if (results.status === 'ok')
    for (const offer of results.offers) if (lists.compare.includes(offer.id)) offer.compared = true;
  // The last list action's notice is shown once: the cookie goes with this answer.
  const notice = noticeOf(request);
  if (notice) addResponseCookie(context, noticeCookie(request, null));
  const panel = toFilterPanelView({
    locale,
    filters,
    facets,
    currency,
    total: results.status === 'ok' ? results.total : null,
  });
  const body = {
    title: pageTitle(t, found ?? (count !== null ? `${count} – ${named}` : named)),
    // The search engines' snippet: what is searched and how many offers match it.
    description: `${count !== null ? `${count}: ` : ''}${searchName}. ${t('meta.tagline')}`,
    heading: found ?? searchName,
    count,
    placeNotFound,
    /** The typed place that matched none, left in the location box to correct. */
    unknownPlace: where?.kind === 'not-found' ? where.text : null,
    /** The searched place's name, the location box's placeholder. */
    placeName: place?.name ?? null,
    locale,
    simple,
    filters,
    moreFilters: !simple && hasQueryFlag(url.searchParams, MORE_FILTERS_PARAM),
    filtersButton: filtersButtonText(locale, filters),
    panel,
    sort: resultsSortView({
      filters,
      view: panel,
      label: t('sort.label'),
      apply: t('sort.apply'),
      hrefOf,
    }),
    activeFilters:
      offerListsBarHtml(listContext, notice) +
      renderStaticHtml(
        <ActiveFilterChips
          filters={activeFilterChips({
            locale,
            filters,
            view: panel,
            placeName: placeWords?.name ?? null,
            hrefOf,
          })}
        />,
      ),
    favoriteTexts: favoriteTexts(locale),
    actionTexts: offerActionTexts(t),
    map: searchMapData({ locale, currency, url, simple }),
    saveSearch: simple ? null : saveSearchView({ locale, filters, heading, placeName: place?.name }),
    results,
    listParts: resultsListParts({
      t,
      results,
      paging,
      resetHref: panel.action,
      resetText: panel.texts['filter.reset'],
    }),
  };
  // The frame and filters still render with the notice, but as a 503 with Retry-After
  // (routing/unavailable.server.ts): no crawler or cache keeps a results page without results.
  // Sent as JSON text (routing/packed-data.ts): the page's 1,000-odd values cost turbo-stream
  // several times what JSON.stringify takes.
  const view = { page: pack(body) };
  return results.status === 'unavailable' ? data(view, { status: 503 }) : view;
}

export async function resultsPageAction({ request, context }: ActionFunctionArgs) {
  const { locale } = screenOf(request);
  return saveSearchAction({ request, context, locale });
}

type PackedValue<P> = P extends Packed<infer T> ? T : never;
type LoadedPage = Awaited<ReturnType<typeof loadResultsPage>>;
/** What the results page shows. */
export type ResultsPageData = PackedValue<Extract<LoadedPage, { page: object }>['page']>;
