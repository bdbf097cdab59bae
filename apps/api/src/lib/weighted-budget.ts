import type { RateLimitDecision, RateLimiter, RateLimitRule } from './rate-limit-store.ts';

/**
 * Spends `cost` units of a sliding-window budget at once (upload bytes per hour, counted in
 * MiB: issue 37 point 5) through the one rate limiter, which counts hits. Room for `cost` more
 * units is room for one more hit under a budget `cost - 1` smaller, so the limiter's own `check`
 * answers it, with the Retry-After of the moment enough of the window has passed; the units are
 * then recorded one by one. A refusal counts nothing. Check and record are two steps, so two
 * uploads of one account at the same moment may both pass near the end of a budget (at most one
 * upload's units over); the photo slots of an account take one image at a time anyway.
 */
export async function spendBudget(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  cost: number,
): Promise<RateLimitDecision> {
  const units = Math.max(1, Math.ceil(cost));
  if (units > rule.max) {
    // More than the whole budget: no wait makes it fit. The window's length is the honest answer.
    return { allowed: false, retryAfterSeconds: Math.ceil(rule.windowMs / 1000) };
  }
  const decision = await limiter.check(key, { max: rule.max - units + 1, windowMs: rule.windowMs });
  if (!decision.allowed) return decision;
  for (let unit = 0; unit < units; unit += 1) await limiter.record(key, rule);
  return decision;
}
