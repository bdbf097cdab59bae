import { createTranslator } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { previewPrice, problemsOf } from './editor.server.ts';

// Issue 38 defect 9: the preview says "price on request" only when the seller chose it, an empty
// price is a missing item, and a missing photo is listed with the other missing items, linked
// to the photos step.

const t = createTranslator('en');

describe('preview price', () => {
  it('is a missing item when there is no price and "on request" was not chosen', () => {
    const shown = previewPrice(
      { price: null, price_variant: 'negotiable', currency_iso_code: 'CZK' },
      t,
      'en',
    );
    expect(shown).toBe(t('editor.price_missing'));
    expect(shown).not.toBe(t('offer.price_on_request'));
  });

  it('is "price on request" when the seller chose that variant', () => {
    expect(
      previewPrice({ price: null, price_variant: 'on_request', currency_iso_code: 'CZK' }, t, 'en'),
    ).toBe(t('offer.price_on_request'));
  });

  it('is the formatted price otherwise', () => {
    expect(
      previewPrice({ price: 5_400_000, price_variant: 'negotiable', currency_iso_code: 'CZK' }, t, 'en'),
    ).toMatch(/5,400,000/);
  });
});

describe('what publishing still needs', () => {
  it('names a missing photo by its step and links to the photos step', () => {
    const [photos] = problemsOf({ photos: ['validation.photo_required'] }, [], t, 'en', 12);
    expect(photos).toMatchObject({ field: 'photos', label: t('editor.step.photos'), step: 'photos' });
    expect(photos?.href).toMatch(/\/12\?step=photos$/);
  });
});
