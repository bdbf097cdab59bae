import { type CountryCode, type Currency, LOCALES, type Locale, languageOf } from '@estately/domain';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, resolveCatalog } from './catalogs.ts';
import { localeData } from './locale-data.ts';
import type { Catalog, MessageKey } from './messages/en.ts';

export { LOCALE_DATA, type LocaleData, localeData, type WeekDay } from './locale-data.ts';
export type { Catalog, CatalogOverrides, MessageKey } from './messages/en.ts';

/** Values an ICU message can take. */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

// ---------------------------------------------------------------------------------------------
// Catalogs

const resolved = new Map<Locale, Catalog>();

/** The complete catalog of a locale (base language plus regional overrides). */
export function getMessages(locale: Locale): Catalog {
  let catalog = resolved.get(locale);
  if (!catalog) {
    catalog = resolveCatalog(locale);
    resolved.set(locale, catalog);
  }
  return catalog;
}

/** The English source catalog; its keys define `MessageKey`. */
export const SOURCE_MESSAGES: Catalog = en;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

// ---------------------------------------------------------------------------------------------
// Translation

// Compiled messages per locale and message text: parsing ICU is far slower than formatting.
// Most messages are plain text, text with simple `{name}` arguments, or a count's plural: those
// compile to their text or to a join of text and values, so a page's hundreds of labels, its
// cards' areas and prices and its counts cost no pass of the ICU formatter. Keyed by locale,
// then by the message string itself (catalog strings keep their hash, a joined key would not).
type CompiledMessage = string | ((values: MessageValues | undefined) => string) | IntlMessageFormat;
const compiled = new Map<Locale, Map<string, CompiledMessage>>();

/**
 * A value in a simple argument, as intl-messageformat writes it: strings and numbers as text
 * (numbers unformatted), other falsy values as nothing, anything else as its string.
 */
function argumentText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return value ? String(value) : '';
}

// Element types of the ICU parser's AST: 0 literal (quoting apostrophes already resolved),
// 1 simple argument, 6 plural, 7 `#` (the plural's number). Messages made of these alone, with no
// plural inside a plural, are formatted here; anything else (select, number and date formats,
// nested plurals) keeps the ICU formatter.
type PluralOptions = Readonly<Record<string, { value: readonly QuickElement[] }>>;
type QuickElement =
  | { type: 0; value: string }
  | { type: 1; value: string }
  | { type: 6; value: string; offset?: number; pluralType?: 'cardinal' | 'ordinal'; options: PluralOptions }
  | { type: 7 };

