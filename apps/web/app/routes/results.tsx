import { Link } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { OfferCardItem } from '../features/offers/offer-card.tsx';
import { filtersOfUrl, loadResults } from '../features/results/load-results.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { displayCurrency, notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/results.ts';

// Results list, old search, property list and the search path (spec 2): one frame with the first
// page of GET /public/offers. The filter panel and the map come with the search UI (issue 9).

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t, url } = screenOf(request);
  // Route validation (spec 2): a search path or query that names no valid filters is a 404.
  const filters = filtersOfUrl(url, screen === 'search');
  if (!filters) notFound();
  const session = await loadSession(context, request, config);
  const results = await loadResults({
    api: requestApi(context, request, config).client,
    filters,
    currency: displayCurrency(request, locale, session.user?.preferredCurrency),
    locale,
    publicApiUrl: config.publicApiUrl,
    signal: request.signal,
  });
  const heading = screenTitle(t, screen);
  // Paging links keep every other filter of the URL.
  const pageHref = (page: number) => {
    const query = new URLSearchParams(url.search);
    query.set('page', String(page));
    return `${url.pathname}?${query}`;
  };
  const paging =
    results.status === 'ok'
      ? {
          prev: results.prevPage !== null ? pageHref(results.prevPage) : null,
          next: results.nextPage !== null ? pageHref(results.nextPage) : null,
        }
      : { prev: null, next: null };
  return { title: pageTitle(t, heading), heading, results, paging };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function Results({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { results } = loaderData;
  return (
    <div className="container page">
      <h1>{loaderData.heading}</h1>
      {results.status === 'unavailable' ? (
        <p className="notice" role="status" data-testid="results-unavailable">
          {t('home.offers_unavailable')}
        </p>
      ) : (
        <>
          <p className="results-count" data-testid="results-count">
            {t('results.count', { count: results.total })}
          </p>
          {results.offers.length === 0 ? (
            <div className="notice">
              <p>{t('results.empty')}</p>
              <p>{t('results.empty_hint')}</p>
            </div>
          ) : (
            <ul className="offer-grid">
              {results.offers.map((offer) => (
                <li key={offer.id}>
                  <OfferCardItem offer={offer} />
                </li>
              ))}
            </ul>
          )}
          {results.totalPages > 1 && (
            <nav className="pagination" aria-label={t('results.pagination')}>
              {loaderData.paging.prev && (
                <Link rel="prev" to={loaderData.paging.prev}>
                  {t('results.previous')}
                </Link>
              )}
              <span>{t('results.page', { page: results.page, pages: results.totalPages })}</span>
              {loaderData.paging.next && (
                <Link rel="next" to={loaderData.paging.next}>
                  {t('results.next')}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
