import { loadSitemapIndex } from '../features/sitemaps/load-sitemap-index.server.ts';
import type { Route } from './+types/sitemap-index.ts';

// /sitemap.xml: the index of one sitemap per locale (issue 8).

export const loader = (args: Route.LoaderArgs) => loadSitemapIndex(args);
