import { LOCALES, POI_CATEGORIES, type PointsOfInterestResponse } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { POI_KIND_LABELS, poiDistance, toPoiGroups } from './points-of-interest.server.ts';

// Issue 39 defect 1: nearby places read "Bus stop (186 m), Metro station (1.1 km)" in every locale.

const answer: PointsOfInterestResponse = {
  data: [
    {
      category: 'bus_stop',
      items: [
        {
          id: 1,
          name: 'Bus stop',
          category: 'bus_stop',
          latitude: 50,
          longitude: 14,
          distance_km: 0.186,
          distance_m: 186,
        },
        {
          id: 2,
          name: 'Náměstí Míru',
          category: 'bus_stop',
          latitude: 50,
          longitude: 14,
          distance_km: 0.4,
          distance_m: 400,
        },
      ],
    },
    {
      category: 'metro_station',
      items: [
        {
          id: 3,
          name: 'Metro station',
          category: 'metro_station',
          latitude: 50,
          longitude: 14,
          distance_km: 1.149,
          distance_m: 1149,
        },
      ],
    },
  ],
};

describe('nearby places in the visitor’s language', () => {
  it('names every kind of place in every locale, not in English', () => {
    for (const locale of LOCALES) {
      for (const category of POI_CATEGORIES) {
        const label = translate(locale, POI_KIND_LABELS[category]);
        expect(label, `${locale} ${category}`).not.toMatch(/^poi\./);
        if (
          !locale.startsWith('en') &&
          // Words that many languages share with English (Park, Bank, Restaurant, Café, Hospital) may match.
          ['bus_stop', 'tram_stop', 'metro_station', 'train_station', 'playground', 'post_office'].includes(
            category,
          )
        )
          expect(label, `${locale} ${category}`).not.toBe(translate('en', POI_KIND_LABELS[category]));
      }
    }
  });

  it('says what each place is in the locale, keeps proper names and drops English placeholders', () => {
    const cs = toPoiGroups(answer, 'cs');
    expect(cs.map((group) => group.label)).toEqual(['Městská doprava']);
    expect(cs[0]?.items).toEqual([
      { id: 1, kind: 'Autobusová zastávka', name: '', distance: '186 m' },
      { id: 2, kind: 'Autobusová zastávka', name: 'Náměstí Míru', distance: '400 m' },
      { id: 3, kind: 'Stanice metra', name: '', distance: '1,1 km' },
    ]);
    const ar = toPoiGroups(answer, 'ar');
    expect(ar[0]?.items.map((item) => item.kind)).toEqual(['موقف حافلات', 'موقف حافلات', 'محطة مترو']);
    expect(JSON.stringify(ar)).not.toMatch(/Bus stop|Metro station/);
  });

  it('writes distances with the locale’s digits and decimal separator', () => {
    expect(poiDistance(1149, 'en')).toBe('1.1 km');
    expect(poiDistance(1149, 'cs')).toBe('1,1 km');
    expect(poiDistance(1149, 'de')).toBe('1,1 km');
    expect(poiDistance(2000, 'cs')).toBe('2 km');
    expect(poiDistance(186, 'cs')).toBe('186 m');
    expect(poiDistance(1149, 'ar')).toBe(
      translate('ar', 'poi.distance_km', {
        distance: new Intl.NumberFormat('ar', { maximumFractionDigits: 1 }).format(1.1),
      }),
    );
  });
});
