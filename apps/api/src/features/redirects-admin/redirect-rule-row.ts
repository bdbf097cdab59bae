import { redirects } from '@estately/db';
import type { RedirectRule } from '@estately/domain';

/** Columns of one rule as the admin table shows it. */
export const redirectRuleColumns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toUrl: redirects.toUrl,
  statusCode: redirects.statusCode,
  hits: redirects.hits,
  createdAt: redirects.createdAt,
};

export function toRedirectRule(row: {
  id: number;
  fromPath: string;
  toUrl: string;
  statusCode: number;
  hits: number;
  createdAt: Date;
}): RedirectRule {
  return {
    id: row.id,
    from_path: row.fromPath,
    to_url: row.toUrl,
    status_code: row.statusCode as RedirectRule['status_code'],
    hits: row.hits,
    created_at: row.createdAt.toISOString(),
  };
}
