import { composeSearchPath, type SearchFilters, serializeFilters } from '@estately/domain';
import { data, redirect, useNavigation } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import {
  boundsInCurrency,
  chosenCurrencyHeaders,
} from '../features/search/filters/currency-choice.server.ts';
import { FilterPanel } from '../features/search/filters/filter-panel.tsx';
import { filtersButtonText, toFilterPanelView } from '../features/search/filters/filter-panel-view.server.ts';
import { MORE_FILTERS_PARAM } from '../features/search/filters/filter-panel-view.ts';
import { PlaceBox } from '../features/search/filters/place-box.tsx';
import { findPlace, resolveWhere } from '../features/search/filters/where-param.server.ts';
import { MapPanel, MapToggle } from '../features/search/map/map-panel.tsx';
import { isMapOpen, withMapMode } from '../features/search/map/map-url.ts';
import { searchMapData } from '../features/search/map/search-map-data.server.ts';
import { activeFilterChips } from '../features/search/results/active-filter-chips.server.ts';
import { filtersOfUrl, loadResults } from '../features/search/results/load-results.server.ts';
import { resultsListParts } from '../features/search/results/results-list-parts.server.tsx';
import { resultsSortView } from '../features/search/results/results-sort.server.ts';
import { resultsFoundText, searchPlaceName } from '../features/search/results/results-title.server.ts';
import { ActiveFilterChips, SortControl } from '../features/search/results/results-toolbar.tsx';
import { keptPlacesOf, placeOfSearch } from '../features/search/results/search-place.server.ts';
import { saveSearchAction } from '../features/search/save/save-search-action.server.ts';
import { SaveSearch } from '../features/search/save/save-search-form.tsx';
import { defaultSearchName, saveSearchView } from '../features/search/save/save-search-view.server.ts';
import { canonicalSearchUrl } from '../features/search/shared/search-url.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { pack, unpack } from '../routing/packed-data.ts';
import { hasQueryFlag, withQueryFlag } from '../routing/query-flag.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { searchPathReader } from '../routing/search-path-reader.server.ts';
import { retryLaterOrRethrow } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import { favoriteTexts } from '../ui/favorite-toggle/favorite-texts.server.ts';
import { ResultCard } from '../ui/offers/result-card.tsx';
import { renderStaticHtml } from '../ui/render-static.server.ts';
import { ServerHtml } from '../ui/server-html.tsx';
import type { Route } from './+types/results.ts';

// Results list, old search, property list and the search path (spec 2): the filter panel with
// facet counts beside the page of GET /public/offers (25 a page). The search path is the
// shareable address of a search: any other spelling of the same filters (a plain GET form's
// query, another order) is redirected to the canonical URL composed by the domain package.

export async function loader({ request, context }: Route.LoaderArgs) {
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
  const panel = toFilterPanelView({
    locale,
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
    activeFilters: renderStaticHtml(
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

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = screenOf(request);
  return saveSearchAction({ request, context, locale });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = unpack(loaderData.page);
  return [{ title: page.title }, { name: 'description', content: page.description }];
};

export default function Results({ loaderData: packed, actionData }: Route.ComponentProps) {
  const loaderData = unpack(packed.page);
  const { t } = useI18n();
  const navigation = useNavigation();
  const { results, locale, filters, panel } = loaderData;
  const loading = navigation.state === 'loading' && navigation.location?.pathname !== undefined;
  return (
    <div className="container page results-page">
      <div className="results-heading">
        <h1>{loaderData.heading}</h1>
        {loaderData.map && <MapToggle locale={locale} filters={filters} map={loaderData.map} />}
      </div>
      <div className={loaderData.map?.open ? 'results-layout results-layout--map' : 'results-layout'}>
        <aside className="results-layout__filters">
          <PlaceBox
            locale={locale}
            filters={() => filters}
            texts={panel.texts}
            placeholder={loaderData.placeName ?? filters.locality ?? ''}
            initialQuery={loaderData.unknownPlace ?? undefined}
          />
          {/* Narrower than 60rem the panel folds behind one "Filters" button above the list (open on
              the old search, whose form is the page, and when "more filters" was asked without
              JavaScript); wider, the stylesheet keeps it open beside the list (search.css). */}
          <details
            className="filter-fold"
            data-testid="filter-fold"
            open={loaderData.simple || loaderData.moreFilters}
          >
            <summary className="button">{loaderData.filtersButton}</summary>
            <FilterPanel
              locale={locale}
              view={panel}
              filters={filters}
              simple={loaderData.simple}
              moreOpen={loaderData.moreFilters}
            />
          </details>
        </aside>
        <section className="results-layout__list" aria-busy={loading} aria-labelledby="results-count">
          {results.status === 'unavailable' ? (
            <p className="notice" role="status" data-testid="results-unavailable">
              {t('home.offers_unavailable')}
            </p>
          ) : (
            <>
              {loaderData.placeNotFound && (
                <p className="notice" data-testid="place-not-found">
                  {loaderData.placeNotFound}
                </p>
              )}
              <div className="results-bar">
                {/* The list's heading (its cards' titles are the level below), announced as it changes. */}
                <div role="status">
                  <h2 className="results-count" id="results-count" data-testid="results-count">
                    {loaderData.count}
                  </h2>
                </div>
                <SortControl view={loaderData.sort} />
              </div>
              <ServerHtml html={loaderData.activeFilters} />
              {loaderData.saveSearch && (
                <SaveSearch
                  key={loaderData.saveSearch.searchPath}
                  view={loaderData.saveSearch}
                  result={actionData}
                />
              )}
              {results.offers.length === 0 ? (
                <ServerHtml html={loaderData.listParts.empty} />
              ) : (
                <ul className="offer-grid">
                  {results.offers.map((offer, index) => (
                    <ResultCard
                      key={offer.id}
                      offer={offer}
                      favoriteTexts={loaderData.favoriteTexts}
                      priority={index === 0}
                    />
                  ))}
                </ul>
              )}
              <ServerHtml html={loaderData.listParts.pagination} />
            </>
          )}
        </section>
        {loaderData.map && <MapPanel locale={locale} filters={filters} map={loaderData.map} />}
      </div>
    </div>
  );
}
