import { type Db, redirects } from '@estately/db';
import { pageMeta, pageOffset, type RedirectRuleList } from '@estately/domain';
import { asc, count, ilike, or } from 'drizzle-orm';
import { redirectRuleColumns, toRedirectRule } from './redirect-rule-row.ts';

/** `%`, `_` and `\` stand for themselves in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * GET /admin/redirects: the stored rules sorted by source path, paged; `q` keeps rules whose
 * source path or target contains it (case-insensitive).
 */
export async function listRedirects(options: {
  db: Db;
  page: number;
  perPage: number;
  q?: string;
}): Promise<RedirectRuleList> {
  const { db, page, perPage } = options;
  const q = options.q?.trim();
  const where = q
    ? or(ilike(redirects.fromPath, likePattern(q)), ilike(redirects.toUrl, likePattern(q)))
    : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(redirects).where(where),
    db
      .select(redirectRuleColumns)
      .from(redirects)
      .where(where)
      .orderBy(asc(redirects.fromPath), asc(redirects.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
  ]);
  return { data: rows.map(toRedirectRule), meta: pageMeta(Number(total?.n ?? 0), page, perPage) };
}