function isQuick(elements: readonly { type: number; value?: unknown }[], inPlural: boolean): boolean {
  return elements.every((element) => {
    if (element.type === 0 || element.type === 1) return typeof element.value === 'string';
    if (element.type === 7) return inPlural;
    if (element.type !== 6 || inPlural || typeof element.value !== 'string') return false;
    const options = (element as { options?: Record<string, { value: { type: number }[] }> }).options ?? {};
    return Object.values(options).every((option) => isQuick(option.value, true));
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
const NO_OPTIONS: Intl.NumberFormatOptions = {};

function pluralRulesOf(tag: string, type: 'cardinal' | 'ordinal'): Intl.PluralRules {
  const key = `${tag} ${type}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(tag, { type });
    pluralRules.set(key, rules);
  }
  return rules;
}

/**
 * A message of quick elements as intl-messageformat formats it: an exact `=n` option first, then
 * the locale's plural category, then `other`; `#` is the number less the offset, in the locale's
 * number format. A missing value or option throws, as the ICU formatter does.
 */
function formatQuick(
  elements: readonly QuickElement[],
  tag: string,
  values: MessageValues | undefined,
  pluralValue?: number,
): string {
  let text = '';
  for (const element of elements) {
    if (element.type === 0) {
      text += element.value;
      continue;
    }
    if (element.type === 7) {
      if (pluralValue !== undefined) text += numberFormat(tag, NO_OPTIONS).format(pluralValue);
      continue;
    }
    if (!values || !(element.value in values)) throw new Error(`no value for ${element.value}`);
    const value = values[element.value];
    if (element.type === 1) {
      text += argumentText(value);
      continue;
    }
    const offset = element.offset ?? 0;
    const number = Number(value) - offset;
    const option =
      element.options[`=${value}`] ??
      element.options[pluralRulesOf(tag, element.pluralType ?? 'cardinal').select(number)] ??
      element.options.other;
    if (!option) throw new Error(`no option for ${element.value}=${String(value)}`);
    text += formatQuick(option.value, tag, values, number);
  }
  return text;
}

function compile(locale: Locale, message: string): CompiledMessage {
  let byMessage = compiled.get(locale);
  if (!byMessage) {
    byMessage = new Map();
    compiled.set(locale, byMessage);
  }
  let format = byMessage.get(message);
  if (format === undefined) {
    const tag = localeData(locale).tag;
    // ignoreTag: catalogs hold plain text; a "<" in a translation must never be read as markup.
    const icu = new IntlMessageFormat(message, tag, undefined, { ignoreTag: true });
    const ast = icu.getAst() as { type: number; value?: unknown }[];
    if (!isQuick(ast, false)) {
      format = icu;
    } else if (ast.every((element) => element.type === 0)) {
      format = ast.map((element) => element.value).join('');
    } else {
      const elements = ast as QuickElement[];
      format = (values) => formatQuick(elements, tag, values);
    }
    byMessage.set(message, format);
  }
  return format;
}

function formatMessage(locale: Locale, message: string, values?: MessageValues): string {
  try {
    const format = compile(locale, message);
    if (typeof format === 'string') return format;
    if (typeof format === 'function') return format(values);
    const result = format.format(values as Record<string, string>);
    return Array.isArray(result) ? result.join('') : String(result);
  } catch {
    // A bad message or a missing value must not break a page: show the raw text instead.
    return message;
  }
}

/**
 * Translates a key for a locale. A key missing from the locale falls back to English (spec 4:
 * English is the fallback language); a key unknown everywhere comes back as itself. Never throws.
 */
export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return translateDynamic(locale, key, values);
}

/**
 * Like `translate`, for keys that arrive as data at run time (validation keys in an API error
 * body, value-set labels built from a value). Unknown keys come back unchanged.
 */
export function translateDynamic(locale: Locale, key: string, values?: MessageValues): string {
  return translateFrom(locale, getMessages(locale), key, values);
}

/** The lookup behind `translate`: the given catalog first, then English, then the key itself. */
export function translateFrom(
  locale: Locale,
  catalog: Readonly<Partial<Record<string, string>>>,
  key: string,
  values?: MessageValues,
): string {
  const own = Object.hasOwn(catalog, key) ? catalog[key] : undefined;
  if (own !== undefined) return formatMessage(locale, own, values);
  const fallback = isMessageKey(key) ? en[key] : undefined;
  if (fallback !== undefined) return formatMessage('en', fallback, values);
  return key;
}

export type Translator = {
  (key: MessageKey, values?: MessageValues): string;
  readonly locale: Locale;
  dynamic(key: string, values?: MessageValues): string;
};

/** A translator bound to one locale: `const t = createTranslator('cs'); t('nav.search')`. */
export function createTranslator(locale: Locale): Translator {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  return Object.assign(t, {
    locale,
    dynamic: (key: string, values?: MessageValues) => translateDynamic(locale, key, values),
  });
}

/** Value sets of spec 9 as they appear in message keys (`value.<set>.<value>`). */
export type ValueSetName =
  | 'offer_type'
  | 'property_type'
  | 'disposition'
  | 'bathrooms'
  | 'room_type'
  | 'furnishing'
  | 'other_param'
  | 'ownership'
  | 'reconstruction'
  | 'building_type'
  | 'heating'
  | 'parking'
  | 'energy_class'
  | 'seller_type'
  | 'tag'
  | 'rent_price_period'
  | 'price_variant'
  | 'property_state'
  | 'area_unit';

/** Label of one value of a value set, e.g. `valueLabel('cs', 'heating', 'heat_pump')`. */
export function valueLabel(locale: Locale, set: ValueSetName, value: string): string {
  return translateDynamic(locale, `value.${set}.${value}`);
}

export function countryName(locale: Locale, code: CountryCode): string {
  return translateDynamic(locale, `country.${code}`);
}

// ---------------------------------------------------------------------------------------------
// Numbers, prices, areas and dates

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(localeData(locale).tag, options).format(value);
}

/** A price in a currency; whole amounts show no decimals (`1 250 000 Kč`, not `1 250 000,00 Kč`). */
export function formatPrice(amount: number, currency: Currency, locale: Locale): string {
  const whole = Number.isInteger(amount);
  // Asked for every card of a page: the formatter is found without serialising its options.
  const key = `${locale}|${currency}|${whole ? 'whole' : 'cents'}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = numberFormat(localeData(locale).tag, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/** A floor area in square metres, at most one decimal: `75 m²`, `1 234,5 m²`. */
export function formatArea(m2: number, locale: Locale): string {
  let format = areaFormats.get(locale);
  if (!format) {
    format = numberFormat(localeData(locale).tag, { maximumFractionDigits: 1 });
    areaFormats.set(locale, format);
  }
  return translate(locale, 'offer.area', { area: format.format(m2) });
}

const areaFormats = new Map<Locale, Intl.NumberFormat>();

export type DateInput = Date | string | number;

export type DateOptions = {
  /** IANA time zone used to read the calendar day of a Date; defaults to UTC so SSR and browser agree. */
  timeZone?: string;
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarParts(input: DateInput, timeZone: string): { year: number; month: number; day: number } {
  // A plain YYYY-MM-DD (spec 5 date filter format, free-from dates) is a calendar day with no time zone.
  if (typeof input === 'string') {
    const match = DATE_ONLY.exec(input);
    if (match) return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  const parts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Numeric date in the locale's convention: cs `22.11.2026`, en-GB `22/11/2026`, en `11/22/2026`. */
export function formatDate(input: DateInput, locale: Locale, options: DateOptions = {}): string {
  const { year, month, day } = calendarParts(input, options.timeZone ?? 'UTC');
  const data = localeData(locale);
  const two = numberFormat(data.tag, { minimumIntegerDigits: 2, useGrouping: false });
  const four = numberFormat(data.tag, { minimumIntegerDigits: 4, useGrouping: false });
  return data.datePattern
    .replace('YYYY', four.format(year))
    .replace('MM', two.format(month))
    .replace('DD', two.format(day));
}

/** Date with the month written out, e.g. cs `22. listopadu 2026`, en-GB `22 November 2026`. */
export function formatDateLong(input: DateInput, locale: Locale, options: DateOptions = {}): string {
  const { year, month, day } = calendarParts(input, options.timeZone ?? 'UTC');
  return new Intl.DateTimeFormat(localeData(locale).tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Time of day with the locale's hour cycle (spec 9: cs and en-GB use 24 hours). */
export function formatTime(input: Date | number, locale: Locale, options: DateOptions = {}): string {
  const data = localeData(locale);
  return new Intl.DateTimeFormat(data.tag, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: data.hourCycle,
    timeZone: options.timeZone ?? 'UTC',
  }).format(input);
}

export function formatDateTime(input: Date | number, locale: Locale, options: DateOptions = {}): string {
  return `${formatDate(input, locale, options)} ${formatTime(input, locale, options)}`;
}

// ---------------------------------------------------------------------------------------------
// Locale negotiation

type Range = { tag: string; q: number; order: number };

function parseAcceptLanguage(header: string): Range[] {
  const ranges: Range[] = [];
  header.split(',').forEach((item, order) => {
    const [rawTag, ...params] = item.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!tag || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order);
}

const LOWER_LOCALES = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/**
 * Locale chosen for a bare language: the locale named by the language alone when there is one
 * (`sr` rather than `sr-ME`), else the first of that language in the spec's order (`el` -> `el-GR`).
 */
const LANGUAGE_DEFAULT = new Map<string, Locale>();
for (const locale of LOCALES) {
  const language = languageOf(locale);
  if (locale === language || !LANGUAGE_DEFAULT.has(language)) LANGUAGE_DEFAULT.set(language, locale);
}

function matchRange(tag: string): Locale | null {
  const subtags = tag.toLowerCase().split('-');
  const exact = LOWER_LOCALES.get(subtags.join('-'));
  if (exact) return exact;
  const language = subtags[0] ?? '';
  // Drop a script subtag (sr-Latn-ME -> sr-me) before trying language + region.
  const region = subtags.slice(1).find((subtag) => subtag.length === 2 || /^\d{3}$/.test(subtag));
  if (region) {
    const regional = LOWER_LOCALES.get(`${language}-${region}`);
    if (regional) return regional;
  }
  return LANGUAGE_DEFAULT.get(language) ?? null;
}

/**
 * Best of the 30 locales for an Accept-Language header: ranges by quality, each matched exactly,
 * then by language and region, then by language alone; null when nothing matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    const match = matchRange(range.tag);
    if (match) return match;
  }
  return null;
}
