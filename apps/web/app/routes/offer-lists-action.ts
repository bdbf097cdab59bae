import { offerListsAction } from '../features/offer-lists/offer-lists-action.server.ts';
import type { Route } from './+types/offer-lists-action.ts';

// POST `/{locale}/offer-lists` (issue 44, decision 072): the compare, hide, undo and show-again
// forms of cards, offer pages, the tray and the lists' pages; answers with a redirect back.

export const action = (args: Route.ActionArgs) => offerListsAction(args);
