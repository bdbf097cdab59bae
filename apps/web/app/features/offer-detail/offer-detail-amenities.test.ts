import { type OfferDetail, OTHER_PARAMS } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';

// Issue 38 defect 9: every amenity the editor offers (the other_params checkboxes: lift,
// loggia...) shows on the offer page when ticked; the seller without a name reads as a
// "private seller" in the page's language, never the label "Seller".

const base: OfferDetail = offerDetailFixture;

const view = (offer: OfferDetail, locale: 'cs' | 'en' = 'cs') =>
  toOfferDetailView(offer, locale, 'https://api.example.test');

describe('offer detail amenities', () => {
  it('shows a ticked lift', () => {
    expect(view({ ...base, other_params: ['lift'] }).amenities).toEqual(['Výtah']);
  });

  it('shows every amenity the editor offers, in the page language', () => {
    const detail = view({ ...base, other_params: [...OTHER_PARAMS] }, 'en');
    expect(detail.amenities).toEqual(
      OTHER_PARAMS.map((param) => translate('en', `value.other_param.${param}`)),
    );
    expect(detail.amenities).toContain('Elevator');
  });

  it('shows none when none is ticked', () => {
    expect(view(base).amenities).toEqual([]);
  });
});

describe('seller name', () => {
  it('is the account display name when there is one', () => {
    expect(view(base).seller.name).toBe('Jana Nováková');
  });

  it('is a translated "private seller" before the profile has a name, never "Seller"', () => {
    const unnamed = { ...base, creator: { ...base.creator, display_name: null } };
    expect(view(unnamed, 'en').seller.name).toBe('Private seller');
    expect(view(unnamed, 'cs').seller.name).toBe(translate('cs', 'value.seller_type.private'));
    expect(view(unnamed, 'cs').seller.name).not.toBe(translate('cs', 'offer.seller'));
  });
});
