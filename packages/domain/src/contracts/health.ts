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
