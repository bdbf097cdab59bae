import { describe, expect, it } from 'vitest';
import { cardRowOfValues, cardRowsOfJson, offerCardColumns } from './offer-card.ts';

describe('card rows of offerCardsJson', () => {
  const keys = Object.keys(offerCardColumns);

  it('takes every value from the position of its column in offerCardColumns', () => {
    // Each position holds its column's name, so a value read from a wrong position shows.
    const row = cardRowOfValues(
      keys.map((key) =>
        key === 'activatedAt'
          ? '2026-11-20T10:00:00.5+00:00'
          : key === 'publishedAt'
            ? '2026-11-18T08:00:00+01:00'
            : key === 'priceReducedAt'
              ? '2026-11-19T08:00:00+01:00'
              : key,
      ),
    );
    expect(Object.keys(row)).toEqual(keys);
    for (const key of keys) {
      if (key === 'activatedAt' || key === 'publishedAt' || key === 'priceReducedAt') continue;
      expect(row[key as keyof typeof row], key).toBe(key);
    }
    expect(row.activatedAt.toISOString()).toBe('2026-11-20T10:00:00.500Z');
    expect(row.publishedAt?.toISOString()).toBe('2026-11-18T07:00:00.000Z');
    expect(row.priceReducedAt?.toISOString()).toBe('2026-11-19T07:00:00.000Z');
  });

  it('reads the JSON text of a page, and none for null', () => {
    const values = keys.map((key, k) =>
      key === 'activatedAt'
        ? '2026-01-02T03:04:05+01:00'
        : key === 'publishedAt' || key === 'priceReducedAt'
          ? null
          : k,
    );
    const rows = cardRowsOfJson(JSON.stringify([values, values]));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.mainPhotoRoomType).toBe(keys.indexOf('mainPhotoRoomType'));
    expect(rows[0]!.activatedAt.toISOString()).toBe('2026-01-02T02:04:05.000Z');
    expect(rows[0]!.publishedAt).toBeNull();
    expect(cardRowsOfJson(null)).toEqual([]);
  });
});
