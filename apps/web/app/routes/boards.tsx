import stylesHref from '../features/boards/boards.css?url';
import { BoardsScreen } from '../features/boards/boards-screen.tsx';
import { boardsPageAction, loadBoardsPage } from '../features/boards/load-boards-page.server.ts';
import type { Route } from './+types/boards.ts';

// `/{locale}/account/boards` (issue 44 point 3, decision 071): the user's shared search boards,
// in the account layout (whose loader lets only a signed-in user through).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadBoardsPage(args);

export const action = (args: Route.ActionArgs) => boardsPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default BoardsScreen;
