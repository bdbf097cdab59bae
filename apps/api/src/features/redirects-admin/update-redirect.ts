import { type Db, redirects } from '@estately/db';
import type { RedirectRule, UpdateRedirectBody } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { checkRedirectRule, isUniqueViolation } from './check-redirect-rule.ts';
import { redirectRuleColumns, toRedirectRule } from './redirect-rule-row.ts';

/**
 * PATCH /admin/redirects/{id}: changes the fields given; the rule as it will be is checked
 * again (taken path, loop). A rule that now answers another path starts counting hits anew.
 */
export async function updateRedirect(options: {
  db: Db;
  id: number;
  input: UpdateRedirectBody;
}): Promise<RedirectRule> {
  const { db, id, input } = options;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(redirects).where(eq(redirects.id, id)).for('update');
      if (!current) throw new AppError('not_found');
      const fromPath = input.from_path ?? current.fromPath;
      const toUrl = input.to_url ?? current.toUrl;
      await checkRedirectRule(tx, { fromPath, toUrl, selfId: id });
      const [row] = await tx
        .update(redirects)
        .set({
          fromPath,
          toUrl,
          statusCode: input.status_code ?? current.statusCode,
          ...(fromPath !== current.fromPath ? { hits: 0 } : {}),
        })
        .where(eq(redirects.id, id))
        .returning(redirectRuleColumns);
      return toRedirectRule(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('validation_errors', { errors: { from_path: ['redirects.from_path_taken'] } });
    throw error;
  }
}
