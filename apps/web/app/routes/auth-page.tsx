import { AuthPage } from '../features/auth/auth-page-view.tsx';
import { authPageAction, loadAuthPage } from '../features/auth/load-auth-page.server.ts';
import formsStylesHref from '../ui/forms/forms.css?url';
import type { Route } from './+types/auth-page.ts';

// The twelve sign-in, sign-up and password screens of spec 2 in one module: each screen shows
// its forms, and the action runs the form that was sent (features/auth/auth-screen.server.ts).
// The classic screens (signin_old, signup_old) run the same flows in the older, single-column
// look.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: formsStylesHref }];

export const loader = (args: Route.LoaderArgs) => loadAuthPage(args);

export const action = (args: Route.ActionArgs) => authPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default AuthPage;
