import {
  CreateRedirectBodySchema,
  REDIRECT_STATUS_CODES,
  RedirectIdParamsSchema,
  RedirectRuleListSchema,
  RedirectRuleSchema,
  RedirectsQuerySchema,
  UpdateRedirectBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ERRORS, ADMIN_NOTE } from '../../lib/admin-route-docs.ts';
import { rowIdOf } from '../../lib/row-id.ts';
import { createRedirect } from './create-redirect.ts';
import { deleteRedirect } from './delete-redirect.ts';
import { listRedirects } from './list-redirects.ts';
import { updateRedirect } from './update-redirect.ts';

const TAGS = ['moderation'];
const RULES = `A rule sends \`from_path\` (a site path without query, not \`/\`; a trailing slash is dropped) to \`to_url\` (a site path, whose visitor keeps the query they came with, or an absolute http(s) URL) with \`status_code\` ${REDIRECT_STATUS_CODES.join(', ')}. A path already taken by another rule is 422 \`redirects.from_path_taken\`; a target that leads back to the path through the stored rules is 422 \`redirects.loop\`.`;
const errors = ADMIN_ERRORS;

/**
 * The admins' redirects table (issue 10): the rules GET /content/redirects/resolve answers
 * for spec 2's global guard, listed, added, changed and removed here.
 */
const redirectsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/redirects',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Stored redirects',
        description: `The redirect rules sorted by source path, 25 a page by default; \`q\` keeps rules whose source or target contains it. Each rule counts how often it was followed (\`hits\`). ${ADMIN_NOTE}`,
        querystring: RedirectsQuerySchema,
        response: { 200: RedirectRuleListSchema, ...errors },
      },
    },
    async (request) =>
      listRedirects({
        db: app.db,
        page: request.query.page,
        perPage: request.query.per_page,
        q: request.query.q,
      }),
  );

  app.post(
    '/admin/redirects',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Add a redirect',
        description: `Body \`{"from_path": "/cs/stara-stranka", "to_url": "/cs/blog", "status_code": 301}\` (status 301 when left out). ${RULES} The web app follows it from the next page load. ${ADMIN_NOTE}`,
        body: CreateRedirectBodySchema,
        response: { 201: RedirectRuleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRedirect({ db: app.db, input: request.body })),
  );

  app.patch(
    '/admin/redirects/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Change a redirect',
        description: `Any of \`from_path\`, \`to_url\`, \`status_code\`; the rule as changed is checked again. A rule moved to another path starts counting hits anew. ${RULES} ${ADMIN_NOTE}`,
        params: RedirectIdParamsSchema,
        body: UpdateRedirectBodySchema,
        response: { 200: RedirectRuleSchema, ...errors },
      },
    },
    async (request) => updateRedirect({ db: app.db, id: rowIdOf(request.params.id), input: request.body }),
  );

  app.delete(
    '/admin/redirects/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Remove a redirect',
        description: `The path then renders as the site has it (or is the 404 page). Answers 204. ${ADMIN_NOTE}`,
        params: RedirectIdParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRedirect({ db: app.db, id: rowIdOf(request.params.id) });
      return reply.code(204).send(null);
    },
  );
};

export default redirectsAdminRoutes;
