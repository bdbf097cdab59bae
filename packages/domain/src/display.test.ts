import { translateDynamic } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  layoutFromRooms,
  layoutMessage,
  offerHeading,
  offerParameters,
  userDisplayName,
  valueMessageKey,
} from './display.ts';
import type { Locale } from './locales.ts';
import { DISPOSITIONS, type Disposition, type RoomType } from './value-sets.ts';

describe('layoutFromRooms (spec 3)', () => {
  it.each<[RoomType[], string | null]>([
    [['living_room', 'bedroom', 'bedroom', 'bathroom', 'toilet'], '3+KK'],
    [['living_room', 'bedroom', 'kitchen', 'bathroom'], '2+1'],
    [['living_room', 'kitchen', 'kitchen', 'bedroom', 'kids_room'], '3+2'],
    [['living_room'], '1+KK'],
    [['living_room', 'balcony', 'cellar', 'kitchen'], '3+1'],
    [['kitchen', 'bathroom', 'toilet'], null],
    [[], null],
  ])('%j -> %s', (rooms, layout) => {
    expect(layoutFromRooms(rooms)).toBe(layout);
  });

  it('counts every room type except kitchen, bathroom and toilet', () => {
    const counted: RoomType[] = [
      'living_room',
      'bedroom',
      'kids_room',
      'chamber',
      'balcony',
      'terrace',
      'cloakroom',
      'cellar',
      'canteen',
    ];
    expect(layoutFromRooms([...counted, 'bathroom', 'toilet', 'kitchen'])).toBe(`${counted.length}+1`);
  });

  it('handles a missing list', () => {
    expect(layoutFromRooms(null)).toBeNull();
    expect(layoutFromRooms(undefined)).toBeNull();
  });
});

describe('formatAddress (spec 3)', () => {
  it('joins street and city with a comma, skipping missing parts', () => {
    expect(formatAddress({ street: 'Vinohradská 12', city: 'Praha' })).toBe('Vinohradská 12, Praha');
    expect(formatAddress({ street: null, city: 'Praha' })).toBe('Praha');
    expect(formatAddress({ street: '  ', city: 'Brno ' })).toBe('Brno');
    expect(formatAddress({ street: 'Main St' })).toBe('Main St');
    expect(formatAddress({})).toBe('');
  });
});

describe('userDisplayName (spec 3)', () => {
  it('uses first and last name when both exist, else the e-mail', () => {
    expect(userDisplayName({ firstName: 'Jana', lastName: 'Nováková', email: 'j@example.test' })).toBe(
      'Jana Nováková',
    );
    expect(userDisplayName({ firstName: 'Jana', lastName: null, email: 'j@example.test' })).toBe(
      'j@example.test',
    );
    expect(userDisplayName({ firstName: ' ', lastName: 'Nováková', email: 'j@example.test' })).toBe(
      'j@example.test',
    );
    expect(userDisplayName({ email: 'j@example.test' })).toBe('j@example.test');
    expect(userDisplayName({ firstName: ' Jana ', lastName: ' Nová ', email: 'x' })).toBe('Jana Nová');
  });
});

describe('offerParameters (spec 3)', () => {
  it('lists ownership, state, energy rating, construction, heating, furnishings and floor in order', () => {
    expect(
      offerParameters({
        floor: 3,
        total_floors: 5,
        furnishings: 'partially_equipped',
        type_of_heating: ['gas', 'floor'],
        type_of_building: 'brick',
        penb: 'b',
        reconstruction: 'after_reconstruction',
        ownership: 'personal',
      }),
    ).toEqual([
      { key: 'offer.ownership', value: 'personal', valueKeys: ['value.ownership.personal'] },
      {
        key: 'offer.state',
        value: 'after_reconstruction',
        valueKeys: ['value.reconstruction.after_reconstruction'],
      },
      { key: 'offer.energy_rating', value: 'b', valueKeys: ['value.energy_class.b'] },
      { key: 'offer.construction', value: 'brick', valueKeys: ['value.building_type.brick'] },
      { key: 'offer.heating', value: 'gas, floor', valueKeys: ['value.heating.gas', 'value.heating.floor'] },
      {
        key: 'offer.furnishing',
        value: 'partially_equipped',
        valueKeys: ['value.furnishing.partially_equipped'],
      },
      { key: 'offer.floor_label', value: '3/5', valueKeys: [] },
    ]);
  });

  it('leaves out unknown values and shows a floor without total as is', () => {
    expect(offerParameters({ ownership: null, type_of_heating: [], floor: 0 })).toEqual([
      { key: 'offer.floor_label', value: '0', valueKeys: [] },
    ]);
    expect(offerParameters({ floor: -1, total_floors: 4 })).toEqual([
      { key: 'offer.floor_label', value: '-1/4', valueKeys: [] },
    ]);
    expect(offerParameters({ total_floors: 4 })).toEqual([]);
    expect(offerParameters({})).toEqual([]);
  });

  it('drops repeated values', () => {
    expect(offerParameters({ furnishings: ['equipped', 'equipped'] })[0]?.valueKeys).toEqual([
      'value.furnishing.equipped',
    ]);
  });

  it('builds value keys in the catalog scheme', () => {
    expect(valueMessageKey('heating', 'heat_pump')).toBe('value.heating.heat_pump');
  });
});

