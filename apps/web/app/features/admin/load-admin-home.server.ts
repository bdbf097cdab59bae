import type { Locale } from '@estately/domain';
import { adminPath } from '../../routing/admin-paths.ts';
import { api, type Context } from './admin-shared.server.ts';

// The admin area's first page: how many reports and scam flags are open, how many redirects there are.

export async function loadAdminHome(context: Context, request: Request, locale: Locale) {
  const client = api(context, request);
  const count = async (path: string, query: Record<string, string | number>) => {
    try {
      return (await client.get<{ meta: { total: number } }>(path, { query })).meta.total;
    } catch (error) {
      if (error instanceof Response) throw error;
      return null;
    }
  };
  const [openReports, openScamFlags, redirects] = await Promise.all([
    count('/admin/reports', { status: 'open', per_page: 1 }),
    count('/admin/scam-flags', { status: 'open', per_page: 1 }),
    count('/admin/redirects', { per_page: 1 }),
  ]);
  return {
    openReports,
    openScamFlags,
    redirects,
    links: {
      reports: adminPath(locale, 'reports'),
      scams: adminPath(locale, 'scams'),
      offers: adminPath(locale, 'offers'),
      redirects: adminPath(locale, 'redirects'),
    },
  };
}
