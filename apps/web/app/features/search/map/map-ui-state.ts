import { useSyncExternalStore } from 'react';

// Map UI state of the spec ("Map UI state: a map-search-mode flag and a loading-map-search
// flag"; both start false, map search mode can be set or toggled). One small store per page:
// the open map view (map-view.tsx, mounted while the URL has `map=1`) mirrors map mode into
// `mapSearchMode` and sets `loading` while it asks the API for the viewport's clusters.

export interface MapUiState {
  readonly mapSearchMode: boolean;
  readonly loading: boolean;
}

export const INITIAL_MAP_UI_STATE: MapUiState = Object.freeze({ mapSearchMode: false, loading: false });

export interface MapUiStore {
  getState(): MapUiState;
  subscribe(listener: () => void): () => void;
  setMapSearchMode(on: boolean): void;
  toggleMapSearchMode(): void;
  setLoading(on: boolean): void;
  toggleLoading(): void;
  /** Back to the start (both false), e.g. when the page that owns the store goes away. */
  reset(): void;
}

export function createMapUiStore(initial: MapUiState = INITIAL_MAP_UI_STATE): MapUiStore {
  let state: MapUiState = { ...initial };
  const listeners = new Set<() => void>();
  const update = (next: MapUiState) => {
    // Listeners hear only real changes, so setting a flag to its value re-renders nothing.
    if (next.mapSearchMode === state.mapSearchMode && next.loading === state.loading) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMapSearchMode: (on) => update({ ...state, mapSearchMode: on }),
    toggleMapSearchMode: () => update({ ...state, mapSearchMode: !state.mapSearchMode }),
    setLoading: (on) => update({ ...state, loading: on }),
    toggleLoading: () => update({ ...state, loading: !state.loading }),
    reset: () => update(INITIAL_MAP_UI_STATE),
  };
}

/** The page's store: one per browser page (the server renders with the initial state). */
export const mapUiStore = createMapUiStore();

const serverState = () => INITIAL_MAP_UI_STATE;

/** The current map UI state of `store`, re-rendering on change. */
export function useMapUiState(store: MapUiStore = mapUiStore): MapUiState {
  return useSyncExternalStore(store.subscribe, store.getState, serverState);
}
