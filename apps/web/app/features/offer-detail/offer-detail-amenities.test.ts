import { type OfferDetail, OfferDetailSchema, OTHER_PARAMS } from '@estately/domain';
import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { toOfferDetailView } from './offer-detail-view.server.ts';

// Issue 38 defect 9: every amenity the editor offers (the other_params checkboxes: lift,
// loggia...) shows on the offer page when ticked; the seller without a name reads as a
// "private seller" in the page's language, never the label "Seller".

// Read through the contract, so the fixture stays a valid answer of GET /public/offers/{id}.
const base: OfferDetail = OfferDetailSchema.parse({
  id: 7,
  activated_at: '2026-11-01T10:00:00.000Z',
  city: 'Brno',
  city_part: null,
  country_code: 'CZ',
  currency_iso_code: 'CZK',
  original_currency_iso_code: 'CZK',
  original_price: 4_500_000,
  price: 4_500_000,
  price_variant: 'fixed',
  disposition: null,
  flat_settings: null,
  is_top_offer: false,
  top_offer_mutations: [],
  latitude: 49.19,
  longitude: 16.61,
  locale: 'cs',
  offer_types: ['sale'],
  offer_type: 'sale',
  property_type: 'apartment',
  street: 'Vinohradská 12',
  zip: null,
  useful_area: null,
  useful_area_meters: null,
  useful_area_units: 'm2',
  bathroom: null,
  description: null,
  floor: null,
  total_floors: null,
  free_from_date: null,
  furnishings: null,
  minimum_rental_period: null,
  number_of_parking_places: null,
  other_params: [],
  ownership: null,
  parking: null,
  penb: 'unknown',
  reconstruction: null,
  rent_price_period: null,
  room: [],
  type_of_building: null,
  type_of_heating: null,
  year_built: null,
  tags: [],
  // The offer's state (decision 042), where the contract has it.
  state: 'active',
  state_changed_at: null,
  is_verified: false,
  has_floor_plan: false,
  seller_type: 'private',
  photos: [],
  creator: {
    id: 3,
    account_type: 'person',
    display_name: 'Jana Nováková',
    email_verified: true,
    profile_picture_url: null,
    member_since: '2026-10-01T00:00:00.000Z',
  },
  seller: null,
  layout: null,
  address: 'Vinohradská 12, Brno',
  parameters: [],
});

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
