import { BoardInvitationScreen } from '../features/boards/board-invitation-screen.tsx';
import {
  boardInvitationPageAction,
  loadBoardInvitationPage,
} from '../features/boards/load-board-invitation-page.server.ts';
import type { Route } from './+types/board-invitation.ts';

// `/{locale}/board-invitation/{token}` (issue 44 point 3, decision 071): the page an invitation
// e-mail opens; accepting needs an account (sign in or sign up, then back here).

export const loader = (args: Route.LoaderArgs) => loadBoardInvitationPage(args);

export const action = (args: Route.ActionArgs) => boardInvitationPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default BoardInvitationScreen;
