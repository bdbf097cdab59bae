import { type DbOrTx, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { type AccountLimits, HOUR_MS, limitFor, UPLOAD_BUDGET_UNIT_BYTES } from '../../lib/account-limits.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limit-store.ts';
import { spendBudget } from '../../lib/weighted-budget.ts';

/** The limiter key of an account's photo-upload bytes (decision 041's budgets table). */
export const uploadBudgetKey = (userId: number) => `uploads.bytes:account:${userId}`;

/**
 * Spends `bytes` of the uploader's hourly photo-upload budget (ACCOUNT_UPLOAD_MB_PER_HOUR, or
 * COMPANY_UPLOAD_MB_PER_HOUR for a company; counted in whole MiB, rounded up) through the one
 * rate limiter, so every API instance shares it. Beyond it: 429 `too_many_requests` with
 * Retry-After, and nothing is counted.
 */
export async function spendUploadBudget(options: {
  db: DbOrTx;
  limiter: RateLimiter;
  userId: number;
  limits: Pick<AccountLimits, 'uploadBytesPerHour'>;
  bytes: number;
}): Promise<void> {
  const [account] = await options.db
    .select({ accountType: users.accountType })
    .from(users)
    .where(eq(users.id, options.userId));
  const budget = limitFor(options.limits.uploadBytesPerHour, account?.accountType);
  const decision = await spendBudget(
    options.limiter,
    uploadBudgetKey(options.userId),
    { max: Math.floor(budget / UPLOAD_BUDGET_UNIT_BYTES), windowMs: HOUR_MS },
    options.bytes / UPLOAD_BUDGET_UNIT_BYTES,
  );
  if (!decision.allowed) {
    throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
  }
}
