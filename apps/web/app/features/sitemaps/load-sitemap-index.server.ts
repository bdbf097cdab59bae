import { LOCALES } from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';

// /sitemap.xml: the index of one sitemap per locale (issue 8), each listing that locale's pages.
export function loadSitemapIndex({ request, context }: LoaderFunctionArgs) {
  const origin = context.get(webConfigContext).publicWebUrl ?? new URL(request.url).origin;
  const entries = LOCALES.map(
    (locale) => `  <sitemap><loc>${origin}/sitemaps/${encodeURIComponent(locale)}.xml</loc></sitemap>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
