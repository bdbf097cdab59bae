import { type Currency, LOCALES, type Locale, textDirection } from '@estately/domain';

// Locales as data (CONVENTIONS habit 10): everything the UI needs to present a locale, in one row.
//
// Choices not fixed by the spec (spec 9 fixes only cs and en-GB):
// - `tag` is the BCP-47 tag handed to Intl. Bare languages get the country the product serves
//   (cs -> cs-CZ, en -> en-US, pt -> pt-PT); Serbian and Bosnian name the Latin script because
//   the UI is written in Latin and Intl defaults Serbian to Cyrillic; Arabic is ar-AE, the Arabic
//   market of the product (en-AE is its English sibling).
// - `currency` is the currency of the locale's country: the 12 of spec 9 and CHF (de-CH, fr-CH,
//   it-CH), TRY (tr) and RSD (sr) added for those locales (decision 050). Bare `en` is American
//   English and shows USD. Croatia (2023) and Bulgaria (2026) use EUR, and so do Montenegro
//   (sr-ME) and the Republic of Cyprus (el-CY, tr-CY).
// - `weekStart` (1 = Monday ... 7 = Sunday) and `hourCycle` follow CLDR for the tag (a test
//   compares them with Intl.Locale#getWeekInfo), except where spec 9 fixes them.
// - `datePattern` is the numeric date used in lists and cards (DD, MM, YYYY tokens); spec 9 fixes
//   cs DD.MM.YYYY and en-GB DD/MM/YYYY, the rest follow national usage without the spaces CLDR adds.

export type WeekDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type LocaleData = {
  readonly locale: Locale;
  /** Name of the locale in its own language, for the language switcher. */
  readonly label: string;
  /** English name, for logs and admin screens. */
  readonly englishLabel: string;
  readonly dir: 'ltr' | 'rtl';
  /** BCP-47 tag for Intl and for `<html lang>`. */
  readonly tag: string;
  readonly currency: Currency;
  readonly weekStart: WeekDay;
  readonly hourCycle: 'h12' | 'h23';
  readonly datePattern: string;
};

type Row = Omit<LocaleData, 'locale' | 'dir'>;

const DMY_DOT = 'DD.MM.YYYY';
const DMY_DOT_END = 'DD.MM.YYYY.';
const DMY_SLASH = 'DD/MM/YYYY';

