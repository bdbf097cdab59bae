import { loadOfferStatsPage } from '../features/offer-stats/load-offer-stats-page.server.ts';
import stylesHref from '../features/offer-stats/offer-stats.css?url';
import { OfferStatsView } from '../features/offer-stats/offer-stats-view.tsx';
import type { Route } from './+types/offer-stats.ts';

// `/{locale}/account/my-offers/{id}/stats` (issue 38 point 11), in the account layout, whose
// loader lets only a signed-in user through; another person's offer is 404.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadOfferStatsPage(args);

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
