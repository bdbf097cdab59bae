import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Answer } from '../../lib/idempotency.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import { budgetOfKey } from '../../lib/metrics/http-metrics.ts';
import { hashPartnerKey, partnerKeyOf } from '../../lib/partner-key.ts';
import {
  createRateLimiter,
  hitAll,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limit-store.ts';
import { MEDIA_PREFIX } from './media.ts';
import { budgetAddress } from './visitor.ts';

/** The window of the request budget: RATE_LIMIT_MAX requests a minute per visitor. */
export const REQUEST_BUDGET_WINDOW_MS = 60_000;

/**
 * The one rate limiter of the API (`app.rateLimiter`, docs/decisions/041): in process, or in
 * Redis when REDIS_URL is set so every instance shares every budget (DESIGN 6). It holds the
 * request budget of each visitor (RATE_LIMIT_MAX a minute, asked here before any route runs)
 * and the per-action budgets the routes ask for (logins, sign-ups, messages, ...).
 *
 * When Redis does not answer, requests are let through and the failure is logged: an outage
 * of the limiter's store must not lock every user out of signing in.
 */
async function rateLimiterPlugin(app: FastifyInstance, options: { config: Config; limiter?: RateLimiter }) {
  const { config } = options;
  const store = options.limiter ?? createRateLimiter({ redisUrl: config.redisUrl });
  const unavailable = (error: unknown, key: string) =>
    app.log.error({ err: error, key }, 'rate limiter unavailable; request allowed');
  // Every refusal of a budget answers 429 (enforceRateLimits, refusalAnswer, spendUploadBudget),
  // so refusals are counted here, where every budget is asked (plugins/app/metrics.ts).
  const metrics = app.hasDecorator('metrics') ? app.metrics.http : undefined;
  const counted = (key: string, decision: RateLimitDecision) => {
    if (!decision.allowed) metrics?.refused(budgetOfKey(key));
    return decision;
  };
  const limiter: RateLimiter = {
    async hit(key, rule) {
      try {
        return counted(key, await store.hit(key, rule));
      } catch (error) {
        unavailable(error, key);
        return { allowed: true };
      }
    },
    async check(key, rule) {
      try {
        return counted(key, await store.check(key, rule));
      } catch (error) {
        unavailable(error, key);
        return { allowed: true };
      }
    },
    async record(key, rule) {
      try {
        await store.record(key, rule);
      } catch (error) {
        unavailable(error, key);
      }
    },
    close: () => store.close(),
  };
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => {
    await store.close();
  });

  // RATE_LIMIT_MAX=0 turns the request budget off (benchmarks of raw capacity); the per-action
  // budgets stay.
  if (!(config.rateLimitMax > 0)) return;
  const rule: RateLimitRule = { max: config.rateLimitMax, windowMs: REQUEST_BUDGET_WINDOW_MS };
  // A global hook runs before every route's own onRequest hooks (the authentication guards), so
  // a flood of guessed tokens is throttled before any token is looked up.
  app.addHook('onRequest', async (request, reply) => {
    const partnerKey = partnerBudgetKey(request);
    if (partnerKey !== null) {
      // A partner call is counted against its key alone, so two keys of one agency (or two
      // agencies behind one address) do not share a budget. Keys are not looked up yet, so a
      // guessed one would get a fresh budget: the address's budget, which the partner
      // authentication spends on every refused key, is asked (not spent) first.
      const address = requestBudgetKey(request, config);
      if (address !== null) {
        const guessing = await limiter.check(address, rule);
        if (!guessing.allowed) refuse(reply, guessing.retryAfterSeconds);
      }
      await enforceRateLimits(limiter, reply, [{ key: partnerKey, rule }]);
      return;
    }
    const key = requestBudgetKey(request, config);
    if (key === null) return;
    await enforceRateLimits(limiter, reply, [{ key, rule }]);
  });
}

/**
 * The budget of a partner API call (issue 42): one per key, RATE_LIMIT_MAX a minute like a
 * signed-in visitor's, named by the first half of the key's hash (never the key). Null for
 * every other request, and for a partner route called without a key (the address pays).
 */
function partnerBudgetKey(request: FastifyRequest): string | null {
  if (request.routeOptions.config?.partnerApi !== true) return null;
  if (!request.visitor.charged) return null;
  const key = partnerKeyOf(request.headers.authorization);
  return key === null ? null : `partner.key:${hashPartnerKey(key).slice(0, 32)}`;
}

/**
 * Spends one request of the address's budget for a partner call whose key was refused (unknown
 * or revoked), so guessing keys is bounded per address as guessing tokens is; once the budget
 * is spent the address's partner calls answer 429 before any key is looked up.
 */
export async function spendRefusedKey(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!(app.config.rateLimitMax > 0)) return;
  const key = requestBudgetKey(request, app.config);
  if (key === null) return;
  await app.rateLimiter.hit(key, { max: app.config.rateLimitMax, windowMs: REQUEST_BUDGET_WINDOW_MS });
}

/**
 * The budget a request is counted against, or null for requests no visitor pays for: the web
 * server's own calls, health probes (routes with `config.rateLimit: false`) and the media
 * files of the embedded storage (a results page shows 25 photos; a CDN serves them in
 * production). A signed-in visitor (a bearer token with a valid signature) has the account's
 * budget, so people behind one address (an office, a carrier's NAT) do not share one; a guest
 * or a guessed token has the address's.
 */
function requestBudgetKey(request: FastifyRequest, config: Config): string | null {
  if (!request.visitor.charged) return null;
  if ((request.routeOptions.config as { rateLimit?: boolean } | undefined)?.rateLimit === false) return null;
  if (request.url.startsWith(MEDIA_PREFIX)) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) {
    const verified = verifyAccessToken(config.jwt.keys, bearer);
    if (verified.ok) return `request:account:${verified.claims.sub}`;
  }
  return `request:ip:${budgetAddress(request.visitor.address)}`;
}

export default fp(rateLimiterPlugin, { name: 'rate-limiter', fastify: '5.x', dependencies: ['visitor'] });

/**
 * Hits every budget of a request and refuses it with 429 `too_many_requests` and `Retry-After`
 * (seconds) when any is spent.
 */
export async function enforceRateLimits(
  limiter: RateLimiter,
  reply: FastifyReply,
  hits: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<void> {
  const decision: RateLimitDecision = await hitAll(limiter, hits);
  if (decision.allowed) return;
  refuse(reply, decision.retryAfterSeconds);
}

function refuse(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('too_many_requests');
}

/**
 * A refused decision as the 429 answer of a route that answers through respondIdempotently
 * (lib/idempotency.ts), or null when it was allowed.
 */
export function refusalAnswer(decision: RateLimitDecision): Answer | null {
  if (decision.allowed) return null;
  return {
    statusCode: 429,
    body: new AppError('too_many_requests').toBody(),
    headers: { 'retry-after': String(decision.retryAfterSeconds) },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sliding-window limits per action and subject (lib/rate-limit-store.ts). */
    rateLimiter: RateLimiter;
  }
  interface FastifyContextConfig {
    /** A partner API route: the request budget is its API key's, not the address's. */
    partnerApi?: boolean;
  }
}
