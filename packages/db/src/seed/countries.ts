import type { CountryCode, Currency, Locale } from '@estately/domain';

// Market data per country for the demo generator (issue 3 item 5): the currency offers are
// priced in (the country's own, as its portals quote prices: Swiss offers in francs, Turkish
// ones in lira, but Serbian ones in euros, as Serbian sellers ask; decision 050), the locales
// their descriptions are written in, price levels per m2 in that currency for an apartment
// in the country's largest city (2025-2026 asking prices, rounded), the share of offers,
// and how many cities of the country enter the gazetteer.

export type CountryMarket = {
  code: CountryCode;
  currency: Currency;
  locales: readonly (readonly [Locale, number])[];
  /** Asking sale price per m2, apartment, largest city. */
  saleM2: number;
  /** Asking monthly rent per m2, apartment, largest city. */
  rentM2: number;
  /** Relative share of generated offers. */
  weight: number;
  /** Cities taken into the gazetteer, largest first. */
  cities: number;
};

export const MARKETS: readonly CountryMarket[] = [
  {
    code: 'CZ',
    currency: 'CZK',
    locales: [['cs', 1]],
    saleM2: 135_000,
    rentM2: 380,
    weight: 40,
    cities: 400,
  },
  { code: 'SK', currency: 'EUR', locales: [['sk', 1]], saleM2: 3_600, rentM2: 13, weight: 8, cities: 120 },
  { code: 'AT', currency: 'EUR', locales: [['de-AT', 1]], saleM2: 6_200, rentM2: 17, weight: 7, cities: 120 },
  { code: 'DE', currency: 'EUR', locales: [['de', 1]], saleM2: 6_000, rentM2: 16, weight: 12, cities: 250 },
  { code: 'PL', currency: 'PLN', locales: [['pl', 1]], saleM2: 17_000, rentM2: 75, weight: 10, cities: 200 },
  { code: 'GB', currency: 'GBP', locales: [['en-GB', 1]], saleM2: 7_000, rentM2: 30, weight: 2, cities: 60 },
  { code: 'US', currency: 'USD', locales: [['en', 1]], saleM2: 9_000, rentM2: 45, weight: 1, cities: 40 },
  { code: 'IT', currency: 'EUR', locales: [['it', 1]], saleM2: 4_200, rentM2: 16, weight: 2, cities: 60 },
  { code: 'FR', currency: 'EUR', locales: [['fr', 1]], saleM2: 9_500, rentM2: 28, weight: 2, cities: 60 },
  { code: 'GR', currency: 'EUR', locales: [['el-GR', 1]], saleM2: 2_600, rentM2: 10, weight: 1, cities: 30 },
  {
    code: 'CY',
    currency: 'EUR',
    locales: [
      ['el-CY', 3],
      ['tr-CY', 1],
    ],
    saleM2: 3_000,
    rentM2: 12,
    weight: 0.5,
    cities: 15,
  },
  { code: 'HR', currency: 'EUR', locales: [['hr', 1]], saleM2: 3_300, rentM2: 12, weight: 2, cities: 40 },
  { code: 'ES', currency: 'EUR', locales: [['es', 1]], saleM2: 4_800, rentM2: 20, weight: 2, cities: 60 },
  {
    code: 'MT',
    currency: 'EUR',
    locales: [['en-MT', 1]],
    saleM2: 3_500,
    rentM2: 16,
    weight: 0.5,
    cities: 15,
  },
  { code: 'BA', currency: 'BAM', locales: [['bs', 1]], saleM2: 4_000, rentM2: 15, weight: 0.5, cities: 20 },
  {
    code: 'ME',
    currency: 'EUR',
    locales: [['sr-ME', 1]],
    saleM2: 2_600,
    rentM2: 11,
    weight: 0.5,
    cities: 12,
  },
  {
    code: 'CH',
    currency: 'CHF',
    locales: [
      ['de-CH', 6],
      ['fr-CH', 3],
      ['it-CH', 1],
    ],
    saleM2: 13_000,
    rentM2: 30,
    weight: 1.5,
    cities: 40,
  },
  {
    code: 'LU',
    currency: 'EUR',
    locales: [['de-LU', 1]],
    saleM2: 9_000,
    rentM2: 30,
    weight: 0.5,
    cities: 10,
  },
  {
    code: 'BE',
    currency: 'EUR',
    locales: [
      ['nl-BE', 6],
      ['fr-BE', 4],
    ],
    saleM2: 3_500,
    rentM2: 15,
    weight: 1.5,
    cities: 40,
  },
  {
    code: 'AE',
    currency: 'AED',
    locales: [
      ['en-AE', 3],
      ['ar', 1],
    ],
    saleM2: 16_000,
    rentM2: 95,
    weight: 1,
    cities: 10,
  },
  { code: 'RS', currency: 'EUR', locales: [['sr', 1]], saleM2: 2_800, rentM2: 11, weight: 1, cities: 30 },
  { code: 'PT', currency: 'EUR', locales: [['pt', 1]], saleM2: 5_000, rentM2: 18, weight: 1.5, cities: 40 },
  { code: 'TR', currency: 'TRY', locales: [['tr', 1]], saleM2: 90_000, rentM2: 400, weight: 1.5, cities: 50 },
  { code: 'NL', currency: 'EUR', locales: [['nl', 1]], saleM2: 7_500, rentM2: 26, weight: 1.5, cities: 50 },
  { code: 'BG', currency: 'EUR', locales: [['bg', 1]], saleM2: 2_200, rentM2: 9, weight: 1, cities: 30 },
];

