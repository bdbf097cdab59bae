import { type Db, redirects } from '@estately/db';
import type { CreateRedirectBody, RedirectRule } from '@estately/domain';
import { AppError } from '../../lib/app-error.ts';
import { checkRedirectRule, isUniqueViolation } from './check-redirect-rule.ts';
import { redirectRuleColumns, toRedirectRule } from './redirect-rule-row.ts';

/** POST /admin/redirects: stores a new rule after the checks of checkRedirectRule. */
export async function createRedirect(options: { db: Db; input: CreateRedirectBody }): Promise<RedirectRule> {
  const { db, input } = options;
  try {
    return await db.transaction(async (tx) => {
      await checkRedirectRule(tx, { fromPath: input.from_path, toUrl: input.to_url });
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath: input.from_path, toUrl: input.to_url, statusCode: input.status_code })
        .returning(redirectRuleColumns);
      return toRedirectRule(row!);
    });
  } catch (error) {
    // Two admins adding the same path at once: the unique index decides.
    if (isUniqueViolation(error))
      throw new AppError('validation_errors', { errors: { from_path: ['redirects.from_path_taken'] } });
    throw error;
  }
}
