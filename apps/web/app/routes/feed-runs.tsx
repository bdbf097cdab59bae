import { FeedRunsView } from '../features/feeds/feed-runs-view.tsx';
import stylesHref from '../features/feeds/feeds.css?url';
import { loadFeedRunsPage } from '../features/feeds/load-feed-runs-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/feed-runs.ts';

// `/{locale}/account/feeds/{id}` (issue 42), in the account layout: one feed's runs, for
// company accounts only.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadFeedRunsPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function FeedRunsRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  return (
    <section data-testid="screen-accountFeedRuns" className="feeds-screen">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.runs && <FeedRunsView data={loaderData.runs} t={t} />}
    </section>
  );
}
