import { lazy, Suspense } from 'react';
import { useNavigation } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import type { Packed } from '../../../routing/packed-data.ts';
import { unpack } from '../../../routing/packed-data.ts';
import { OfferActions } from '../../../ui/offer-actions/offer-actions.tsx';
import { ResultCard } from '../../../ui/offers/result-card.tsx';
import { ServerHtml } from '../../../ui/server-html.tsx';
import { FilterPanel } from '../filters/filter-panel.tsx';
import { PlaceBox } from '../filters/place-box.tsx';
import { MapPanel, MapToggle } from '../map/map-panel.tsx';
import type { SaveSearchResult } from '../save/save-search.ts';
import type { ResultsPageData } from './load-results-page.server.tsx';
import { SortControl } from './results-toolbar.tsx';

// "Save this search" comes after the page's first load: the server renders it, and the browser
// keeps that markup (a link to sign in, or the signed-in visitor's form) until its code has come.
const SaveSearch = lazy(() => import('../save/save-search-form.tsx'));

/** The results page: the place box and filter panel beside the list, and the map in map mode. */
export function ResultsPage({
  loaderData: packed,
  actionData,
}: {
  loaderData: { page: Packed<ResultsPageData> };
  actionData: SaveSearchResult | undefined;
}) {
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
                <Suspense fallback={null}>
                  <SaveSearch
                    key={loaderData.saveSearch.searchPath}
                    view={loaderData.saveSearch}
                    result={actionData}
                  />
                </Suspense>
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
                    >
                      <OfferActions
                        offerId={offer.id}
                        picked={offer.compared === true}
                        texts={loaderData.actionTexts}
                      />
                    </ResultCard>
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
