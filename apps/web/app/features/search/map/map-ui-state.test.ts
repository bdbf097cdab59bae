import { describe, expect, it } from 'vitest';
import { createMapUiStore, INITIAL_MAP_UI_STATE } from './map-ui-state.ts';

describe('map UI state (spec: map search mode and loading flags)', () => {
  it('starts with both flags false', () => {
    const store = createMapUiStore();
    expect(store.getState()).toEqual({ mapSearchMode: false, loading: false });
    expect(INITIAL_MAP_UI_STATE).toEqual({ mapSearchMode: false, loading: false });
  });

  it('sets and toggles map search mode without touching loading', () => {
    const store = createMapUiStore();
    store.setMapSearchMode(true);
    expect(store.getState()).toEqual({ mapSearchMode: true, loading: false });
    store.toggleMapSearchMode();
    expect(store.getState()).toEqual({ mapSearchMode: false, loading: false });
    store.toggleMapSearchMode();
    expect(store.getState().mapSearchMode).toBe(true);
    store.setMapSearchMode(false);
    expect(store.getState().mapSearchMode).toBe(false);
  });

  it('sets and toggles loading without touching map search mode', () => {
    const store = createMapUiStore();
    store.setMapSearchMode(true);
    store.setLoading(true);
    expect(store.getState()).toEqual({ mapSearchMode: true, loading: true });
    store.toggleLoading();
    expect(store.getState()).toEqual({ mapSearchMode: true, loading: false });
    store.toggleLoading();
    expect(store.getState().loading).toBe(true);
  });

  it('notifies subscribers of changes only, and stops after unsubscribing', () => {
    const store = createMapUiStore();
    const seen: Array<[boolean, boolean]> = [];
    const stop = store.subscribe(() => seen.push([store.getState().mapSearchMode, store.getState().loading]));
    store.setMapSearchMode(false); // already false: no change
    store.setMapSearchMode(true);
    store.setLoading(true);
    store.setLoading(true); // no change
    store.reset();
    stop();
    store.toggleMapSearchMode();
    expect(seen).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ]);
  });

  it('keeps each store apart and never mutates the initial state', () => {
    const a = createMapUiStore();
    const b = createMapUiStore();
    a.toggleMapSearchMode();
    expect(b.getState().mapSearchMode).toBe(false);
    expect(INITIAL_MAP_UI_STATE.mapSearchMode).toBe(false);
    // Each change gives a new state object, so React's snapshot comparison sees it.
    const before = a.getState();
    a.setLoading(true);
    expect(a.getState()).not.toBe(before);
  });
});
