import {
  ErrorBodySchema,
  ModerationResultSchema,
  PropertyIdParamsSchema,
  ReportActionBodySchema,
  ReportActionParamsSchema,
  ReportsQuerySchema,
  ReportsResponseSchema,
  StrikePropertyBodySchema,
  VerifyPropertyBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ERRORS, ADMIN_NOTE } from '../../lib/admin-route-docs.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { requireId } from '../seller-properties/load-own-property.ts';
import { decideReport } from './decide-report.ts';
import { listReports } from './list-reports.ts';
import { moderationResult } from './moderation-result.ts';
import { strikeProperty } from './strike-property.ts';
import { verifyProperty } from './verify-property.ts';

const TAGS = ['moderation'];
const errors = ADMIN_ERRORS;

/** Admin moderation of offers (issue 7): verification badge, strikes, report queue. */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/properties/:id/verify',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Verify a listing',
        description: `Sets the verified-listing badge (\`{"verified": false}\` withdraws it). The badge is worth ${25} trust-score points and a search filter; the public offer follows at once. ${ADMIN_NOTE}`,
        params: PropertyIdParamsSchema,
        body: VerifyPropertyBodySchema,
        response: { 200: ModerationResultSchema, ...errors },
      },
    },
    async (request) =>
      verifyProperty({
        db: app.db,
        adminId: currentUser(request).id,
        propertyId: requireId(request.params.id),
        verified: request.body.verified,
      }),
  );

  app.post(
    '/properties/strike/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Strike an offer from public view',
        description: `Removes the offer from public search and its public detail at once, whatever its state, with a \`reason\` (3..500 characters) that the owner sees in GET /properties/{id} and GET /my/own/properties. Striking again replaces the reason. DELETE on the same path lifts the strike. ${ADMIN_NOTE}`,
        params: PropertyIdParamsSchema,
        body: StrikePropertyBodySchema,
        response: { 200: ModerationResultSchema, ...errors },
      },
    },
    async (request) => {
      const propertyId = requireId(request.params.id);
      return app.db.transaction(async (tx) => {
        await strikeProperty(tx, {
          adminId: currentUser(request).id,
          propertyId,
          reason: request.body.reason,
        });
        return moderationResult(tx, propertyId);
      });
    },
  );

  app.delete(
    '/properties/strike/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Lift a strike',
        description: `The offer returns to public view if it is active. ${ADMIN_NOTE}`,
        params: PropertyIdParamsSchema,
        response: { 200: ModerationResultSchema, ...errors },
      },
    },
    async (request) => {
      const propertyId = requireId(request.params.id);
      return app.db.transaction(async (tx) => {
        await strikeProperty(tx, { adminId: currentUser(request).id, propertyId, reason: null });
        return moderationResult(tx, propertyId);
      });
    },
  );

  app.get(
    '/admin/reports',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'The offer report queue',
        description: `Reports of one \`status\` (default \`open\`), paged. Open reports are sorted by how many open reports their offer has, then oldest first; decided ones newest decision first. Each names the offer's state, city, owner and whether it is struck. ${ADMIN_NOTE}`,
        querystring: ReportsQuerySchema,
        response: { 200: ReportsResponseSchema, ...errors },
      },
    },
    async (request) =>
      listReports({
        db: app.db,
        status: request.query.status,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  app.post(
    '/admin/reports/:id/:action',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Resolve or dismiss a report',
        description: `\`resolve\` upholds the report (an upheld report costs the offer 10 trust-score points, an open one 3, a dismissed one nothing) and with \`strike_reason\` strikes the offer in the same step; \`dismiss\` rejects it. Only open reports can be decided: otherwise 409 \`conflict\`. Answers the offer's moderation state. ${ADMIN_NOTE}`,
        params: ReportActionParamsSchema,
        body: ReportActionBodySchema,
        response: { 200: ModerationResultSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      decideReport({
        db: app.db,
        adminId: currentUser(request).id,
        reportId: requireId(request.params.id),
        action: request.params.action,
        strikeReason: request.body?.strike_reason,
      }),
  );
};

export default moderationRoutes;
