import { loadRecentlyViewed } from '../features/offer-lists/recently-viewed.server.ts';
import type { Route } from './+types/recently-viewed.ts';

// GET `/{locale}/offer-lists/recent` (issue 44 point 6, decision 072): the recently viewed
// offers as cards of the locale, which the home page shows.

export const loader = (args: Route.LoaderArgs) => loadRecentlyViewed(args);
