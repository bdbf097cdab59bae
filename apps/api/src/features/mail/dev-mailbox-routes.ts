import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { DEV_MAILBOX_CSP, renderDevMail, renderDevMailboxList } from './dev-mailbox-page.ts';
import { getDevMail } from './get-dev-mail.ts';
import { isLoopbackRequest } from './is-loopback-request.ts';
import { listDevMail } from './list-dev-mail.ts';

/**
 * GET /dev/mailbox and GET /dev/mailbox/{id}: the mails of the embedded transport, for working
 * without a mail server (DESIGN 2 e-mail). They show every account's mail, password-reset links
 * included, so they exist only with DEV_MAILBOX (`npm run dev`; config.ts refuses it in
 * production) and answer only requests from this machine (is-loopback-request.ts); to anyone
 * else they are plain 404s, as everywhere they are not registered (decision 013, issue 37).
 * Left out of the OpenAPI document, which describes the product's API.
 */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devMailbox || app.config.isProduction) return;

  // onRequest: a stranger learns nothing, not even whether an id is well-formed.
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackRequest(request, app.config.trustProxy)) throw new AppError('not_found');
  });

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
