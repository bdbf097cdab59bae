import { describe, expect, it } from 'vitest';
import { RECENT_PLACES_KEY, RECENT_PLACES_TTL_MS, readRecentPlaces, rememberPlace } from './recent-places.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const place = (id: number) => ({
  id,
  kind: 'city' as const,
  name: `Place ${id}`,
  parent_name: null,
  slug: `place-${id}`,
  country_code: 'CZ',
});

describe('recent places (spec 9: maptiler_locations, 50, 7 days)', () => {
  it('keeps the newest first, once each', () => {
    const storage = memoryStorage();
    rememberPlace(storage, place(1), 1000);
    rememberPlace(storage, place(2), 2000);
    rememberPlace(storage, place(1), 3000);
    expect(readRecentPlaces(storage, 3000).map((p) => p.id)).toEqual([1, 2]);
  });

  it('keeps at most 50', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 60; id++) rememberPlace(storage, place(id), id);
    const list = readRecentPlaces(storage, 60);
    expect(list).toHaveLength(50);
    expect(list[0]?.id).toBe(60);
    expect(JSON.parse(storage.getItem(RECENT_PLACES_KEY) ?? '[]')).toHaveLength(50);
  });

  it('forgets places after 7 days and ignores malformed storage', () => {
    const storage = memoryStorage();
    rememberPlace(storage, place(1), 0);
    expect(readRecentPlaces(storage, RECENT_PLACES_TTL_MS - 1)).toHaveLength(1);
    expect(readRecentPlaces(storage, RECENT_PLACES_TTL_MS)).toHaveLength(0);
    storage.setItem(RECENT_PLACES_KEY, '{not json');
    expect(readRecentPlaces(storage)).toEqual([]);
  });
});
