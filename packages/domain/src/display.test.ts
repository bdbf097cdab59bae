import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  layoutFromRooms,
  offerParameters,
  userDisplayName,
  valueMessageKey,
} from './display.ts';
import type { RoomType } from './value-sets.ts';

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
