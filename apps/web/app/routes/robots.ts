import { loadRobots } from '../features/sitemaps/load-robots.server.ts';
import type { Route } from './+types/robots.ts';

// /robots.txt: everything public may be crawled, the private prefixes may not, and the sitemap
// index says where the pages of every locale are.

export const loader = (args: Route.LoaderArgs) => loadRobots(args);
