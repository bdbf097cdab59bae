import { useActionData } from 'react-router';
import stylesHref from '../features/feeds/feeds.css?url';
import { FeedsView } from '../features/feeds/feeds-view.tsx';
import {
  type FeedsResult,
  feedsPageAction,
  loadFeedsPage,
} from '../features/feeds/load-feeds-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/feeds.ts';

// `/{locale}/account/feeds` (issue 42), in the account layout: a company's feeds, for company
// accounts only (anyone else gets the 404 page; the API refuses them too, 403).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadFeedsPage(args);

export const action = (args: Route.ActionArgs) => feedsPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function FeedsRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FeedsResult>();
  return (
    <section data-testid="screen-accountFeeds" className="feeds-screen">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.feeds && <FeedsView data={loaderData.feeds} t={t} result={result} />}
    </section>
  );
}
