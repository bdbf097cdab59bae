import type { OfferDetail } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';

// Issue 38 point 3: a confirmed e-mail, a verified seller and a listing an admin verified are
// three facts; the view carries each on its own, and none stands in for another.

const base: OfferDetail = offerDetailFixture;

const view = (offer: OfferDetail) => toOfferDetailView(offer, 'cs', 'https://api.example.test');

describe('offer detail badges', () => {
  it('a just-published offer of a seller with a confirmed e-mail is not a verified listing', () => {
    const detail = view(base);
    expect(detail.verified).toBe(false);
    expect(detail.seller.verified).toBe(false);
    expect(detail.seller.emailVerified).toBe(true);
  });

  it('an unconfirmed e-mail shows no badge at all', () => {
    const detail = view({ ...base, creator: { ...base.creator, email_verified: false } });
    expect([detail.verified, detail.seller.verified, detail.seller.emailVerified]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('the listing is verified only when an admin verified the offer', () => {
    const detail = view({ ...base, is_verified: true, creator: { ...base.creator, email_verified: false } });
    expect(detail.verified).toBe(true);
    expect(detail.seller.verified).toBe(false);
  });

  it('a verified seller is the seller’s fact, not the listing’s', () => {
    const detail = view({
      ...base,
      seller: {
        id: 9,
        seller_type: 'agency',
        name: 'Reality Brno',
        website: null,
        logo_url: null,
        country_code: 'CZ',
        rating: null,
        rating_count: 0,
        trust_score: 0,
        is_verified: true,
      },
    });
    expect(detail.seller.verified).toBe(true);
    expect(detail.verified).toBe(false);
  });

  it('the three badges have three different labels', () => {
    for (const locale of ['cs', 'en', 'ar'] as const) {
      const labels = new Set(
        (['offer.verified', 'offer.seller_verified', 'offer.email_verified'] as const).map((key) =>
          translate(locale, key),
        ),
      );
      expect(labels.size, locale).toBe(3);
    }
    expect(translate('cs', 'offer.verified')).toBe('Ověřený inzerát');
    expect(translate('cs', 'offer.email_verified')).toBe('Ověřený e-mail');
  });
});

// Issue 38 point 5: the page's title and layout fact name the layout the seller chose, in the
// reader's words; the derived code ("3+KK") and the raw value ("maisonette") never show.
describe('offer detail title', () => {
  const sized = { ...base, useful_area_meters: 75 };
  const title = (offer: OfferDetail, locale: 'cs' | 'en' | 'ar') =>
    toOfferDetailView(offer, locale, '').title;

  it('reads "Prodej bytu 3+kk, 75 m²" and "Apartment for sale, 3 rooms + kitchenette, 75 m²"', () => {
    const offer = { ...sized, disposition: '3' as const, layout: '3+KK' };
    expect(title(offer, 'cs')).toBe('Prodej bytu 3+kk, 75 m²');
    expect(title(offer, 'en')).toBe('Apartment for sale, 3 rooms + kitchenette, 75 m²');
    expect(title(offer, 'ar')).toBe('شقة للبيع، 3 غرف مع مطبخ مفتوح، 75 م²');
    const layoutFact = toOfferDetailView(offer, 'cs', '').facts.find(
      (fact) => fact.label === translate('cs', 'offer.layout'),
    );
    expect(layoutFact?.value).toBe('3+kk');
  });

  it('a maisonette is its own word, not the layout of its rooms', () => {
    const offer = { ...sized, disposition: 'maisonette' as const, layout: '3+KK' };
    expect(title(offer, 'cs')).toBe('Prodej bytu mezonet, 75 m²');
    expect(title(offer, 'en')).toBe('Apartment for sale, maisonette, 75 m²');
    expect(title(offer, 'ar')).toBe('شقة للبيع، دوبلكس، 75 م²');
    expect(toOfferDetailView(offer, 'en', '').facts.map((fact) => fact.value)).not.toContain('3+KK');
  });

  it('an apartment with no layout has no layout part', () => {
    expect(title(base, 'cs')).toBe('Prodej bytu');
    expect(title(sized, 'en')).toBe('Apartment for sale, 75 m²');
  });
});
