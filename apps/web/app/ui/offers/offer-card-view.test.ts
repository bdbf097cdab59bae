import { type OfferCard, OfferCardSchema } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { toOfferCardView } from './offer-card-view.server.ts';

// Issue 38 point 5: a card's title names the layout the seller chose in the reader's words:
// "Prodej bytu 3+kk, 75 m²", never "3+KK" for a maisonette nor the raw value.

const card = (overrides: Partial<OfferCard>): OfferCard =>
  OfferCardSchema.parse({
    id: 5,
    activated_at: '2026-11-20T10:00:00.000Z',
    published_at: '2026-11-20T10:00:00.000Z',
    offer_type: 'sale',
    property_type: 'apartment',
    price: 6_490_000,
    currency_iso_code: 'CZK',
    original_price: 6_490_000,
    original_currency_iso_code: 'CZK',
    price_variant: 'fixed',
    rent_price_period: null,
    disposition: '3',
    layout: '3+KK',
    useful_area_meters: 75,
    street: 'Korunní',
    city: 'Praha',
    city_part: null,
    country_code: 'CZ',
    latitude: 50.0755,
    longitude: 14.4378,
    locale: 'cs',
    seller_type: 'private',
    is_verified: false,
    is_top_offer: false,
    is_reserved: false,
    is_price_reduced: false,
    price_reduced_percent: null,
    not_confirmed_recently: false,
    property_group: null,
    photos_count: 0,
    main_photo: null,
    ...overrides,
  });

const title = (offer: OfferCard, locale: 'cs' | 'en' | 'ar') => toOfferCardView(offer, locale, '').title;

describe('offer card title', () => {
  it('names rooms and kitchenette in each locale', () => {
    expect(title(card({}), 'cs')).toBe('Prodej bytu 3+kk, 75 m²');
    expect(title(card({}), 'en')).toBe('Apartment for sale, 3 rooms + kitchenette, 75 m²');
    expect(title(card({}), 'ar')).toBe('شقة للبيع، 3 غرف مع مطبخ مفتوح، 75 م²');
    expect(title(card({ disposition: '2', layout: '2+1', offer_type: 'rent' }), 'cs')).toBe(
      'Pronájem bytu 2+1, 75 m²',
    );
  });

  it('a maisonette or an atypical layout reads as its own word', () => {
    expect(title(card({ disposition: 'maisonette' }), 'cs')).toBe('Prodej bytu mezonet, 75 m²');
    expect(title(card({ disposition: 'maisonette' }), 'en')).toBe('Apartment for sale, maisonette, 75 m²');
    expect(title(card({ disposition: 'atypical' }), 'en')).toBe('Apartment for sale, atypical layout, 75 m²');
    expect(toOfferCardView(card({ disposition: 'maisonette' }), 'cs', '').layout).toBe('mezonet');
  });

  it('an apartment with no layout has no layout part', () => {
    expect(title(card({ disposition: null, layout: null }), 'cs')).toBe('Prodej bytu, 75 m²');
    expect(title(card({ disposition: null, layout: null, useful_area_meters: null }), 'en')).toBe(
      'Apartment for sale',
    );
  });
});

describe('the card of a group of offers of one property (decision 068)', () => {
  const group = (overrides: Partial<OfferCard>, locale: 'cs' | 'en') =>
    toOfferCardView(card(overrides), locale, '').group?.replace(/[\u00a0\u202f]/g, ' ');

  it('says how many sellers offer it, from its own price, the group’s lowest', () => {
    expect(group({ property_group: { offers: 3, sellers: 3 } }, 'cs')).toBe(
      'Nabízejí 3 prodejci, od 6 490 000 Kč',
    );
    expect(group({ property_group: { offers: 5, sellers: 5 } }, 'en')).toBe(
      'Offered by 5 sellers, from CZK 6,490,000',
    );
  });

  it('counts offers when one seller posted the property twice, and says nothing for an offer alone', () => {
    expect(group({ property_group: { offers: 2, sellers: 1 } }, 'en')).toBe(
      '2 offers of this property, from CZK 6,490,000',
    );
    expect(toOfferCardView(card({}), 'en', '').group).toBeNull();
  });
});
