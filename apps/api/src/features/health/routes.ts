import { pendingMigrations } from '@estately/db';
import {
  ErrorBodySchema,
  HealthResponseSchema,
  LivenessResponseSchema,
  ReadinessResponseSchema,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoutingStatus } from '../../lib/read-routing-status.ts';
import { API_VERSION } from '../../lib/version.ts';
import { checkHealth } from './check-health.ts';
import { checkReadiness } from './check-readiness.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Probes from load balancers must never be throttled away, and their request lines (a
      // balancer asks each instance twice a second) would bury every other line of the log:
      // only warnings are logged for them. They are still counted in /metrics.
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Health of the API and its database',
        description:
          'Answers 200 when the database answers a query, 503 otherwise. `searchIndex` tells whether this process has loaded its search index since it started (`warming`, then `ready`): searches are answered meanwhile, some more slowly.',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema, 500: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const report = await checkHealth({
        pingDatabase: () => app.pingDatabase(),
        version: API_VERSION,
        searchIndex: app.facetIndex.warmState,
      });
      if (report.database === 'down') request.log.warn('health check: database does not answer');
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        description:
          'Always 200 `{"status":"ok"}` while the process answers HTTP; it touches neither the database nor anything else, so a slow dependency never gets a working process restarted. For whether to send it traffic, ask GET /health/ready.',
        response: { 200: LivenessResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Migrations never go back: once every one is seen applied, the check needs no more queries.
  let migrationsApplied = false;
  let lastStatus: 'ready' | 'not_ready' | undefined;
  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether this instance should be given requests',
        description:
          "200 when every part is ready, 503 otherwise, with each part's state: `database` (the primary answers within 2 s), `migrations` (every migration of this build is applied; `pending` names the others), `searchIndex` (the facet index is not in its start-up load: `warming` is not ready, `ready`, `failed` and `cold` are, partitions then load on first use) and `reads` (public reads go to the primary, or to a replica within REPLICA_MAX_LAG_SECONDS). A load balancer takes an instance out of rotation while it is not ready and back once it is; not rate-limited.",
        response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema, 500: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const replicaInUse = app.readDb !== app.db;
      const report = await checkReadiness({
        pingPrimary: () => app.pingDatabase(),
        pendingMigrations: async () => {
          if (migrationsApplied) return [];
          const pending = await pendingMigrations(app.db);
          migrationsApplied = pending.length === 0;
          return pending;
        },
        searchIndex: app.facetIndex.warmState,
        readRouting: readRoutingStatus(app),
        pingReplica: replicaInUse
          ? async () => {
              await app.readDb.execute(sql`select 1`);
            }
          : undefined,
      });
      // Probes come every second or so: a line when the answer changes, not one per probe.
      if (report.status !== lastStatus) {
        lastStatus = report.status;
        const parts = {
          database: report.database.state,
          migrations: report.migrations.pending,
          searchIndex: report.searchIndex.state,
          reads: report.reads,
        };
        if (report.status === 'ready') request.log.info(parts, 'readiness: ready');
        else request.log.warn(parts, 'readiness: not ready');
      }
      return reply.code(report.status === 'ready' ? 200 : 503).send(report);
    },
  );
};

export default healthRoutes;
