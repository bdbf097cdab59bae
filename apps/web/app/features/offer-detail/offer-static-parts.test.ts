import { createTranslator } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { offerDetailTexts } from './offer-detail-texts.server.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';
import { offerStaticParts, withoutStaticParts } from './offer-static-parts.server.tsx';

// The offer page's parts rendered by the server as they are (decision 055): what they show comes
// from the offer, every text escaped, and the page's data does not carry it a second time.

function partsOf(detail = offerDetailFixture, locale: 'cs' | 'en' = 'en') {
  const offer = toOfferDetailView(detail, locale, '');
  const parts = offerStaticParts({
    offer,
    t: createTranslator(locale),
    labels: offerDetailTexts(locale).labels,
    pointsOfInterest: [],
    viewingSlots: [{ id: 4, label: '5 January 2027, 17:00–18:00' }],
    sellerOffersLink: '3 offers of this seller',
    contactBar: {
      callHref: '/en/property/7?contact=1#contact',
      messageFieldId: 'message-name',
      texts: { label: 'Contact seller', call: 'Call', message: 'Message' },
    },
    priceContext: { view: null, action: '/en/property/7#price-context' },
    structuredData: '{"@type":"RealEstateListing","name":"Byt \\u003c/script\\u003e"}',
    staticMap: {
      src: '/map.svg',
      width: 640,
      height: 360,
      alt: 'Map',
      heading: 'Location',
      legend: [],
      offerLabel: 'This offer',
    },
  });
  return { offer, parts };
}

describe('offerStaticParts', () => {
  it('renders the offer heading, the energy label of its class, the seller and the contact bar', () => {
    const { parts } = partsOf({
      ...offerDetailFixture,
      penb: 'c' as typeof offerDetailFixture.penb,
      parameters: [{ key: 'offer.energy_rating', value: 'c', value_keys: ['value.energy_class.c'] }],
    });
    expect(parts.heading).toContain('<script type="application/ld+json">{"@type":"RealEstateListing"');
    expect(parts.heading).toContain('<h1>');
    expect(parts.heading).toContain('data-testid="offer-detail-price"');
    expect(parts.details).toMatch(/data-energy-class="c"/);
    expect(parts.seller).toContain('Jana Nováková');
    expect(parts.seller).toContain('href="#seller-offers"');
    expect(parts.viewings).toContain('5 January 2027, 17:00–18:00');
    expect(parts.contactBar).toContain('href="#message-name"');
    expect(parts.contactBar).toContain('href="/en/property/7?contact=1#contact"');
    expect(parts.staticMap).toContain('src="/map.svg"');
    // Nothing to show, nothing written.
    expect(parts.places).toBe('');
    expect(parts.floorPlans).toBe('');
  });

  it('escapes what sellers write', () => {
    const { parts } = partsOf({
      ...offerDetailFixture,
      creator: { ...offerDetailFixture.creator, display_name: '<img src=x onerror=alert(1)>' },
      description: 'Světlý byt </p><script>alert(1)</script>',
    });
    expect(parts.seller).not.toContain('<img src=x');
    expect(parts.seller).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(parts.description).not.toContain('<script>');
    expect(parts.description).toContain('&lt;script&gt;');
  });

  it('leaves what the parts show out of the offer the page still needs', () => {
    const { offer } = partsOf();
    const shown = withoutStaticParts(offer);
    expect(shown).not.toHaveProperty('facts');
    expect(shown).not.toHaveProperty('parameters');
    expect(shown).not.toHaveProperty('seller');
    expect(shown).toMatchObject({ id: 7, title: offer.title, photos: offer.photos });
  });
});
