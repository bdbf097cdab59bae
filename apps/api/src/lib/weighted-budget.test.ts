import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit-store.ts';
import { spendBudget } from './weighted-budget.ts';

describe('spendBudget', () => {
  const rule = { max: 10, windowMs: 60_000 };

  it('spends units while they fit, refuses without counting, and names the wait', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    expect(await spendBudget(limiter, 'k', rule, 4)).toEqual({ allowed: true });
    now += 10_000;
    expect(await spendBudget(limiter, 'k', rule, 5)).toEqual({ allowed: true });
    now += 10_000;
    // 9 spent: 2 more do not fit until the first 4 leave the window, 40 s from now.
    expect(await spendBudget(limiter, 'k', rule, 2)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // The refusal counted nothing: 1 unit still fits.
    expect(await spendBudget(limiter, 'k', rule, 1)).toEqual({ allowed: true });
    expect(await spendBudget(limiter, 'k', rule, 1)).toMatchObject({ allowed: false });
    now += 40_000;
    expect(await spendBudget(limiter, 'k', rule, 4)).toEqual({ allowed: true });
  });

  it('rounds a fraction up and refuses more than the whole budget', async () => {
    const limiter = new MemoryRateLimiter();
    expect(await spendBudget(limiter, 'k', rule, 9.2)).toEqual({ allowed: true });
    expect(await spendBudget(limiter, 'k', rule, 0.1)).toMatchObject({ allowed: false });
    expect(await spendBudget(limiter, 'other', rule, 11)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });
});
