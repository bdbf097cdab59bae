import { type Db, savedSearches, users } from '@estately/db';
import { type CreateSavedSearchBody, SAVED_SEARCHES_PER_USER, type SavedSearch } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { validateSavedSearchFilters } from './saved-search-filters.ts';
import { scheduleSavedSearchAlerts } from './schedule-saved-search-alerts.ts';
import { toSavedSearch } from './to-saved-search.ts';

/**
 * POST /saved_searches: stores a watch-dog for the caller. Filters are validated by the domain
 * filter model; locale and currency default to the user's preferences. The per-user cap is
 * checked under a lock on the user's row, so two parallel requests cannot both pass at 49.
 * New matches are counted from the moment of creation (the first alert never replays the past).
 */
export async function createSavedSearch(options: {
  db: Db;
  userId: number;
  input: CreateSavedSearchBody;
}): Promise<SavedSearch> {
  const { db, userId, input } = options;
  const filters = validateSavedSearchFilters(input.filters);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ locale: users.preferredLanguage, currency: users.preferredCurrency })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('unauthorized');
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (Number(counted?.n ?? 0) >= SAVED_SEARCHES_PER_USER) {
      throw new AppError('validation_errors', {
        message: `At most ${SAVED_SEARCHES_PER_USER} saved searches per account`,
        errors: { saved_search: ['saved_searches.limit_reached'] },
      });
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        filters: filters as Record<string, unknown>,
        searchPath: input.search_path ?? null,
        frequency: input.frequency ?? 'daily',
        ...(input.alert_kinds ? { alertKinds: input.alert_kinds } : {}),
        locale: input.locale ?? user.locale,
        currency: input.currency ?? user.currency,
      })
      .returning();
    if (!row) throw new Error('saved search not stored');
    // Restarts the alert chain should it have stopped (a no-op while it runs).
    await scheduleSavedSearchAlerts(tx, new Date());
    return toSavedSearch(row);
  });
}
