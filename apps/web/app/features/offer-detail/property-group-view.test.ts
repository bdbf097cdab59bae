import { describe, expect, it } from 'vitest';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { propertyGroupView } from './property-group-view.server.ts';

// The offer page's list of every offer of the same property (decision 068).

const price = (amount: number | null) => `${amount} CZK`;

describe('propertyGroupView', () => {
  it('lists every offer with its seller and price, links the others, and marks this one', () => {
    const view = propertyGroupView(
      {
        ...offerDetailFixture,
        property_group: [
          {
            id: 9,
            price: 4_400_000,
            original_price: 4_400_000,
            original_currency_iso_code: 'CZK',
            seller_name: 'Jana Nováková',
            seller_type: 'private',
          },
          {
            id: offerDetailFixture.id,
            price: 4_500_000,
            original_price: 4_500_000,
            original_currency_iso_code: 'CZK',
            seller_name: null,
            seller_type: 'agency',
          },
        ],
      },
      'en',
      price,
    );
    expect(view?.heading).toBe('All offers of this property');
    expect(view?.offers).toEqual([
      { id: 9, href: '/en/property/9', seller: 'Jana Nováková', price: '4400000 CZK', current: null },
      {
        id: offerDetailFixture.id,
        href: null,
        seller: 'Real estate agency',
        price: '4500000 CZK',
        current: 'this offer',
      },
    ]);
  });

  it('shows nothing for an offer alone', () => {
    expect(propertyGroupView(offerDetailFixture, 'en', price)).toBeNull();
  });
});
