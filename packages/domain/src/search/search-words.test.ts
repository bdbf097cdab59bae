import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../locales.ts';
import {
  ALL_SEARCH_WORDS,
  isSearchWord,
  SEARCH_WORDS,
  searchWord,
  UNIVERSAL_SEARCH_WORD,
} from './search-words.ts';

/** Spec 2's list, grouped as the spec writes it. */
const SPEC: [string, Locale[]][] = [
  ['hledani', ['cs']],
  ['search', ['en', 'en-GB', 'en-MT', 'en-AE']],
  ['cerca', ['it', 'it-CH']],
  ['recherche', ['fr', 'fr-CH', 'fr-BE']],
  ['anazitisi', ['el-GR', 'el-CY']],
  ['pretraga', ['hr', 'bs']],
  ['hladanie', ['sk']],
  ['suche', ['de', 'de-CH', 'de-AT', 'de-LU']],
  ['szukaj', ['pl']],
  ['buscar', ['es']],
  ['prietragha', ['sr', 'sr-ME']],
  ['pesquisar', ['pt']],
  ['arama', ['tr', 'tr-CY']],
  ['zoeken', ['nl', 'nl-BE']],
  ['trsienie', ['bg']],
  ['bhth', ['ar']],
];

describe('search words (spec 2)', () => {
  it('covers all 30 locales exactly as the spec lists them', () => {
    const covered = SPEC.flatMap(([, locales]) => locales);
    expect([...covered].sort()).toEqual([...LOCALES].sort());
    for (const [word, locales] of SPEC)
      for (const locale of locales) expect(searchWord(locale), locale).toBe(word);
    expect(Object.keys(SEARCH_WORDS)).toHaveLength(30);
  });

  it.each(LOCALES)('%s accepts its own word and hledani, case-insensitively, and nothing else', (locale) => {
    expect(isSearchWord(locale, SEARCH_WORDS[locale])).toBe(true);
    expect(isSearchWord(locale, SEARCH_WORDS[locale].toUpperCase())).toBe(true);
    expect(isSearchWord(locale, UNIVERSAL_SEARCH_WORD)).toBe(true);
    for (const other of ALL_SEARCH_WORDS) {
      if (other !== SEARCH_WORDS[locale] && other !== UNIVERSAL_SEARCH_WORD)
        expect(isSearchWord(locale, other)).toBe(false);
    }
    expect(isSearchWord(locale, '')).toBe(false);
  });

  it('lists the 16 distinct words', () => {
    expect(ALL_SEARCH_WORDS).toHaveLength(16);
  });
});
