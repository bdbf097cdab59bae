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
  familyId: string | undefined;
}

/**
 * Reads `Authorization: Bearer <access token>` and resolves the user it names. A token is
 * refused when its signature, key or lifetime is wrong, when its user no longer exists, when it
 * was issued before the user's `not_before` (password reset or change, logout everywhere), or
 * when its refresh-token family was revoked (logout, reuse of a spent refresh token).
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
  const familyRevoked = claims.fam
    ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(
        eq(refreshTokens.familyId, claims.fam),
        isNotNull(refreshTokens.revokedAt),
      )})`
    : sql<boolean>`false`;
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

  // A route that requires a user or an admin checks it first, whichever hook it was declared
  // on: a `preHandler` runs after the body is parsed and validated, so a guest would otherwise
  // get 422 with the field rules of a call it may not make, and make the API parse a body for
  // nothing (issue 11 item 5: guests get 401 on every user route). Moved to `onRequest`.
  const guards = new Set<unknown>([app.authenticate, app.requireAdmin]);
  app.addHook('onRoute', (route) => {
    const preHandler = route.preHandler;
    const list = Array.isArray(preHandler) ? preHandler : preHandler ? [preHandler] : [];
    const moved = list.filter((hook) => guards.has(hook));
    if (moved.length === 0) return;
    const rest = list.filter((hook) => !guards.has(hook));
    route.preHandler = rest.length > 0 ? rest : undefined;
    const onRequest = route.onRequest;
    route.onRequest = [...moved, ...(Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [])];
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
