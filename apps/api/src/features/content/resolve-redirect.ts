import { type Db, redirects } from '@estately/db';
import type { Redirect } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { perDatabase } from '../../lib/per-database.ts';

/**
 * GET /content/redirects/resolve?path=: the redirect an admin stored for an old path (spec 2's
 * global guard). A trailing slash is ignored; every hit is counted, so unused rules can go.
 */
export async function resolveRedirect(options: { db: Db; path: string }): Promise<Redirect> {
  const path = options.path.length > 1 ? options.path.replace(/\/+$/, '') : options.path;
  // Asked on every page view and almost always without a match: a read first, a write only on a hit.
  const [row] = await lookupStatement(options.db).execute({ path });
  if (!row) throw new AppError('not_found');
  await options.db
    .update(redirects)
    .set({ hits: sql`${redirects.hits} + 1` })
    .where(eq(redirects.id, row.id));
  return { to: row.to, status: row.status as Redirect['status'] };
}

/** The lookup of one path, prepared once per database (planned once per connection). */
const lookupStatement = perDatabase((db: Db) =>
  db
    .select({ id: redirects.id, to: redirects.toUrl, status: redirects.statusCode })
    .from(redirects)
    .where(eq(redirects.fromPath, sql.placeholder('path')))
    .limit(1)
    .prepare('redirect_by_path'),
);
