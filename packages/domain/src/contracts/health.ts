// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';

/** GET /health: liveness plus a database round trip, for load balancers and `npm start`. */
export const HealthResponseSchema = z.object({
  /** `ok` when the API can serve requests; `unavailable` (HTTP 503) when the database does not answer. */
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
