import type { MessageKey } from '@estately/i18n';
import { useActionData } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { useText } from '../features/auth/form-ui.tsx';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import { loadMyOffers, type MyOffersResult, myOffersAction } from '../features/my-offers/my-offers.server.ts';
import { MyOffersView } from '../features/my-offers/my-offers-view.tsx';
import editorStylesHref from '../features/property-editor/editor.css?url';
import { LIST_COUNT_KEYS } from '../i18n/list-counts.ts';
import { pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { throwIfRetryLater } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import type { Route } from './+types/my-offers.ts';

// My offers (spec 2 /{locale}/account/my-offers, issue 10) in the account layout, whose loader
// is the sign-in guard. features/my-offers holds the data, the state changes and the view.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorStylesHref }];

const MESSAGES: readonly MessageKey[] = [
  'my_offers.add',
  'my_offers.complete',
  'my_offers.confirm_archive',
  'my_offers.actions',
  'account.my_offers_empty',
  'account.offer_state',
  'account.views',
  'account.leads',
  'nav.favorites_count',
  'editor.view_offer',
  'action.edit',
  LIST_COUNT_KEYS.myOffers,
  'results.page',
  'results.previous',
  'results.next',
  'results.pagination',
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { screen, locale, t } = screenOf(request);
  const session = await loadSession(context, request, context.get(webConfigContext));
  const heading = screenTitle(t, screen);
  const base = { title: pageTitle(t, heading), heading, messages: screenMessages(locale, MESSAGES) };
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return { ...base, offers: null, loadError: false };
  try {
    return { ...base, offers: await loadMyOffers(context, request, locale, t), loadError: false };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Refused for asking too often: the page that names the wait (issue 36), not the notice.
    throwIfRetryLater(error, context, 'limited');
    console.warn('[web] my offers:', error instanceof Error ? error.message : error);
    return { ...base, offers: null, loadError: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, t } = screenOf(request);
  return myOffersAction({ context, request, locale, t });
}

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
