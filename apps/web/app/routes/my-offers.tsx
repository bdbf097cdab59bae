import { useActionData } from 'react-router';
import { loadMyOffersPage, myOffersPageAction } from '../features/my-offers/load-my-offers-page.server.ts';
import myOffersStylesHref from '../features/my-offers/my-offers.css?url';
import type { MyOffersResult } from '../features/my-offers/my-offers.server.ts';
import { MyOffersView } from '../features/my-offers/my-offers-view.tsx';
import editorStylesHref from '../features/property-editor/editor.css?url';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/my-offers.ts';

// My offers (spec 2 /{locale}/account/my-offers, issue 10) in the account layout, whose loader
// is the sign-in guard. features/my-offers holds the data, the state changes and the view.

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: editorStylesHref },
  { rel: 'stylesheet', href: myOffersStylesHref },
];

export const loader = (args: Route.LoaderArgs) => loadMyOffersPage(args);

export const action = (args: Route.ActionArgs) => myOffersPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function MyOffersPage({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<MyOffersResult>();
  return (
    <section data-testid="screen-accountMyOffers">
      <h1>{loaderData.heading}</h1>
      {loaderData.loadError && (
        <p className="notice" role="alert" data-testid="load-error">
          {t('error.generic')}
        </p>
      )}
      {loaderData.offers && <MyOffersView offers={loaderData.offers} t={t} result={result} />}
    </section>
  );
}
