import { createTranslator } from '@estately/i18n';
import { webConfigContext } from '../config.server.ts';
import stylesHref from '../features/offer-stats/offer-stats.css?url';
import {
  loadOfferStats,
  type OfferStatsPage,
  parseStatsId,
} from '../features/offer-stats/offer-stats.server.ts';
import { OfferStatsView } from '../features/offer-stats/offer-stats-view.tsx';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pageUrl } from '../routing/page-url.ts';
import { notFound, pageTitle } from '../routing/screen.server.ts';
import { throwIfRetryLater } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/offer-stats.ts';

// `/{locale}/account/my-offers/{id}/stats` (issue 38 point 11), in the account layout, whose
// loader lets only a signed-in user through; another person's offer is 404.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
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
    console.warn('[web] offer statistics:', error instanceof Error ? error.message : error);
    return { ...base, page: null, loadError: true };
  }
  if (!page) notFound();
  return { ...base, title: pageTitle(t, page.heading), page, loadError: false };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function OfferStatsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section data-testid="screen-offerStats">
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {loaderData.errorText}
        </p>
      )}
      {loaderData.page && <OfferStatsView page={loaderData.page} texts={loaderData.texts} />}
    </section>
  );
}
