import { LOCALES, ROUTE_ENTRIES } from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';

/**
 * The path prefixes crawlers are asked to leave alone: every account screen of the route
 * table (its pattern up to the first parameter), the account area of each locale (leads
 * inbox, admin, property editor) and the buyers' conversation pages. Those pages are behind the
 * sign-in guard or an e-mail link's token, and `noindex` anyway.
 */
export function privatePrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const entry of ROUTE_ENTRIES) {
    if (entry.layout !== 'account') continue;
    const cut = entry.pattern.indexOf(':');
    prefixes.add(cut === -1 ? entry.pattern : entry.pattern.slice(0, cut));
  }
  for (const locale of LOCALES) prefixes.add(`/${locale}/account/`);
  // A buyer's conversation, opened by the token of an e-mail link (issue 38 point 10).
  for (const locale of LOCALES) prefixes.add(`/${locale}/messages/`);
  // The answer to "still available?", opened by the token of an e-mail link (decision 065).
  for (const locale of LOCALES) prefixes.add(`/${locale}/availability/`);
  // The shortest prefix covers the longer ones under it.
  const kept: string[] = [];
  for (const prefix of [...prefixes].sort())
    if (!kept.some((shorter) => prefix.startsWith(shorter))) kept.push(prefix);
  return kept;
}

// /robots.txt: everything public may be crawled, the private prefixes may not, and the
// sitemap index says where the pages of every locale are.
export function loadRobots({ request, context }: LoaderFunctionArgs) {
  const origin = context.get(webConfigContext).publicWebUrl ?? new URL(request.url).origin;
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...privatePrefixes().map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
