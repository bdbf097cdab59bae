import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_MAILBOX_CSP, renderDevMail, renderDevMailboxList } from './dev-mailbox-page.ts';
import { getDevMail } from './get-dev-mail.ts';
import { listDevMail } from './list-dev-mail.ts';

/**
 * GET /dev/mailbox and GET /dev/mailbox/{id}: the mails of the embedded transport, for a first
 * run without a mail server (DESIGN 2 e-mail). Registered only outside production, so there the
 * paths are plain 404s; left out of the OpenAPI document, which describes the product's API.
 */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listDevMail(app.db);
    return reply
      .header('content-security-policy', DEV_MAILBOX_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderDevMailboxList(mails));
  });

  app.get(
    '/dev/mailbox/:id',
    {
      schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) },
    },
    async (request, reply) => {
      const mail = await getDevMail(app.db, request.params.id);
      return reply
        .header('content-security-policy', DEV_MAILBOX_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderDevMail(mail));
    },
  );
};

export default devMailboxRoutes;
