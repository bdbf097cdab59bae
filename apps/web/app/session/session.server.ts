import { createContext, type RouterContextProvider } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import type { WebConfig } from '../config.server.ts';
import { errorText, requestApi, requestLog } from '../request-state.server.ts';
import { pageFailureOf } from '../routing/unavailable.server.ts';
import { GUEST, type Session, toFavoriteIds, toSessionUser } from './session.ts';

/**
 * The request's session once asked for: every loader of the request gets the same one. Set anew
 * for each request by createLoadContext (entry.server.tsx), never a module global.
 */
export const sessionOfRequestContext = createContext<{ session?: Promise<Session> }>({});

/**
 * Spec 4 on start: the current user (GET /user/me) and the ids of their favourite offers
 * (GET /user/favorite_offers/ids). Any failure of /user/me (401 after a failed refresh, 404
 * while the route does not exist, the API down) makes the session a guest; failing favourite
 * ids only leave the list empty. Loaded once per request.
 */
export function loadSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
  config: WebConfig,
): Promise<Session> {
  const state = context.get(sessionOfRequestContext);
  state.session ??= fetchSession(context, request, config);
  return state.session;
}

async function fetchSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
  config: WebConfig,
): Promise<Session> {
  const { client, tokens } = requestApi(context, request, config);
  const { token, refreshToken } = tokens.get();
  // No tokens at all: a guest, without asking the API.
  if (!token && !refreshToken) return GUEST;
  let user: ReturnType<typeof toSessionUser>;
  try {
    user = toSessionUser(await client.get('/user/me'));
  } catch (error) {
    if (!(error instanceof ApiError))
      requestLog(context).warn({ error: errorText(error) }, 'session: /user/me failed');
    // Refused for asking too often, or the API is down: the user is not known to be a guest.
    if (pageFailureOf(error).retryAfterSeconds !== null)
      return { status: 'guest', user: null, favoriteIds: [], failure: error };
    return GUEST;
  }
  if (!user) return GUEST;
  let favoriteIds: number[] = [];
  try {
    favoriteIds = toFavoriteIds(await client.get('/user/favorite_offers/ids'));
  } catch {
    // Not built yet (404) or failing: the header simply shows no favourites.
  }
  return { status: 'user', user, favoriteIds };
}
