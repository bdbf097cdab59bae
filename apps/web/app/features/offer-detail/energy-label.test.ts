import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EnergyLabel } from './energy-label.tsx';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { toOfferDetailView } from './offer-detail-view.server.ts';

// Issue 39 point 14: the energy rating drawn as the EU label's A-G scale with the offer's class
// marked, and said in words for screen readers.

/** The offer page's view of the fixture with the given energy class (parameters as the API derives them). */
function viewWithClass(penb: string, locale: 'cs' | 'en' | 'ar' = 'en') {
  return toOfferDetailView(
    {
      ...offerDetailFixture,
      penb: penb as typeof offerDetailFixture.penb,
      parameters: [
        { key: 'offer.ownership', value: 'personal', value_keys: ['value.ownership.personal'] },
        { key: 'offer.energy_rating', value: penb, value_keys: [`value.energy_class.${penb}`] },
      ],
    },
    locale,
    '',
  );
}

function energyOf(view: ReturnType<typeof viewWithClass>) {
  return view.parameters.find((parameter) => parameter.energy)?.energy;
}

describe('energy label', () => {
  it('marks the offer class and only that one, on a scale of seven bars', () => {
    for (const energyClass of ['a', 'c', 'g'] as const) {
      const label = energyOf(viewWithClass(energyClass));
      expect(label?.energyClass).toBe(energyClass);
      const html = renderToStaticMarkup(createElement(EnergyLabel, { label: label! }));
      expect(html.match(/energy-label__bar--[a-g]/g)).toHaveLength(7);
      const marked = [
        ...html.matchAll(/<li class="energy-label__row energy-label__row--current"[^>]*>(.*?)<\/li>/g),
      ];
      expect(marked).toHaveLength(1);
      expect(marked[0]?.[1]).toContain(`energy-label__bar--${energyClass}`);
      expect(marked[0]?.[1]).toContain(
        `<span class="energy-label__marker">${energyClass.toUpperCase()}</span>`,
      );
    }
  });

  it('says the class in words in the page locale, the picture hidden from screen readers', () => {
    const en = energyOf(viewWithClass('c'));
    expect(en?.text).toBe('Energy class C (scale A to G)');
    expect(energyOf(viewWithClass('b', 'cs'))?.text).toBe('Energetická třída B (stupnice A až G)');
    expect(energyOf(viewWithClass('d', 'ar'))?.text).toContain('D');
    const html = renderToStaticMarkup(createElement(EnergyLabel, { label: en! }));
    expect(html).toContain('<span class="visually-hidden">Energy class C (scale A to G)</span>');
    expect(html).toContain('<ol class="energy-label__scale" aria-hidden="true">');
  });

  it('draws nothing for an unknown class, and keeps the other parameters as text', () => {
    const view = viewWithClass('unknown');
    expect(energyOf(view)).toBeUndefined();
    expect(view.parameters[0]?.energy).toBeUndefined();
  });
});
