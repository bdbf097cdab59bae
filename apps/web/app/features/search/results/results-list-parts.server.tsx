import type { Translator } from '@estately/i18n';
import { renderStaticHtml } from '../../../ui/render-static.server.ts';
import type { ResultsPage } from './load-results.server.ts';

// The parts of the results list that never change once the server wrote them, rendered to HTML
// (ui/server-html.tsx): the notice of a search that found nothing, and the paging links, which
// the page follows without a reload (`data-nav`).

export interface ResultsListParts {
  empty: string;
  pagination: string;
}

export function resultsListParts(input: {
  t: Translator;
  results: ResultsPage;
  paging: { prev: string | null; next: string | null };
  /** The search without filters, and its link's words. */
  resetHref: string;
  resetText: string;
}): ResultsListParts {
  const { t, results, paging } = input;
  if (results.status !== 'ok') return { empty: '', pagination: '' };
  return {
    empty:
      results.offers.length > 0
        ? ''
        : renderStaticHtml(
            <div className="notice" data-testid="results-empty">
              <p>{t('results.empty')}</p>
              <p>{t('results.empty_hint')}</p>
              <p>
                <a href={input.resetHref}>{input.resetText}</a>
              </p>
            </div>,
          ),
    pagination:
      results.totalPages <= 1
        ? ''
        : renderStaticHtml(
            <nav className="pagination" aria-label={t('results.pagination')} data-testid="pagination">
              {paging.prev && (
                <a rel="prev" href={paging.prev} data-nav="">
                  {t('results.previous')}
                </a>
              )}
              <span aria-current="page">
                {t('results.page', { page: results.page, pages: results.totalPages })}
              </span>
              {paging.next && (
                <a rel="next" href={paging.next} data-nav="" data-testid="next-page">
                  {t('results.next')}
                </a>
              )}
            </nav>,
          ),
  };
}
