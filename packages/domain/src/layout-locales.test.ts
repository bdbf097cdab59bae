import { translateDynamic } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { layoutFromRooms, layoutMessage, offerHeading } from './display.ts';
import { LOCALES, type Locale } from './locales.ts';

// Issue 39 point 8: the layout in the visitor's convention. Only Czech and Slovak write the
// "2+kk" code; Turkish reads "2+1" as two bedrooms and a living room, so it (like every other
// locale) names rooms in words; Portuguese writes its own typology (T1, T2).

const t = (locale: Locale) => (key: string, values?: Record<string, string | number>) =>
  translateDynamic(locale, key, values);
const CODE_WRITERS: readonly Locale[] = ['cs', 'sk'];
const CZECH_CODE = /\d\s*\+\s*(kk|\d)/i;

const kitchenette = layoutFromRooms(['living_room', 'bedroom', 'bathroom']); // 2+KK
const kitchen = layoutFromRooms(['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom']); // 3+1
const apartment = (disposition: string | null, layout: string | null) => ({
  offer_type: 'sale',
  property_type: 'apartment',
  disposition,
  layout,
});

describe('layout notation per locale', () => {
  it.each(LOCALES.filter((locale) => !CODE_WRITERS.includes(locale)))(
    '%s names the layout in words, never the Czech code',
    (locale) => {
      for (const offer of [
        apartment('2', kitchenette),
        apartment('3', kitchen),
        apartment(null, '2+KK'),
        apartment(null, '5+1'),
        apartment('6+', '7+1'),
      ]) {
        const title = offerHeading(offer, null, t(locale));
        expect(title, `${locale} ${JSON.stringify(offer)}`).not.toMatch(CZECH_CODE);
        const layout = layoutMessage(offer);
        expect(layout).not.toBeNull();
        expect(t(locale)(layout!.key, layout!.values)).not.toMatch(CZECH_CODE);
      }
    },
  );

  it.each(CODE_WRITERS)('%s writes the code in lower case: 2+kk, 3+1', (locale) => {
    expect(offerHeading(apartment('2', kitchenette), null, t(locale))).toMatch(/ 2\+kk$/);
    expect(offerHeading(apartment(null, '2+KK'), null, t(locale))).toMatch(/ 2\+kk$/);
    expect(offerHeading(apartment('3', kitchen), null, t(locale))).toMatch(/ 3\+1$/);
  });

  it('Turkish names rooms and the open kitchen in words', () => {
    expect(offerHeading(apartment('2', kitchenette), null, t('tr'))).toBe(
      'Satılık daire, 2 oda ve açık mutfak',
    );
    expect(offerHeading(apartment('3', kitchen), null, t('tr'))).not.toContain('3+1');
  });

  it('Portuguese counts bedrooms: a 2+kk is a T1, a 3+1 a T2, one room a T0', () => {
    const pt = t('pt');
    expect(offerHeading(apartment('2', kitchenette), null, pt)).toBe(
      'Apartamento à venda, T1 com kitchenette',
    );
    expect(offerHeading(apartment('3', kitchen), null, pt)).toBe('Apartamento à venda, T2');
    expect(offerHeading(apartment('1', null), null, pt)).toBe('Apartamento à venda, T0');
  });

  // The room filter and the cards say the same thing (issue 39 point 8: the filter said
  // "2 rooms" while cards said "2+KK"): each filter choice is the words its offers' cards show.
  it.each(LOCALES)('%s: the room filter uses the words of the cards', (locale) => {
    const words = t(locale);
    for (const rooms of [1, 2, 3, 4, 5]) {
      const choice = words(`value.disposition.${rooms}`).toLocaleLowerCase(locale);
      for (const layout of [
        apartment(String(rooms), `${rooms}+KK`),
        apartment(String(rooms), `${rooms}+1`),
      ]) {
        const message = layoutMessage(layout)!;
        const card = words(message.key, message.values).toLocaleLowerCase(locale);
        expect(
          card.includes(choice) || choice.includes(card),
          `${locale}: filter "${choice}" vs card "${card}"`,
        ).toBe(true);
      }
    }
  });
});
