import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

// The API answers JSON (and media files), never HTML of its own, so its Content-Security-Policy
// forbids everything: a response that is somehow rendered as a page can load, frame or submit
// nothing. The /docs page sets its own narrower policy (plugins/external/docs.ts).
export const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  // Implied by default-src, but spelled out: scanners and ASVS 3.4.3 look for it by name, and it
  // stays 'none' if default-src is ever relaxed.
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

async function security(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    // HSTS only means something over HTTPS; a production deployment terminates TLS in front.
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Photos are embedded by the web app, which lives on another origin (DESIGN 4); media
    // responses relax this per file (plugins/app/media.ts).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
  });

  // The API takes JSON (and multipart uploads, form posts where a route registers them);
  // Fastify's built-in text/plain parser would hand a JSON route a string and answer 422
  // instead of 415 (issue 11 item 7). text/plain is also what a cross-site form can send
  // without a preflight, so refusing it at the door narrows CSRF-shaped requests.
  app.removeContentTypeParser('text/plain');

  // Only the web app's origin may call the API from a browser. Credentials stay off: the
  // client sends a bearer token header, not cookies, to the API (spec 4, DESIGN 4).
  await app.register(cors, {
    origin: config.webOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Readable by the web app's scripts: the property version for If-Match, the replay marker
    // of idempotent creates, and how long a 429 asks to wait (issue 11 items 2 and 10).
    exposedHeaders: ['ETag', 'Idempotent-Replayed', 'Retry-After'],
    maxAge: 600,
  });
}

export default fp(security, { name: 'security', fastify: '5.x' });
