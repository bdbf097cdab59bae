import { loadSitemap } from '../features/sitemaps/load-sitemap.server.ts';
import type { Route } from './+types/sitemap.ts';

// /sitemaps/{locale}.xml: the locale's public screens and blog posts, with their hreflang alternates.

export const loader = (args: Route.LoaderArgs) => loadSitemap(args);
