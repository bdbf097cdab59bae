import { recordViewed } from '../features/offer-lists/recently-viewed.server.ts';
import type { Route } from './+types/offer-viewed.ts';

// GET `/{locale}/offer-lists/viewed/{id}` (issue 44 point 6, decision 072): the offer page's
// one-pixel image that records the view, in the account or the browser's cookie.

export const loader = (args: Route.LoaderArgs) => recordViewed(args);
