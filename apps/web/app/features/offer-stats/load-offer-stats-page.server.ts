import { createTranslator } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { errorText, requestLog } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwIfRetryLater } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { loadOfferStats, type OfferStatsPage, parseStatsId } from './offer-stats.server.ts';

// One own offer's statistics page, `/{locale}/account/my-offers/{id}/stats` (issue 38 point 11),
// in the account layout, whose loader lets only a signed-in user through; another person's offer
// is 404.

export async function loadOfferStatsPage({ request, context, params }: LoaderFunctionArgs) {
  const locale = localeFromPathname(pageUrl(request).pathname);
  if (!locale) notFound();
  const t = createTranslator(locale);
  const id = parseStatsId(params.id);
  const texts = {
    back: t('offer_stats.back'),
    windowNav: t('offer_stats.window_nav'),
    metricNav: t('offer_stats.metric_nav'),
    positionHeading: t('offer_stats.position_heading'),
    showTable: t('offer_stats.show_table'),
  };
  const base = { title: pageTitle(t, t('offer_stats.page_title')), texts, errorText: t('error.generic') };
  const session = await loadSession(context, request, context.get(webConfigContext));
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return { ...base, page: null as OfferStatsPage | null, loadError: false };
  let page: OfferStatsPage | null;
  try {
    page = await loadOfferStats(context, request, locale, t, id);
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused for asking too often: the page that names the wait (issue 36), not the notice.
    throwIfRetryLater(error, context, 'limited');
    requestLog(context).warn({ error: errorText(error) }, 'offer statistics failed');
    return { ...base, page: null, loadError: true };
  }
  if (!page) notFound();
  return { ...base, title: pageTitle(t, page.heading), page, loadError: false };
}
