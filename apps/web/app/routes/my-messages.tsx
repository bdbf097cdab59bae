import stylesHref from '../features/leads/leads.css?url';
import { loadMyMessagesPage, myMessagesPageAction } from '../features/leads/load-my-messages-page.server.ts';
import { MyMessagesScreen } from '../features/leads/my-messages-screen.tsx';
import type { Route } from './+types/my-messages.ts';

// `/{locale}/account/messages` and `/{locale}/account/messages/{id}` (issue 38 point 10): a
// signed-in buyer's conversations with sellers, and one of them to read and answer, in the
// account layout (whose loader lets only a signed-in user through).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadMyMessagesPage(args);

export const action = (args: Route.ActionArgs) => myMessagesPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default MyMessagesScreen;
