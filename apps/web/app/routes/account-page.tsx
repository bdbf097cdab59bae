import { AccountPage } from '../features/account/account-page-view.tsx';
import { accountPageAction, loadAccountPage } from '../features/account/load-account-page.server.ts';
import actionsStylesHref from '../ui/offer-actions/offer-actions.css?url';
import type { Route } from './+types/account-page.ts';

// The account screens of spec 2 in the account layout (its loader already let only a signed-in
// user through): home with what needs attention, favourites, watch-dogs and the settings. The
// data and the actions are features/account's; the loader picks them by screen.

// The favourites' compare buttons and tray (issue 44 point 4).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: actionsStylesHref }];

export const loader = (args: Route.LoaderArgs) => loadAccountPage(args);

export const action = (args: Route.ActionArgs) => accountPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default AccountPage;
