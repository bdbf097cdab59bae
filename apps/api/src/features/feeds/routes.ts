import {
  CreateFeedBodySchema,
  ErrorBodySchema,
  FEED_LIMITS,
  FeedIdParamsSchema,
  FeedListResponseSchema,
  FeedReportQuerySchema,
  FeedRunDetailResponseSchema,
  FeedRunIdParamsSchema,
  FeedRunSchema,
  FeedRunsQuerySchema,
  FeedRunsResponseSchema,
  FeedSchema,
  UpdateFeedBodySchema,
} from '@estately/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFileField } from '../../lib/file-field.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { createFeed } from './create-feed.ts';
import { deleteFeed } from './delete-feed.ts';
import { loadOwnFeed } from './feed-view.ts';
import { getFeedRun } from './get-feed-run.ts';
import { listFeedRuns } from './list-feed-runs.ts';
import { listFeeds } from './list-feeds.ts';
import { runFeedNow } from './run-feed-now.ts';
import { updateFeed } from './update-feed.ts';
import { uploadFeedFile } from './upload-feed-file.ts';

const TAGS = ['feeds'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer <access token>`; without a valid one the answer is 401 `unauthorized` and nothing is read.';
const COMPANY_NOTE =
  'Company accounts only: a person’s account answers 403 `forbidden` with `company.error.company_only` on `account`. Another account’s feed or run answers 404 `not_found` like an unknown one.';
const IN_PROGRESS =
  'A run already queued or running answers 409 `conflict` with `feeds.error.run_in_progress` on `feed`.';

const ownerErrors = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  500: ErrorBodySchema,
};

/** A person's account is refused before its request is validated (403, not 422). */
async function companyOnly(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await requireCompanyAccount(this.db, currentUser(request).id);
}

/**
 * A company account's agency feeds (issue 42, docs/decisions/062): the feeds, their uploads and
 * runs, and each run's report. The runs themselves happen in the job worker (run-feed.ts).
 */
const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only in this plugin's scope, for the feed file; the size is checked while it streams.
  await app.register(multipart, {
    limits: { fileSize: FEED_LIMITS.fileBytesMax, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  app.get(
    '/users/me/feeds',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'The company’s feeds',
        description: `Each feed with its active listings and its last run (counts, state, error). ${COMPANY_NOTE} ${AUTH_NOTE}`,
        response: { 200: FeedListResponseSchema, ...ownerErrors },
      },
    },
    async (request) => listFeeds({ db: app.db, userId: currentUser(request).id }),
  );

  app.post(
    '/users/me/feeds',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'Add a feed',
        description: `An upload feed (\`source\` \`upload\`: files arrive by POST /users/me/feeds/{id}/upload) or a URL feed (\`source\` \`url\` with \`url\`, required: \`feeds.error.url_required\`), pulled every \`scheduleMinutes\` (${FEED_LIMITS.scheduleMin} to ${FEED_LIMITS.scheduleMax}, default ${FEED_LIMITS.scheduleDefault}) with conditional GET; its first pull is due at once. An upload feed takes no \`url\` or \`scheduleMinutes\` (\`feeds.error.url_feed_only\`). \`format\` \`openimmo\` (XML or ZIP with photos) or \`csv\` (docs/feed-formats.md); \`encoding\` declares a non-UTF-8 file. At most ${FEED_LIMITS.feedsMax} feeds. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        body: CreateFeedBodySchema,
        response: { 201: FeedSchema, ...ownerErrors, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await createFeed({ db: app.db, userId: currentUser(request).id, body: request.body });
      return reply.code(201).send(feed);
    },
  );

  app.patch(
    '/users/me/feeds/:id',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'Change a feed',
        description: `Renames it, changes a URL feed's address or schedule, its encoding or default language, or pauses it (a paused feed is not pulled; its listings stay). ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: FeedIdParamsSchema,
        body: UpdateFeedBodySchema,
        response: { 200: FeedSchema, ...ownerErrors, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      updateFeed({ db: app.db, userId: currentUser(request).id, id: request.params.id, body: request.body }),
  );

  app.delete(
    '/users/me/feeds/:id',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'Delete a feed',
        description: `Withdraws the feed's active listings (their offers are taken down, not deleted) and removes the feed with its runs and reports. ${IN_PROGRESS} ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: FeedIdParamsSchema,
        response: { 204: z.null(), ...ownerErrors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteFeed({
        db: app.db,
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
        onCleanupError: (error, key) => request.log.warn({ err: error, key }, 'feed file not deleted'),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/me/feeds/:id/upload',
    {
      config: { upload: true },
      onRequest: app.authenticate,
      // A person's account, and a feed not the account's, are refused before the upload is read.
      preValidation: async (request) => {
        await requireCompanyAccount(app.db, currentUser(request).id);
        await loadOwnFeed(app.db, currentUser(request).id, (request.params as { id: string }).id);
      },
      // The body is a multipart stream the handler reads itself: its schema only documents it.
      validatorCompiler: () => () => true,
      schema: {
        tags: TAGS,
        summary: 'Upload a feed file',
        description: `\`multipart/form-data\` with the file in the field \`file\` (no file: \`validation.file_required\`; more than ${FEED_LIMITS.fileBytesMax / 1024 / 1024} MB: 413 \`validation.file_too_large\`). The file is stored and a run queued; the job worker reads it, applies each listing and writes the report. Answers the queued run (202). Upload feeds only (\`feeds.error.upload_feed_only\`). ${IN_PROGRESS} ${COMPANY_NOTE} ${AUTH_NOTE}`,
        consumes: ['multipart/form-data'],
        params: FeedIdParamsSchema,
        body: z.object({ file: z.string().meta({ format: 'binary' }).describe('The feed file') }),
        response: {
          202: FeedRunSchema,
          ...ownerErrors,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const file = await readFileField(request, reply);
      if (file === null) return reply;
      const run = await uploadFeedFile({
        db: app.db,
        storage: app.storage,
        userId: currentUser(request).id,
        id: (request.params as { id: string }).id,
        file,
      });
      return reply.code(202).send(run);
    },
  );

  app.post(
    '/users/me/feeds/:id/run',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'Pull a URL feed now',
        description: `Queues a run of a URL feed (an upload feed runs when a file is uploaded: \`feeds.error.url_feed_only\`). Answers the queued run (202). ${IN_PROGRESS} ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: FeedIdParamsSchema,
        response: { 202: FeedRunSchema, ...ownerErrors, 409: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const run = await runFeedNow({ db: app.db, userId: currentUser(request).id, id: request.params.id });
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/users/me/feeds/:id/runs',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'A feed’s runs',
        description: `Newest first, a page at a time (\`page\`, \`per_page\`, \`meta\` as the other paged lists): state, mode, \`total\` and \`processed\` (the progress bar), counts, error. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: FeedIdParamsSchema,
        querystring: FeedRunsQuerySchema,
        response: { 200: FeedRunsResponseSchema, ...ownerErrors, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      listFeedRuns({
        db: app.db,
        userId: currentUser(request).id,
        id: request.params.id,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  app.get(
    '/users/me/feed-runs/:runId',
    {
      onRequest: app.authenticate,
      preValidation: companyOnly,
      schema: {
        tags: TAGS,
        summary: 'A run and its report',
        description: `The run and a page of its report, in file order: each rejected listing and each listing imported with values that could not be taken, with its problems (\`code\`, our \`field\`, the feed's \`value\`, a message key in \`detail\`). ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: FeedRunIdParamsSchema,
        querystring: FeedReportQuerySchema,
        response: { 200: FeedRunDetailResponseSchema, ...ownerErrors, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      getFeedRun({
        db: app.db,
        userId: currentUser(request).id,
        runId: request.params.runId,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );
};

export default feedsRoutes;
