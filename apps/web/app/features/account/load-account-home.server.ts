import { buildPath, type CurrentUser, type Locale, type SavedSearchList } from '@estately/domain';
import { leadsPath } from '../../routing/leads-paths.ts';
import { toFavoriteIds } from '../../session/session.ts';
import { api, type Context } from './account-shared.server.ts';

// The account's home: what needs attention (new messages, active watch-dogs, drafts, favourites).

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

export async function loadAccountHome(context: Context, request: Request, locale: Locale) {
  const client = api(context, request);
  type Paged = { meta?: { total?: number } };
  const [me, leads, searches, drafts, favorites] = await Promise.all([
    orNull(client.get<CurrentUser>('/user/me')),
    // Conversations with buyer messages not read yet (issue 38 point 10).
    orNull(client.get<{ threads: number }>('/lead_threads/unread')),
    orNull(client.get<SavedSearchList>('/saved_searches')),
    orNull(client.get<Paged>('/my/own/properties', { query: { state: 'draft', per_page: 1 } })),
    orNull(client.get<unknown>('/user/favorite_offers/ids')),
  ]);
  return {
    email: me?.email ?? '',
    verified: me?.verified ?? true,
    // Counts the API could not give are left out rather than shown as zero.
    newLeads: leads?.threads ?? null,
    activeWatchDogs: Array.isArray(searches?.data)
      ? searches.data.filter((search) => search.frequency !== 'off').length
      : null,
    drafts: drafts?.meta?.total ?? null,
    favorites: favorites === null ? null : toFavoriteIds(favorites).length,
    links: {
      watchDogs: buildPath('accountWatchDogs', locale),
      myOffers: buildPath('accountMyOffers', locale),
      leads: leadsPath(locale),
      favorites: buildPath('accountFavorites', locale),
      sendConfirm: buildPath('authSendConfirmEmail', locale),
      settings: buildPath('accountSettings', locale),
    },
  };
}
