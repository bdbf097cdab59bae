import {
  BlogListResponseSchema,
  buildPath,
  isLocale,
  LOCALES,
  type Screen,
  switchLocalePath,
} from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { notFound } from '../../routing/screen.server.ts';

// /sitemaps/{locale}.xml: the locale's public screens and blog posts, each with its hreflang
// alternates in the other 29 locales. Offer pages are reached through the results lists.

const PUBLIC_SCREENS: readonly Screen[] = [
  'home',
  'results',
  'propertyList',
  'blog',
  'articleTerms',
  'articleCookiePolicy',
  'articlePrivacyPolicy',
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loadSitemap({ request, context, params }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const locale = params.file?.replace(/\.xml$/, '');
  if (!params.file?.endsWith('.xml') || !isLocale(locale)) notFound();
  const origin = config.publicWebUrl ?? new URL(request.url).origin;
  const urls: string[] = [];
  for (const screen of PUBLIC_SCREENS) {
    const path = buildPath(screen as 'home', locale);
    const alternates = LOCALES.map(
      (other) =>
        `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(origin + switchLocalePath(path, other))}"/>`,
    );
    urls.push(`  <url>\n    <loc>${escapeXml(origin + path)}</loc>\n${alternates.join('\n')}\n  </url>`);
  }
  try {
    const blog = BlogListResponseSchema.parse(
      await requestApi(context, request, config).client.get('/content/blog', { query: { locale } }),
    );
    for (const post of blog.data) {
      urls.push(
        `  <url><loc>${escapeXml(`${origin}${buildPath('blog', locale)}/${encodeURIComponent(post.slug)}`)}</loc></url>`,
      );
    }
  } catch {
    // Without the API the sitemap still lists the screens.
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