// Issue 38 point 5: the title names the layout the seller chose, in the reader's words. The rooms
// give the kitchen part (3+KK from the list: living room, two bedrooms, no kitchen).
describe('offerHeading: the layout in translated words (spec 3)', () => {
  const t = (locale: Locale) => (key: string, values?: Record<string, string | number>) =>
    translateDynamic(locale, key, values);
  const apartment = (disposition: Disposition | null, layout: string | null) => ({
    offer_type: 'sale',
    property_type: 'apartment',
    disposition,
    layout,
  });
  const kk = layoutFromRooms(['living_room', 'bedroom', 'bedroom', 'bathroom']);
  const withKitchen = layoutFromRooms(['living_room', 'bedroom', 'kitchen', 'bathroom']);

  const expected: Record<Disposition, Record<'cs' | 'en' | 'ar', string>> = {
    '1': {
      cs: 'Prodej bytu 1+kk, 75 m²',
      en: 'Apartment for sale, 1 room + kitchenette, 75 m²',
      ar: 'شقة للبيع، غرفة واحدة مع مطبخ مفتوح، 75 م²',
    },
    '2': {
      cs: 'Prodej bytu 2+kk, 75 m²',
      en: 'Apartment for sale, 2 rooms + kitchenette, 75 m²',
      ar: 'شقة للبيع، غرفتان مع مطبخ مفتوح، 75 م²',
    },
    '3': {
      cs: 'Prodej bytu 3+kk, 75 m²',
      en: 'Apartment for sale, 3 rooms + kitchenette, 75 m²',
      ar: 'شقة للبيع، 3 غرف مع مطبخ مفتوح، 75 م²',
    },
    '4': {
      cs: 'Prodej bytu 4+kk, 75 m²',
      en: 'Apartment for sale, 4 rooms + kitchenette, 75 m²',
      ar: 'شقة للبيع، 4 غرف مع مطبخ مفتوح، 75 م²',
    },
    '5': {
      cs: 'Prodej bytu 5+kk, 75 m²',
      en: 'Apartment for sale, 5 rooms + kitchenette, 75 m²',
      ar: 'شقة للبيع، 5 غرف مع مطبخ مفتوح، 75 م²',
    },
    '6+': {
      cs: 'Prodej bytu 6+kk, 75 m²',
      en: 'Apartment for sale, 6 rooms + kitchenette, 75 m²',
      ar: 'شقة للبيع، 6 غرف مع مطبخ مفتوح، 75 م²',
    },
    maisonette: {
      cs: 'Prodej bytu mezonet, 75 m²',
      en: 'Apartment for sale, maisonette, 75 m²',
      ar: 'شقة للبيع، دوبلكس، 75 م²',
    },
    atypical: {
      cs: 'Prodej bytu atypický, 75 m²',
      en: 'Apartment for sale, atypical layout, 75 m²',
      ar: 'شقة للبيع، توزيع غير تقليدي، 75 م²',
    },
  };
  const area = { cs: '75 m²', en: '75 m²', ar: '75 م²' } as const;

  it('covers every disposition value', () => {
    expect(Object.keys(expected).sort()).toEqual([...DISPOSITIONS].sort());
  });

  for (const disposition of DISPOSITIONS) {
    for (const locale of ['cs', 'en', 'ar'] as const) {
      it(`${disposition} in ${locale}`, () => {
        const title = offerHeading(apartment(disposition, kk), area[locale], t(locale));
        expect(title).toBe(expected[disposition][locale]);
        // Never the derived code of the room list ("3+KK"): the reader's words.
        expect(title).not.toMatch(/\+KK/);
      });
    }
  }

  it('takes a separate kitchen from the room list: 3+1', () => {
    expect(offerHeading(apartment('3', withKitchen), null, t('cs'))).toBe('Prodej bytu 3+1');
    expect(offerHeading(apartment('3', withKitchen), null, t('en'))).toBe(
      'Apartment for sale, 3 rooms + kitchen',
    );
    expect(offerHeading(apartment('2', withKitchen), null, t('ar'))).toBe('شقة للبيع، غرفتان ومطبخ');
  });

  it('names the rooms alone when the room list is empty, and the layout of the rooms when no disposition', () => {
    expect(offerHeading(apartment('3', null), null, t('cs'))).toBe('Prodej bytu 3 pokoje');
    expect(offerHeading(apartment('6+', null), null, t('en'))).toBe('Apartment for sale, 6 or more rooms');
    expect(offerHeading(apartment(null, '2+KK'), null, t('cs'))).toBe('Prodej bytu 2+kk');
  });

  it('has no layout part without a layout', () => {
    expect(layoutMessage({ disposition: null, layout: null })).toBeNull();
    expect(offerHeading(apartment(null, null), '75 m²', t('cs'))).toBe('Prodej bytu, 75 m²');
    expect(offerHeading(apartment(null, null), null, t('en'))).toBe('Apartment for sale');
  });
});
