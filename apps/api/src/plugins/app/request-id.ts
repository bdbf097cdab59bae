import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../../lib/request-id.ts';

/**
 * Echoes each request's id (`request.id`, lib/request-id.ts) in `X-Request-Id`, on every
 * answer, refusals and errors included, so a caller or the proxy in front can name the request
 * whose log lines (`reqId`) they want.
 */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

export default fp(requestIdPlugin, { name: 'request-id', fastify: '5.x' });
