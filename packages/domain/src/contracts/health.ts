// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';

/** GET /health: liveness plus a database round trip, for load balancers and `npm start`. */
export const HealthResponseSchema = z.object({
  /** `ok` when the API can serve requests; `unavailable` (HTTP 503) when the database does not answer. */
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
  /**
   * The search index of this API process (decision 025): `warming` while it loads after the
   * start, `ready` once loaded; `cold` when no start-up load ran, `failed` when it could not
   * finish (searches then load what they need on first use). Searches are answered either way;
   * a load balancer can hold a new instance back until `ready` so no visitor pays for its load.
   */
  searchIndex: z.enum(['cold', 'warming', 'ready', 'failed']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /health/live: the process answers. Touches nothing else, so a slow database never fails it. */
export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/**
 * GET /health/ready: whether this instance should be given requests (docs/decisions/060); 200
 * when every part is ready, 503 otherwise. Each part says its own state, so an operator sees
 * which one holds the instance back.
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** The primary database answers a query within 2 seconds. */
  database: z.object({ ready: z.boolean(), state: z.enum(['ok', 'down']) }),
  /**
   * Every migration this build ships is applied (`pending` names those that are not; null when
   * the database could not be asked).
   */
  migrations: z.object({ ready: z.boolean(), pending: z.array(z.string()).nullable() }),
  /**
   * The facet index (decision 025): not ready while its start-up load runs (`warming`), so no
   * visitor waits for it; `failed` and `cold` (no load running) are ready, partitions then
   * load on first use.
   */
  searchIndex: z.object({ ready: z.boolean(), state: z.enum(['cold', 'warming', 'ready', 'failed']) }),
  /**
   * Where public reads go (REPLICA_MAX_LAG_SECONDS): ready when they go to the primary, or to a
   * replica that answers within its lag bound.
   */
  reads: z.object({
    ready: z.boolean(),
    replica: z.enum(['none', 'ok', 'behind', 'down']),
    readsFrom: z.enum(['replica', 'primary']),
    lagSeconds: z.number().nullable(),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
