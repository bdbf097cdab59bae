import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { documentWriteHeaders } from '../../lib/openapi-write-headers.ts';
import { API_VERSION } from '../../lib/version.ts';

// OpenAPI 3.1 generated from the same zod contracts that validate requests and serialize
// responses (DESIGN 2, CONVENTIONS habit 5): the document cannot drift from the code.
export const OPENAPI_TAGS = [
  { name: 'health', description: 'Liveness and readiness of the API and its database' },
  { name: 'properties', description: 'Properties and offers: featured list, detail, management (spec 7)' },
  {
    name: 'offers',
    description:
      'Offer detail and visitor actions: contact, nearby places, similar offers, translation, messages to sellers, reports (spec 7)',
  },
  { name: 'search', description: 'Offer search: results, facet counts, map clusters (spec 9)' },
  {
    name: 'search-paths',
    description: 'Localized search URLs: decompose into filters and compose back (spec 2)',
  },
  { name: 'locations', description: 'Places: autocomplete in any locale, area descriptions, reverse lookup' },
  {
    name: 'auth',
    description:
      'Sign-up (persons and companies), login, rotating refresh tokens, recovery, e-mail confirmation',
  },
  {
    name: 'users',
    description: 'The signed-in user, public seller profiles, profile, password and e-mail changes',
  },
  {
    name: 'companies',
    description: 'Company profiles: the signed-in company’s profile and logo, public company pages',
  },
  {
    name: 'sellers',
    description: 'Public seller pages: any account that sells, with its offers, search and reply rate',
  },
  {
    name: 'feeds',
    description:
      'Agency feeds of a company account: OpenImmo or CSV files uploaded or pulled from a URL, their runs and reports',
  },
  {
    name: 'api-keys',
    description: 'Partner API keys of a company account: list, create (shown once), revoke',
  },
  {
    name: 'partner',
    description:
      'The partner API: a company’s listings pushed by its own software, authenticated by an API key (docs/partner-api.md)',
  },
  { name: 'favorites', description: 'Favourite offers and properties of the signed-in user' },
  // Issue 44 point 3 (decision 071).
  {
    name: 'boards',
    description:
      'Shared search boards: offers with a status, a viewing date and notes, shared by invitation, with a live event stream',
  },
  // Issue 44 points 4 and 6 (decision 072).
  { name: 'compare', description: 'Two to four offers side by side in one call' },
  {
    name: 'hidden-offers',
    description: 'Offers the signed-in user hid: left out of their searches, map, counts and alerts',
  },
  {
    name: 'recently-viewed',
    description: 'Offers opened lately: an account’s, and the cards of a browser’s list',
  },
  {
    name: 'saved-searches',
    description: 'Watch-dogs: saved searches with e-mail alerts and one-click unsubscribe',
  },
  { name: 'leads', description: 'Messages and contact requests received on own offers' },
  { name: 'seller-stats', description: 'Views, favourites and leads of own offers over 30 days' },
  {
    name: 'availability',
    description:
      'Whether an offer is still available: the seller’s answer by a one-click e-mail link or from their own offers',
  },
  { name: 'moderation', description: 'Admin only: verification, strikes, the report queue' },
  { name: 'content', description: 'Articles, blog posts and redirects for the web app' },
];

/** Preheader hooks that require a bearer token; routes using them are marked in the document. */
function requiresBearer(app: FastifyInstance, hooks: unknown): boolean {
  const list = Array.isArray(hooks) ? hooks : [hooks];
  return list.some((hook) => hook === app.authenticate || hook === app.requireAdmin);
}

async function docs(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Estately API',
        description:
          'Property marketplace API. Errors answer `{code, message, errors?}`; a validation failure is 422 with `code: "validation_errors"` and `errors` keyed by field, holding message keys; a body in a media type the operation does not take is 415 `unsupported_media_type`.',
        version: API_VERSION,
      },
      servers: [{ url: config.publicApiUrl }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token from POST /auth/login or POST /api/token/refresh.',
          },
          partnerKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key (est_...)',
            description:
              'A partner API key of a company account (POST /users/me/api-keys), on /v1/partner/ calls only; access tokens are refused there.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The answers' ETag and Idempotent-Replayed headers, which zod response schemas cannot hold.
    transformObject: (input) => documentWriteHeaders(jsonSchemaTransformObject(input)),
  });

  // Routes behind app.authenticate / app.requireAdmin say so in the document, from the hooks
  // they really run, so the documentation cannot claim a route is public when it is not.
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    if (requiresBearer(app, route.onRequest) || requiresBearer(app, route.preHandler)) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    }
  });

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page needs scripts and styles, so it gets the plugin's hash-based policy instead of
    // the API's deny-all one. upgrade-insecure-requests is dropped outside production because
    // a local run serves plain http. The page sets no <base> and is never framed, so base-uri
    // and frame-ancestors are narrowed from the plugin's 'self' to 'none' (issue 11 item 8).
    staticCSP: true,
    transformStaticCSP: (header) => {
      const strict = header
        .replace(/base-uri 'self'/, "base-uri 'none'")
        .replace(/frame-ancestors 'self'/, "frame-ancestors 'none'");
      return config.isProduction ? strict : strict.replace(/\s*upgrade-insecure-requests;?/, '');
    },
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

export default fp(docs, { name: 'docs', fastify: '5.x' });
