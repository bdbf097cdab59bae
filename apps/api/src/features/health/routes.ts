import { ErrorBodySchema, HealthResponseSchema } from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_VERSION } from '../../lib/version.ts';
import { checkHealth } from './check-health.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Probes from load balancers must never be throttled away.
      config: { rateLimit: false },
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
};

export default healthRoutes;