// biome-ignore format: one locale per line reads as a table
const ROWS: Record<Locale, Row> = {
  cs: { label: 'Čeština', englishLabel: 'Czech', tag: 'cs-CZ', currency: 'CZK', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  en: { label: 'English', englishLabel: 'English', tag: 'en-US', currency: 'USD', weekStart: 7, hourCycle: 'h12', datePattern: 'MM/DD/YYYY' },
  it: { label: 'Italiano', englishLabel: 'Italian', tag: 'it-IT', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
  fr: { label: 'Français', englishLabel: 'French', tag: 'fr-FR', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
  'el-GR': { label: 'Ελληνικά (Ελλάδα)', englishLabel: 'Greek (Greece)', tag: 'el-GR', currency: 'EUR', weekStart: 1, hourCycle: 'h12', datePattern: DMY_SLASH },
  'el-CY': { label: 'Ελληνικά (Κύπρος)', englishLabel: 'Greek (Cyprus)', tag: 'el-CY', currency: 'EUR', weekStart: 1, hourCycle: 'h12', datePattern: DMY_SLASH },
  hr: { label: 'Hrvatski', englishLabel: 'Croatian', tag: 'hr-HR', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT_END },
  sk: { label: 'Slovenčina', englishLabel: 'Slovak', tag: 'sk-SK', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  de: { label: 'Deutsch', englishLabel: 'German', tag: 'de-DE', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  pl: { label: 'Polski', englishLabel: 'Polish', tag: 'pl-PL', currency: 'PLN', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  es: { label: 'Español', englishLabel: 'Spanish', tag: 'es-ES', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
  'en-GB': { label: 'English (UK)', englishLabel: 'English (UK)', tag: 'en-GB', currency: 'GBP', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
  'en-MT': { label: 'English (Malta)', englishLabel: 'English (Malta)', tag: 'en-MT', currency: 'EUR', weekStart: 7, hourCycle: 'h23', datePattern: DMY_SLASH },
  bs: { label: 'Bosanski', englishLabel: 'Bosnian', tag: 'bs-Latn-BA', currency: 'BAM', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT_END },
  'sr-ME': { label: 'Srpski (Crna Gora)', englishLabel: 'Serbian (Montenegro)', tag: 'sr-Latn-ME', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT_END },
  'de-CH': { label: 'Deutsch (Schweiz)', englishLabel: 'German (Switzerland)', tag: 'de-CH', currency: 'CHF', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'it-CH': { label: 'Italiano (Svizzera)', englishLabel: 'Italian (Switzerland)', tag: 'it-CH', currency: 'CHF', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'fr-CH': { label: 'Français (Suisse)', englishLabel: 'French (Switzerland)', tag: 'fr-CH', currency: 'CHF', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'de-AT': { label: 'Deutsch (Österreich)', englishLabel: 'German (Austria)', tag: 'de-AT', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'de-LU': { label: 'Deutsch (Luxemburg)', englishLabel: 'German (Luxembourg)', tag: 'de-LU', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'fr-BE': { label: 'Français (Belgique)', englishLabel: 'French (Belgium)', tag: 'fr-BE', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
  'en-AE': { label: 'English (UAE)', englishLabel: 'English (UAE)', tag: 'en-AE', currency: 'AED', weekStart: 1, hourCycle: 'h12', datePattern: DMY_SLASH },
  sr: { label: 'Srpski', englishLabel: 'Serbian', tag: 'sr-Latn-RS', currency: 'RSD', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT_END },
  pt: { label: 'Português', englishLabel: 'Portuguese', tag: 'pt-PT', currency: 'EUR', weekStart: 7, hourCycle: 'h23', datePattern: DMY_SLASH },
  tr: { label: 'Türkçe', englishLabel: 'Turkish', tag: 'tr-TR', currency: 'TRY', weekStart: 1, hourCycle: 'h23', datePattern: DMY_DOT },
  'tr-CY': { label: 'Türkçe (Kıbrıs)', englishLabel: 'Turkish (Cyprus)', tag: 'tr-CY', currency: 'EUR', weekStart: 1, hourCycle: 'h12', datePattern: DMY_DOT },
  nl: { label: 'Nederlands', englishLabel: 'Dutch', tag: 'nl-NL', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: 'DD-MM-YYYY' },
  bg: { label: 'Български', englishLabel: 'Bulgarian', tag: 'bg-BG', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: 'DD.MM.YYYY г.' },
  // Arabic separates the parts with right-to-left marks so the digits keep their order in rtl text.
  ar: { label: 'العربية', englishLabel: 'Arabic', tag: 'ar-AE', currency: 'AED', weekStart: 1, hourCycle: 'h12', datePattern: 'DD\u200f/MM\u200f/YYYY' },
  'nl-BE': { label: 'Nederlands (België)', englishLabel: 'Dutch (Belgium)', tag: 'nl-BE', currency: 'EUR', weekStart: 1, hourCycle: 'h23', datePattern: DMY_SLASH },
};

/** All locales in the spec's order, ready for the language switcher. */
export const LOCALE_DATA: readonly LocaleData[] = LOCALES.map((locale) =>
  Object.freeze({ locale, dir: textDirection(locale), ...ROWS[locale] }),
);

const BY_LOCALE = new Map<Locale, LocaleData>(LOCALE_DATA.map((row) => [row.locale, row]));

export function localeData(locale: Locale): LocaleData {
  // Every Locale has a row (ROWS is a Record<Locale, Row>), so the lookup cannot miss.
  return BY_LOCALE.get(locale)!;
}
