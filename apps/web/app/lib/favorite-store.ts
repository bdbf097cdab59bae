import { useSyncExternalStore } from 'react';

// The favourites changed on this page (spec 4), kept in one small store until the next full load
// brings the session's ids again: every heart of the same offer (a card and its detail) and the
// header's count agree at once, without asking the root loader again.

const overrides = new Map<number, boolean>();
const listeners = new Set<() => void>();
let version = 0;

/** Records a heart's new state (applied at once; set back when the API refuses). */
export function setFavoriteOverride(id: number, favorite: boolean): void {
  overrides.set(id, favorite);
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when a heart changes; the server and hydration see no changes. */
function useFavoriteVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}

/** Whether this offer is a favourite: changed on this page, or else as the session says. */
export function useIsFavorite(id: number, sessionIds: readonly number[]): boolean {
  useFavoriteVersion();
  return overrides.get(id) ?? sessionIds.includes(id);
}

/** The number of favourites: the session's ids with this page's changes applied. */
export function useFavoriteCount(sessionIds: readonly number[]): number {
  useFavoriteVersion();
  const ids = new Set(sessionIds);
  for (const [id, favorite] of overrides) {
    if (favorite) ids.add(id);
    else ids.delete(id);
  }
  return ids.size;
}
