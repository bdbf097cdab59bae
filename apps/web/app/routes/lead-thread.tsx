import { LeadThreadScreen } from '../features/leads/lead-thread-screen.tsx';
import stylesHref from '../features/leads/leads.css?url';
import { leadThreadPageAction, loadLeadThreadPage } from '../features/leads/load-lead-thread-page.server.ts';
import type { Route } from './+types/lead-thread.ts';

// `/{locale}/account/leads/{id}` (issue 38 point 10): one conversation of the seller's, in the
// account layout (whose loader lets only a signed-in user through). Opening it marks the buyer's
// messages read; the seller replies (the buyer gets it by e-mail with a link to answer) and sets
// the status.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadLeadThreadPage(args);

export const action = (args: Route.ActionArgs) => leadThreadPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default LeadThreadScreen;
