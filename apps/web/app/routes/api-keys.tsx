import { useActionData } from 'react-router';
import { ApiKeysView } from '../features/feeds/api-keys-view.tsx';
import stylesHref from '../features/feeds/feeds.css?url';
import {
  type ApiKeysResult,
  apiKeysPageAction,
  loadApiKeysPage,
} from '../features/feeds/load-api-keys-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/api-keys.ts';

// `/{locale}/account/api-keys` (issue 42), in the account layout: a company's partner API keys,
// for company accounts only (anyone else gets the 404 page).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadApiKeysPage(args);

export const action = (args: Route.ActionArgs) => apiKeysPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function ApiKeysRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<ApiKeysResult>();
  return (
    <section data-testid="screen-accountApiKeys" className="feeds-screen">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.keys && (
        <ApiKeysView keys={loaderData.keys} docsHref={loaderData.docsHref} t={t} result={result} />
      )}
    </section>
  );
}
