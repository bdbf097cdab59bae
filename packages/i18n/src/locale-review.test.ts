import { LOCALES, type Locale } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './catalogs.ts';
import { emailCatalog } from './emails/index.ts';
import { formatArea, translate, translateDynamic } from './index.ts';

// The locale review of December 2026 (issue 39 point 18): its wording examples, and "m²" written
// one way per locale.

/** The unit a locale writes after a floor area: the area text without its number. */
function areaUnit(locale: Locale): string {
  return formatArea(75, locale)
    .replace('75', '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .trim();
}

/** Every way the catalogs might write square metres. */
const SQUARE_METRES = /m²|m2\b|м²|م²|τ\.μ\./g;

describe('square metres are written one way per locale', () => {
  it('Greek writes τ.μ. and Arabic م², on cards, filters and prices per area alike', () => {
    expect(areaUnit('el-GR')).toBe('τ.μ.');
    expect(areaUnit('el-CY')).toBe('τ.μ.');
    expect(areaUnit('ar')).toBe('م²');
    expect(areaUnit('bg')).toBe('м²');
    expect(areaUnit('cs')).toBe('m²');
    expect(translate('el-GR', 'offer.price_per_m2', { price: '€1' })).toBe('€1 ανά τ.μ.');
  });

  it.each(LOCALES)('%s: the filter’s unit and every text naming the unit match the cards', (locale) => {
    const unit = areaUnit(locale);
    // The filter panel writes its area legend with this key ("Plocha (m²)", "المساحة (م²)").
    expect(translate(locale, 'value.area_unit.m2')).toBe(unit);
    const catalog = resolveCatalog(locale);
    const others = Object.entries(catalog).flatMap(([key, message]) =>
      [...message.matchAll(SQUARE_METRES)].map((match) => `${key}: ${match[0]}`),
    );
    expect(others.filter((found) => !found.endsWith(`: ${unit}`))).toEqual([]);
  });
});

describe('wording of the locale review', () => {
  const t = (locale: Locale, key: string) => translateDynamic(locale, key);

  it('de: living area, ownership, one word for a listing', () => {
    expect(t('de', 'offer.useful_area')).toBe('Wohnfläche');
    expect(t('de', 'value.ownership.personal')).toBe('Eigentum');
    const catalog = Object.values(resolveCatalog('de')).join('\n');
    expect(catalog).not.toMatch(/Inserat/);
  });

  it('de-CH: e-mails greet in written Standard German', () => {
    expect(emailCatalog('de-CH').greeting_anonymous).toBe('Guten Tag,');
    expect(t('de-CH', 'email.greeting_anonymous')).toBe('Guten Tag,');
  });

  it('pl: building material, favourite offers, no masculine-only forms', () => {
    expect(t('pl', 'filter.building_type')).toBe('Materiał budynku');
    expect(translate('pl', 'nav.favorites_count', { count: 2 })).toBe('2 ulubione oferty');
    expect(t('pl', 'account.my_offers_empty')).toBe('Nie masz jeszcze ogłoszeń.');
    // "dodałeś", "prosiłeś(-aś)": addressing the reader as a man (or with a bracketed ending).
    const texts = [...Object.values(resolveCatalog('pl')), ...Object.values(emailCatalog('pl'))];
    expect(texts.filter((text) => /\p{L}(łeś|łaś)(?!\p{L})|\(-aś\)/u.test(text))).toEqual([]);
  });

  it('tr: district heating and the trade register number', () => {
    expect(t('tr', 'value.heating.central_remote')).toBe('Bölgesel ısıtma');
    expect(t('tr', 'auth.registration_number')).toBe('Ticaret sicil numarası');
  });

  it('el: a house is a Μονοκατοικία; Cyprus names its own tax code ΑΦΤ', () => {
    expect(t('el-GR', 'offer.house')).toBe('Μονοκατοικία');
    expect(t('el-GR', 'value.property_type.house')).toBe('Μονοκατοικίες');
    expect(t('el-GR', 'auth.registration_number')).toContain('ΑΦΜ');
    expect(t('el-CY', 'auth.registration_number')).toContain('ΑΦΤ');
    expect(t('el-CY', 'offer.house')).toBe('Μονοκατοικία');
  });

  it('ar: listings are العقارات, filters are الفلاتر, no masculine-only first person', () => {
    expect(t('ar', 'screen.results')).toBe('العقارات');
    expect(t('ar', 'filter.reset')).toBe('مسح الفلاتر');
    const texts = [...Object.values(resolveCatalog('ar')), ...Object.values(emailCatalog('ar'))];
    expect(texts.filter((text) => /العروض|عوامل التصفية|أنا مهتم/.test(text))).toEqual([]);
  });

  it('bg: the last day, saved searches', () => {
    expect(translate('bg', 'filter.age_days_value', { count: 1 })).toBe('Последния ден');
    expect(t('bg', 'account.watch_dogs')).toBe('Запазени търсения');
  });

  it('sr: Serbian, not Croatian, forms', () => {
    expect(t('sr', 'account.settings')).toBe('Podešavanja');
    expect(t('sr', 'screen.accountSettings')).toBe('Podešavanja');
    const texts = Object.values(resolveCatalog('sr')).join('\n');
    expect(texts).not.toMatch(/\bt ćemo\b|e-adres|Postavke/);
  });

  it('hr: ponovno; bs: Bosnian terms', () => {
    expect(Object.values(resolveCatalog('hr')).join('\n')).not.toMatch(/\bponovo\b/);
    expect(t('bs', 'account.personal')).toBe('Lični podaci');
    expect(t('bs', 'account.notifications')).toBe('Obavještenja');
    expect(Object.values(resolveCatalog('bs')).join('\n')).not.toMatch(/prodavatelj|Osobni|Obavijesti/);
  });

  it('pt: à venda, varanda, the T typology in the room filter', () => {
    expect(t('pt', 'offer.title.sale_apartment')).toBe('Apartamento à venda');
    expect(t('pt', 'value.other_param.loggia')).toBe('Varanda');
    expect(t('pt', 'filter.disposition')).toBe('Tipologia');
    expect(t('pt', 'value.disposition.3')).toBe('T2');
    expect(Object.values(resolveCatalog('pt')).join('\n')).not.toMatch(/para venda/);
  });

  it('nl: aanbod, not aanbiedingen (bargains)', () => {
    expect(t('nl', 'home.latest_offers')).toBe('Nieuw aanbod');
    expect(t('nl', 'offer.top')).toBe('Uitgelicht');
    expect(Object.values(resolveCatalog('nl')).join('\n')).not.toMatch(/aanbieding/i);
  });
});
