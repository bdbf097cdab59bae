import { type DbOrTx, redirects } from '@estately/db';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/** Hops followed when looking for a loop; the resolver itself follows one per page load. */
const MAX_CHAIN = 20;

/** The site path of a target (a path, without query and fragment), or null for an absolute URL. */
function sitePath(target: string): string | null {
  if (!target.startsWith('/')) return null;
  const path = target.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The rule `fromPath -> toUrl` may be stored (rule `selfId` being changed, if any): no other
 * rule answers the same path (422 `redirects.from_path_taken`), and following the target
 * through the stored rules never comes back to the path (422 `redirects.loop`), so no visitor
 * is sent round in circles. Runs inside the write's transaction.
 */
export async function checkRedirectRule(
  tx: DbOrTx,
  rule: { fromPath: string; toUrl: string; selfId?: number },
): Promise<void> {
  const others = rule.selfId === undefined ? undefined : ne(redirects.id, rule.selfId);
  const [taken] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(and(eq(redirects.fromPath, rule.fromPath), others))
    .limit(1);
  if (taken)
    throw new AppError('validation_errors', { errors: { from_path: ['redirects.from_path_taken'] } });

  let next = sitePath(rule.toUrl);
  for (let hop = 0; next !== null && hop < MAX_CHAIN; hop++) {
    if (next === rule.fromPath)
      throw new AppError('validation_errors', { errors: { to_url: ['redirects.loop'] } });
    const [step] = await tx
      .select({ toUrl: redirects.toUrl })
      .from(redirects)
      .where(and(eq(redirects.fromPath, next), others))
      .limit(1);
    next = step ? sitePath(step.toUrl) : null;
  }
}

/** A unique violation from a concurrent write of the same path (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
