import { DEFAULT_RATES } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { isPublicProperty, type ProjectedProperty, projectOfferRow } from './offer-projection.ts';

const activatedAt = new Date('2026-03-01T10:00:00Z');

function property(values: Partial<ProjectedProperty> = {}): ProjectedProperty {
  return {
    id: 7,
    ownerId: 3,
    state: 'active',
    offerType: 'sale',
    propertyType: 'apartment',
    price: 200_000,
    currency: 'EUR',
    disposition: '3',
    rooms: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom', 'balcony'],
    usefulAreaMeters: 74,
    street: 'Vinohradská 12',
    city: 'Praha',
    cityPart: 'Vinohrady',
    countryCode: 'CZ',
    locationId: 30,
    latitude: 50.0755,
    longitude: 14.4378,
    publishedAt: activatedAt,
    activatedAt,
    ...values,
  };
}

describe('projectOfferRow', () => {
  it('flattens the property, its seller, photos and place into the read-model row', () => {
    const rates = { base: 'CZK' as const, rates: { ...DEFAULT_RATES.rates, EUR: 25 } };
    const row = projectOfferRow(
      property(),
      { id: 9, sellerType: 'agency', rating: 4.5, trustScore: 80 },
      rates,
      {
        photos: {
          count: 4,
          main: { id: 11, variants: { thumb: 't', card: 'c', gallery: 'g', full: 'f' }, roomType: 'kitchen' },
        },
        locationPath: [30, 20, 1],
      },
    );
    expect(row).toMatchObject({
      id: 7,
      isPublic: true,
      ownerId: 3,
      sellerId: 9,
      sellerType: 'agency',
      sellerRating: 4.5,
      sellerTrustScore: 80,
      price: 200_000,
      currency: 'EUR',
      priceNormalized: 5_000_000,
      // Balcony counts as a room (spec 3); the kitchen is separate.
      layout: '4+1',
      roomTypes: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom', 'balcony'],
      penb: 'unknown',
      priceVariant: 'fixed',
      locationPath: [30, 20, 1],
      searchText: 'vinohradska 12 vinohrady praha',
      photosCount: 4,
      mainPhotoId: 11,
      mainPhotoRoomType: 'kitchen',
      activatedAt,
    });
  });

  it('makes a private owner without a seller record a private seller', () => {
    const row = projectOfferRow(property({ sellerId: null, price: null }), null);
    expect(row).toMatchObject({
      sellerId: null,
      sellerType: 'private',
      sellerRating: null,
      price: null,
      priceNormalized: null,
    });
  });

  it('marks paused, struck and never-activated properties as not public', () => {
    expect(projectOfferRow(property({ state: 'paused' }), null).isPublic).toBe(false);
    expect(projectOfferRow(property({ struckAt: new Date() }), null).isPublic).toBe(false);
    expect(isPublicProperty({ state: 'active', struckAt: null, activatedAt: null })).toBe(false);
    expect(isPublicProperty({ state: 'active', struckAt: null, activatedAt })).toBe(true);
  });
});
