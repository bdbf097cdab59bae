// The visitor-action limits of issue 4 use the shared sliding window of lib/rate-limit-store.ts.
export {
  type RateLimitDecision,
  type RateLimitRule,
  SlidingWindowLimiter,
} from '../../lib/rate-limit-store.ts';
