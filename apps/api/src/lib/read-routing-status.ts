import type { FastifyInstance } from 'fastify';

/** Where public reads go, as the read routing (plugins/app/read-routing.ts) reports it. */
export interface ReadRoutingStatus {
  /** `none` without DATABASE_READ_URL; `behind` past REPLICA_MAX_LAG_SECONDS; `down` unreachable. */
  replica: 'none' | 'ok' | 'behind' | 'down';
  lagSeconds: number | null;
  readsFrom: 'replica' | 'primary';
}

interface WithReadRouting {
  readRouting: { status(): ReadRoutingStatus };
}

/**
 * The read routing's status when the app has one (`app.readRouting`), else null: the metrics
 * and the readiness check read it without depending on the plugin being registered.
 */
export function readRoutingStatus(app: FastifyInstance): ReadRoutingStatus | null {
  if (!app.hasDecorator('readRouting')) return null;
  return (app as unknown as WithReadRouting).readRouting.status();
}
