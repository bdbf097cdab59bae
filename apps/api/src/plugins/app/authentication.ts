import { type Db, refreshTokens, users } from '@estately/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';

/** Who made the request, as the access token and the users table say now. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  isAdmin: boolean;
  verified: boolean;
  preferredLanguage: string;
  /** Refresh-token family the access token was issued with (logout revokes it). */
  familyId: string;
}

/**
 * Reads `Authorization: Bearer <access token>` and resolves the user it names. A token is
 * refused when its signature, key or lifetime is wrong (an `iat` ahead of the clock, a missing
 * family included), when its user no longer exists, when it was issued before the user's
 * `not_before` (password reset or change, logout everywhere), or when its refresh-token family
 * was revoked (logout, reuse of a spent refresh token).
 * Returns null for a request without a bearer token; throws 401 for a bad one.
 */
export async function resolveUser(
  db: Db,
  config: Config,
  request: FastifyRequest,
): Promise<AuthenticatedUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('unauthorized');
  const verified = verifyAccessToken(config.jwt.keys, match[1]);
  if (!verified.ok) throw new AppError('unauthorized');
  const { claims } = verified;
  // Every access token names its family (verifyAccessToken refuses one without), so logout
  // reaches every token it should (issue 37).
  const familyRevoked = sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(
    eq(refreshTokens.familyId, claims.fam),
    isNotNull(refreshTokens.revokedAt),
  )})`;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isAdmin: users.isAdmin,
      verified: users.verified,
      preferredLanguage: users.preferredLanguage,
      notBefore: users.notBefore,
      familyRevoked,
    })
    .from(users)
    .where(eq(users.id, claims.sub));
  if (!row || row.familyRevoked) throw new AppError('unauthorized');
  // `iat` has whole seconds; a token issued in the same second as not_before stays valid.
  if (row.notBefore && claims.iat < Math.floor(row.notBefore.getTime() / 1000)) {
    throw new AppError('unauthorized');
  }
  return {
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    verified: row.verified,
    preferredLanguage: row.preferredLanguage,
    familyId: claims.fam,
  };
}

// Routes choose per route (DESIGN 4): `preHandler: app.authenticate` requires a signed-in user
// (401 otherwise), `preHandler: app.identify` accepts guests and users alike (offer messages),
// `preHandler: app.requireAdmin` requires an admin (403 for others). The handler then reads
// `request.user` (null for a guest).
async function authentication(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  app.decorateRequest('user', null);

  app.decorate('identify', async (request: FastifyRequest) => {
    request.user = await resolveUser(app.db, config, request);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await resolveUser(app.db, config, request);
    if (!request.user) throw new AppError('unauthorized');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.user = await resolveUser(app.db, config, request);
    if (!request.user) throw new AppError('unauthorized');
    if (!request.user.isAdmin) throw new AppError('forbidden');
  });

  // Where the guards run, whichever hook a route declared them on (issue 11 items 2 and 5):
  // - in `onRequest`, not `preHandler`: a preHandler runs after the body is parsed and
  //   validated, so a guest would get 422 with the field rules of a call it may not make, and
  //   the API would parse a body for nothing; guests get 401 on every user route;
  // - after the global per-address rate limit, which @fastify/rate-limit appends to each
  //   route's onRequest list (its onRoute hook runs before this one): a flood of guessed or
  //   revoked tokens is throttled before any token is looked up.
  // Routes declare the guard as their only onRequest hook, so moving it last changes nothing
  // else.
  const guards = new Set<unknown>([app.authenticate, app.requireAdmin, app.identify]);
  const asList = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);
  app.addHook('onRoute', (route) => {
    const preHandler = asList(route.preHandler);
    const onRequest = asList(route.onRequest);
    const moved = [...onRequest, ...preHandler].filter((hook) => guards.has(hook));
    if (moved.length === 0) return;
    const keptPreHandler = preHandler.filter((hook) => !guards.has(hook));
    route.preHandler = (keptPreHandler.length > 0 ? keptPreHandler : undefined) as typeof route.preHandler;
    route.onRequest = [...onRequest.filter((hook) => !guards.has(hook)), ...moved] as typeof route.onRequest;
  });
}

export default fp(authentication, { name: 'authentication', fastify: '5.x', dependencies: ['database'] });

/** The signed-in user of a route behind `app.authenticate` (a programming error otherwise). */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}

declare module 'fastify' {
  interface FastifyInstance {
    identify(request: FastifyRequest): Promise<void>;
    authenticate(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}
