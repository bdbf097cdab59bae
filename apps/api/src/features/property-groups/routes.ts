import {
  ErrorBodySchema,
  PropertyGroupParamsSchema,
  PropertyGroupSchema,
  SplitPropertyGroupBodySchema,
  SplitPropertyGroupResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { getPropertyGroup } from './get-property-group.ts';
import { splitPropertyGroup } from './split-property-group.ts';

const TAGS = ['moderation'];
const ADMIN_NOTE =
  'Admins only: `Authorization: Bearer <access token>` of an account with isAdmin (401 without a valid token, 403 `forbidden` for other accounts). Sellers can neither merge nor split groups.';
const errors = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  500: ErrorBodySchema,
};

/** Groups of offers of one physical property (issue 43 point 2, decision 068): the admin's view and split. */
const propertyGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/property-groups/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'The group of offers of one property',
        description: `The group the offer {id} is in (offers matched as one physical property when saved: the same point within 25 m, floor, disposition, area within 5 % and near-duplicate photos), every member with its state and price, cheapest first; \`is_card\` marks the one search shows. An offer in no group answers itself alone with \`id\` null. ${ADMIN_NOTE}`,
        params: PropertyGroupParamsSchema,
        response: { 200: PropertyGroupSchema, ...errors },
      },
    },
    async (request) => getPropertyGroup(app.db, rowIdOf(String(request.params.id))),
  );

  app.post(
    '/admin/property-groups/:id/split',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Split a wrong group',
        description: `The offers of \`offer_ids\` leave the group of the offer {id} together (a group of their own when two or more) and are never matched with the offers that stay again; both sides show their cheapest visible offer in search at once. 422 \`property_groups.not_in_group\` when an id is not a member, \`property_groups.whole_group\` when no member would stay; nothing changes then. ${ADMIN_NOTE}`,
        params: PropertyGroupParamsSchema,
        body: SplitPropertyGroupBodySchema,
        response: { 200: SplitPropertyGroupResponseSchema, ...errors },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        splitPropertyGroup(tx, {
          adminId: currentUser(request).id,
          offerId: rowIdOf(String(request.params.id)),
          offerIds: request.body.offer_ids,
        }),
      ),
  );
};

export default propertyGroupsRoutes;
