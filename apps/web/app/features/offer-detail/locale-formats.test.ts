import type { OfferCard, OfferDetail } from '@estately/domain';
import { OfferCardSchema } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';
import { offerStructuredData } from './structured-data.server.ts';

// Issue 39 point 18 (the locale review's X3 and X4) and point 8 on the offer page and cards:
// numbers in the locale's format, converted prices rounded, the layout in the locale's words.

/** Without the invisible direction marks and the narrow spaces the formats put around numbers. */
const plain = (text: string | null) =>
  (text ?? '').replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

const rated: OfferDetail = {
  ...offerDetailFixture,
  seller: {
    id: 9,
    seller_type: 'agency',
    name: 'Reality Brno',
    website: null,
    logo_url: null,
    country_code: 'CZ',
    rating: 4.7,
    rating_count: 12,
    trust_score: 0,
    is_verified: false,
  },
};

describe('seller rating', () => {
  it('uses the locale’s decimal separator', () => {
    const rating = (locale: 'pl' | 'de' | 'en' | 'cs') =>
      plain(toOfferDetailView(rated, locale, '').seller.rating);
    expect(rating('pl')).toContain('4,7');
    expect(rating('de')).toContain('4,7');
    expect(rating('cs')).toContain('4,7');
    expect(rating('en')).toContain('4.7');
    expect(rating('pl')).not.toContain('4.7');
  });

  it('keeps one decimal for a whole rating', () => {
    const whole = { ...rated, seller: { ...rated.seller!, rating: 5 } };
    expect(plain(toOfferDetailView(whole, 'pl', '').seller.rating)).toContain('5,0');
  });
});

describe('converted prices', () => {
  // 8 040 000 CZK shown in euros: 330 864.2 EUR from the rates.
  const converted: OfferDetail = {
    ...offerDetailFixture,
    price: 330_864.2,
    currency_iso_code: 'EUR',
    original_price: 8_040_000,
    original_currency_iso_code: 'CZK',
  };

  it('shows a converted price to three significant figures and the seller’s price exactly', () => {
    const view = toOfferDetailView(converted, 'en', '');
    expect(plain(view.price)).toBe('€331,000');
    expect(plain(view.originalPrice)).toContain('CZK 8,040,000');
    expect(plain(toOfferDetailView(converted, 'cs', '').price)).toBe('331 000 €');
  });

  it('shows a price in the seller’s own currency to the unit', () => {
    const own = { ...offerDetailFixture, price: 8_046_713, original_price: 8_046_713 };
    expect(plain(toOfferDetailView(own, 'cs', '').price)).toBe('8 046 713 Kč');
  });

  const card = (overrides: Partial<OfferCard>): OfferCard =>
    OfferCardSchema.parse({
      id: 5,
      activated_at: '2026-11-20T10:00:00.000Z',
      published_at: '2026-11-20T10:00:00.000Z',
      is_price_reduced: false,
      price_reduced_percent: null,
      not_confirmed_recently: false,
      property_group: null,
      offer_type: 'sale',
      property_type: 'apartment',
      price: 2_118_243.4,
      currency_iso_code: 'AED',
      original_price: 8_500_000,
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
      photos_count: 0,
      main_photo: null,
      ...overrides,
    });

  it('rounds a converted price on the cards too (the list and the map’s cards)', () => {
    const price = plain(toOfferCardView(card({}), 'ar', '').price);
    expect(price).toContain('2,120,000');
    expect(price).not.toContain('2,118,243');
    const own = card({ price: 8_500_000, currency_iso_code: 'CZK' });
    expect(plain(toOfferCardView(own, 'cs', '').price)).toBe('8 500 000 Kč');
    // A rent of a few hundred euros stays exact to the euro.
    const rent = card({ offer_type: 'rent', price: 823.4, currency_iso_code: 'EUR', original_price: 20_000 });
    expect(plain(toOfferCardView(rent, 'en', '').price)).toContain('€823');
  });
});

describe('layout on the offer page', () => {
  const offer: OfferDetail = {
    ...offerDetailFixture,
    disposition: '2',
    layout: '2+1',
    room: ['living_room', 'bedroom', 'kitchen', 'bathroom', 'toilet'],
    useful_area_meters: 54,
  };
  const layoutFact = (locale: 'tr' | 'pt' | 'it' | 'el-GR') =>
    toOfferDetailView(offer, locale, '').facts[0]?.value;

  it('names the layout in the locale’s convention, never the Czech code', () => {
    expect(layoutFact('tr')).toBe('2 oda ve mutfak');
    expect(layoutFact('pt')).toBe('T1');
    expect(layoutFact('it')).toBe('bilocale con cucina abitabile');
    expect(toOfferDetailView(offer, 'el-GR', '').title).toBe(
      'Διαμέρισμα προς πώληση, 2 δωμάτια + κουζίνα, 54 τ.μ.',
    );
  });

  it('gives search engines the layout’s room count, not the length of the room list', () => {
    const data = JSON.parse(
      offerStructuredData(offer, { url: 'https://example.test/o/7', title: 't', photos: [] }),
    );
    expect(data.about.numberOfRooms).toBe(2);
    const unknown = JSON.parse(
      offerStructuredData(
        { ...offer, disposition: null, layout: null },
        { url: 'u', title: 't', photos: [] },
      ),
    );
    expect(unknown.about.numberOfRooms).toBeUndefined();
  });
});
