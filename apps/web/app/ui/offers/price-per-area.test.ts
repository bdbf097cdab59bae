import type { Currency, Locale } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { offerFixture } from '../../../test/fixtures/offers.ts';
import { toOfferCardView } from './offer-card-view.server.ts';
import { isNewOffer, NEW_OFFER_DAYS, offerBadges, pricePerAreaText } from './price-per-area.server.ts';

// Issue 39 point 12: the price per m² in the visitor's currency and locale, for sales with an
// area, and the "new" and "reduced" badges of cards.

const sale = (price: number | null, area: number | null, currency: Currency = 'CZK') => ({
  offer_type: 'sale' as const,
  price,
  price_variant: 'fixed' as const,
  useful_area_meters: area,
  currency_iso_code: currency,
});

/** Intl writes narrow no-break spaces and no-break spaces; the reader sees spaces. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('price per m²', () => {
  it('divides the shown price by the area, in the currency and the locale of the page', () => {
    expect(plain(pricePerAreaText(sale(8_400_000, 75), 'cs'))).toBe('112 000 Kč/m²');
    expect(plain(pricePerAreaText(sale(8_400_000, 75), 'en'))).toBe('CZK 112,000/m²');
    expect(plain(pricePerAreaText(sale(336_000, 75, 'EUR'), 'de'))).toBe('4.480 €/m²');
    expect(plain(pricePerAreaText(sale(336_000, 75, 'EUR'), 'fr'))).toBe('4 480 €/m²');
    // Arabic writes its own unit, as its area does ("75 م²").
    expect(pricePerAreaText(sale(8_400_000, 75), 'ar')).toContain('/م²');
    expect(pricePerAreaText(sale(8_400_000, 75), 'bg')).toContain('/м²');
  });

  it('rounds to whole units', () => {
    expect(plain(pricePerAreaText(sale(5_000_000, 61.5), 'cs'))).toBe('81 301 Kč/m²');
  });

  it('is left out for a rent, a price on request, no price and no area', () => {
    expect(pricePerAreaText({ ...sale(25_000, 60), offer_type: 'rent' }, 'cs')).toBeNull();
    expect(pricePerAreaText({ ...sale(5_000_000, 60), price_variant: 'on_request' }, 'cs')).toBeNull();
    expect(pricePerAreaText(sale(null, 60), 'cs')).toBeNull();
    expect(pricePerAreaText(sale(5_000_000, null), 'cs')).toBeNull();
    expect(pricePerAreaText(sale(5_000_000, 0), 'cs')).toBeNull();
  });

  it('shows on the card below the price', () => {
    const view = toOfferCardView(offerFixture({ price: 6_000_000, useful_area_meters: 80 }), 'cs', '');
    expect(plain(view.pricePerArea)).toBe('75 000 Kč/m²');
    const rent = toOfferCardView(offerFixture({ offer_type: 'rent', rent_price_period: 'month' }), 'cs', '');
    expect(rent.pricePerArea).toBeNull();
  });
});

describe('new and reduced badges', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

  it(`calls an offer new for ${NEW_OFFER_DAYS} days after its first publication`, () => {
    expect(isNewOffer(daysAgo(0.1), now)).toBe(true);
    expect(isNewOffer(daysAgo(NEW_OFFER_DAYS - 0.01), now)).toBe(true);
    expect(isNewOffer(daysAgo(NEW_OFFER_DAYS), now)).toBe(false);
    expect(isNewOffer(null, now)).toBe(false);
  });

  it('names the badges in the page locale, new first', () => {
    const both = { published_at: daysAgo(2), is_price_reduced: true };
    expect(offerBadges(both, 'cs', now)).toEqual([
      { kind: 'new', text: 'Novinka' },
      { kind: 'reduced', text: 'Zlevněno' },
    ]);
    expect(offerBadges(both, 'en', now).map((badge) => badge.text)).toEqual(['New', 'Price reduced']);
    expect(offerBadges({ published_at: daysAgo(30), is_price_reduced: false }, 'en', now)).toEqual([]);
  });

  it('puts them on the card beside the reserved badge', () => {
    const card = offerFixture({ published_at: daysAgo(40), is_price_reduced: true, is_reserved: true });
    const view = toOfferCardView(card, 'en', '', now);
    expect(view.badges.map((badge) => badge.kind)).toEqual(['reduced']);
    expect(view.stateBadge).toBe('Reserved');
    const fresh = toOfferCardView(offerFixture({ published_at: daysAgo(1) }), 'en' as Locale, '', now);
    expect(fresh.badges.map((badge) => badge.kind)).toEqual(['new']);
  });
});
