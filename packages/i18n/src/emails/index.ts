import { type Locale, languageOf } from '@estately/domain';
import { IntlMessageFormat } from 'intl-messageformat';
import { localeData } from '../locale-data.ts';
import { ar } from './ar.ts';
import { bg } from './bg.ts';
import { bs } from './bs.ts';
import { cs } from './cs.ts';
import { de } from './de.ts';
import { el } from './el.ts';
import { type EmailCatalog, type EmailKey, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hr } from './hr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { EMAIL_OVERRIDES, swissSpelling } from './regional.ts';
import { sk } from './sk.ts';
import { sr } from './sr.ts';
import { tr } from './tr.ts';

// Texts of the e-mails the product sends (DESIGN 2 e-mail), one complete set per language (bs, hr
// and sr start from the texts they share, south-slavic-latin.ts) and regional differences in
// regional.ts. Kept apart from the UI catalogs: e-mails are rendered by
// the API's worker, and their texts change with the templates, not with the screens.

export type { EmailCatalog, EmailKey, EmailOverrides } from './en.ts';

/** One complete set of texts per language of the 30 locales. */
export const EMAIL_LANGUAGE_CATALOGS: Readonly<Record<string, EmailCatalog>> = {
  ar,
  bg,
  bs,
  cs,
  de,
  el,
  en,
  es,
  fr,
  hr,
  it,
  nl,
  pl,
  pt,
  sk,
  sr,
  tr,
};

export const EMAIL_SOURCE: EmailCatalog = en;

const resolved = new Map<Locale, EmailCatalog>();

/** The e-mail texts of a locale: its language's texts with the regional differences applied. */
export function emailCatalog(locale: Locale): EmailCatalog {
  let catalog = resolved.get(locale);
  if (!catalog) {
    const base = EMAIL_LANGUAGE_CATALOGS[languageOf(locale)];
    if (!base) throw new Error(`No e-mail texts for the language of ${locale}`);
    const merged: EmailCatalog = { ...(locale === 'de-CH' ? swissSpelling(base) : base) };
    for (const [key, value] of Object.entries(EMAIL_OVERRIDES[locale] ?? {}) as [EmailKey, string][]) {
      merged[key] = value;
    }
    catalog = Object.freeze(merged);
    resolved.set(locale, catalog);
  }
  return catalog;
}

const compiled = new Map<string, IntlMessageFormat>();

/**
 * One e-mail text of a locale with its placeholders filled in (ICU, plurals by the locale's
 * rules). Unlike the UI translator this throws on a bad message or a missing value: a broken
 * e-mail must fail its job loudly rather than reach someone half-written.
 */
export function formatEmailText(
  locale: Locale,
  key: EmailKey,
  values: Record<string, string | number> = {},
): string {
  const message = emailCatalog(locale)[key];
  const cacheKey = `${locale}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    // ignoreTag: texts are plain; a "<" must never be read as markup.
    format = new IntlMessageFormat(message, localeData(locale).tag, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  const result = format.format(values);
  return Array.isArray(result) ? result.join('') : String(result);
}
