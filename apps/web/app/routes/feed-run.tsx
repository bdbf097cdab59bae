import { FeedRunPageView } from '../features/feeds/feed-run-page-view.tsx';
import stylesHref from '../features/feeds/feeds.css?url';
import { loadFeedRunPage } from '../features/feeds/load-feed-run-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/feed-run.ts';

// `/{locale}/account/feeds/runs/{runId}` (issue 42), in the account layout: a run's progress,
// counts and report, for company accounts only.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadFeedRunPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function FeedRunRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  return (
    <section data-testid="screen-accountFeedRun" className="feeds-screen">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.detail && <FeedRunPageView data={loaderData.detail} t={t} />}
    </section>
  );
}
