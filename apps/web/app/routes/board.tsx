import { BoardScreen } from '../features/boards/board-screen.tsx';
import stylesHref from '../features/boards/boards.css?url';
import { boardPageAction, loadBoardPage } from '../features/boards/load-board-page.server.ts';
import type { Route } from './+types/board.ts';

// `/{locale}/account/boards/{id}` (issue 44 point 3, decision 071): one shared search board, live,
// in the account layout (whose loader lets only a signed-in user through).

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const loader = (args: Route.LoaderArgs) => loadBoardPage(args);

export const action = (args: Route.ActionArgs) => boardPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default BoardScreen;
