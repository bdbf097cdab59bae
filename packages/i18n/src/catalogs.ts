import { type Locale, languageOf } from '@estately/domain';
import { ar } from './messages/ar.ts';
import { bg } from './messages/bg.ts';
import { bs } from './messages/bs.ts';
import { cs } from './messages/cs.ts';
import { de } from './messages/de.ts';
import { deAT } from './messages/de-AT.ts';
import { deCH, swissSpelling } from './messages/de-CH.ts';
import { el } from './messages/el.ts';
import { elCY } from './messages/el-CY.ts';
import { type Catalog, type CatalogOverrides, en } from './messages/en.ts';
import { enGB } from './messages/en-GB.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { frBE } from './messages/fr-BE.ts';
import { frCH } from './messages/fr-CH.ts';
import { hr } from './messages/hr.ts';
import { it } from './messages/it.ts';
import { itCH } from './messages/it-CH.ts';
import { nl } from './messages/nl.ts';
import { nlBE } from './messages/nl-BE.ts';
import { pl } from './messages/pl.ts';
import { pt } from './messages/pt.ts';
import { sk } from './messages/sk.ts';
import { sr } from './messages/sr.ts';
import { srME } from './messages/sr-ME.ts';
import { tr } from './messages/tr.ts';

// One complete catalog per language; regional locales layer their overrides on top of it and never
// fall back to English (a test resolves every locale without the English fallback).

export const BASE_CATALOGS: Readonly<Record<string, Catalog>> = {
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

/** Base catalog per locale where it is not simply the catalog of the locale's language. */
const DERIVED_BASE: Partial<Record<Locale, () => Catalog>> = {
  // Swiss Standard German writes "ss" for "ß" (spec brief; Swiss orthography).
  'de-CH': () => swissSpelling(de),
};

/** Regional overrides, applied in order on top of the base catalog. */
export const LOCALE_OVERRIDES: Partial<Record<Locale, readonly CatalogOverrides[]>> = {
  'en-GB': [enGB],
  'en-MT': [enGB],
  'en-AE': [enGB],
  'de-CH': [deCH],
  'de-AT': [deAT],
  'fr-CH': [frCH],
  'fr-BE': [frBE],
  'it-CH': [itCH],
  'nl-BE': [nlBE],
  'sr-ME': [srME],
  'el-CY': [elCY],
};

export function baseCatalogOf(locale: Locale): Catalog {
  const derived = DERIVED_BASE[locale];
  if (derived) return derived();
  const base = BASE_CATALOGS[languageOf(locale)];
  if (!base) throw new Error(`No catalog for the language of ${locale}`);
  return base;
}

/** The complete catalog of a locale, without any English fallback. */
export function resolveCatalog(locale: Locale): Catalog {
  const layers = LOCALE_OVERRIDES[locale] ?? [];
  const merged: Catalog = { ...baseCatalogOf(locale) };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer) as [keyof Catalog, string | undefined][]) {
      if (value !== undefined) merged[key] = value;
    }
  }
  return Object.freeze(merged);
}

export { en };