/**
 * GeoNames gives some large cities under their English name; the gazetteer stores the local
 * name, and these well-known exonyms per language (cs, sk, de, pl, en, fr, it, es).
 */
export const LOCAL_NAMES: Readonly<Record<string, string>> = {
  Prague: 'Praha',
  Pilsen: 'Plzeň',
  Vienna: 'Wien',
  Munich: 'München',
  Warsaw: 'Warszawa',
  Rome: 'Roma',
  Milan: 'Milano',
  Naples: 'Napoli',
  Turin: 'Torino',
  Genoa: 'Genova',
  Florence: 'Firenze',
  Venice: 'Venezia',
  Athens: 'Athína',
  Nicosia: 'Lefkosía',
  Brussels: 'Bruxelles',
  Belgrade: 'Beograd',
  Lisbon: 'Lisboa',
  'The Hague': 'Den Haag',
  Sofia: 'Sofia',
  Seville: 'Sevilla',
};

export const EXONYMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Praha: {
    en: 'Prague',
    de: 'Prag',
    pl: 'Praga',
    fr: 'Prague',
    it: 'Praga',
    es: 'Praga',
    pt: 'Praga',
    nl: 'Praag',
  },
  Plzeň: { en: 'Pilsen', de: 'Pilsen', pl: 'Pilzno' },
  Brno: { de: 'Brünn' },
  Wien: {
    cs: 'Vídeň',
    sk: 'Viedeň',
    pl: 'Wiedeń',
    en: 'Vienna',
    fr: 'Vienne',
    it: 'Vienna',
    es: 'Viena',
    pt: 'Viena',
    nl: 'Wenen',
  },
  München: {
    cs: 'Mnichov',
    sk: 'Mníchov',
    pl: 'Monachium',
    en: 'Munich',
    fr: 'Munich',
    it: 'Monaco di Baviera',
    es: 'Múnich',
  },
  Berlin: { cs: 'Berlín', sk: 'Berlín', es: 'Berlín', it: 'Berlino', pl: 'Berlin' },
  Köln: {
    cs: 'Kolín nad Rýnem',
    sk: 'Kolín',
    pl: 'Kolonia',
    en: 'Cologne',
    fr: 'Cologne',
    it: 'Colonia',
    es: 'Colonia',
  },
  Dresden: { cs: 'Drážďany', sk: 'Drážďany', pl: 'Drezno' },
  Warszawa: {
    cs: 'Varšava',
    sk: 'Varšava',
    de: 'Warschau',
    en: 'Warsaw',
    fr: 'Varsovie',
    it: 'Varsavia',
    es: 'Varsovia',
  },
  Kraków: {
    cs: 'Krakov',
    sk: 'Krakov',
    de: 'Krakau',
    en: 'Krakow',
    fr: 'Cracovie',
    it: 'Cracovia',
    es: 'Cracovia',
  },
  London: {
    cs: 'Londýn',
    sk: 'Londýn',
    pl: 'Londyn',
    fr: 'Londres',
    it: 'Londra',
    es: 'Londres',
    pt: 'Londres',
  },
  Paris: { cs: 'Paříž', sk: 'Paríž', pl: 'Paryż', it: 'Parigi', es: 'París' },
  Roma: { cs: 'Řím', sk: 'Rím', pl: 'Rzym', de: 'Rom', en: 'Rome', fr: 'Rome' },
  Milano: { cs: 'Milán', sk: 'Miláno', pl: 'Mediolan', de: 'Mailand', en: 'Milan', fr: 'Milan', es: 'Milán' },
  Napoli: {
    cs: 'Neapol',
    sk: 'Neapol',
    pl: 'Neapol',
    de: 'Neapel',
    en: 'Naples',
    fr: 'Naples',
    es: 'Nápoles',
  },
  Venezia: {
    cs: 'Benátky',
    sk: 'Benátky',
    pl: 'Wenecja',
    de: 'Venedig',
    en: 'Venice',
    fr: 'Venise',
    es: 'Venecia',
  },
  Athína: {
    cs: 'Atény',
    sk: 'Atény',
    pl: 'Ateny',
    de: 'Athen',
    en: 'Athens',
    fr: 'Athènes',
    it: 'Atene',
    es: 'Atenas',
  },
  Bruxelles: {
    cs: 'Brusel',
    sk: 'Brusel',
    pl: 'Bruksela',
    de: 'Brüssel',
    en: 'Brussels',
    nl: 'Brussel',
    es: 'Bruselas',
  },
  Beograd: {
    cs: 'Bělehrad',
    sk: 'Belehrad',
    pl: 'Belgrad',
    de: 'Belgrad',
    en: 'Belgrade',
    fr: 'Belgrade',
    it: 'Belgrado',
  },
  Lisboa: {
    cs: 'Lisabon',
    sk: 'Lisabon',
    pl: 'Lizbona',
    de: 'Lissabon',
    en: 'Lisbon',
    fr: 'Lisbonne',
    it: 'Lisbona',
  },
  'Den Haag': { en: 'The Hague', fr: 'La Haye', de: 'Den Haag', cs: 'Haag' },
  Bratislava: { de: 'Pressburg' },
  Zürich: { cs: 'Curych', sk: 'Zürich', fr: 'Zurich', it: 'Zurigo', en: 'Zurich' },
  Genève: {
    cs: 'Ženeva',
    sk: 'Ženeva',
    de: 'Genf',
    en: 'Geneva',
    it: 'Ginevra',
    es: 'Ginebra',
    pl: 'Genewa',
  },
};
