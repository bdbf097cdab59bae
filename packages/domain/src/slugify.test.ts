import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_MAX_LENGTH, slugify } from './slugify.ts';

describe('slugify', () => {
  it.each([
    ['Praha 5', 'praha-5'],
    ['Brno-střed', 'brno-stred'],
    ['České Budějovice', 'ceske-budejovice'],
    ['Žďár nad Sázavou', 'zdar-nad-sazavou'],
    ['Kraków', 'krakow'],
    ['Łódź', 'lodz'],
    ['München', 'munchen'],
    ['Großglockner', 'grossglockner'],
    ['Zürich', 'zurich'],
    ['Saint-Étienne', 'saint-etienne'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Đakovo', 'dakovo'],
    ['İstanbul', 'istanbul'],
    ['Diyarbakır', 'diyarbakir'],
    ['Niš', 'nis'],
    ['  --Hello,   World!--  ', 'hello-world'],
    ['Bosnia & Herzegovina', 'bosnia-and-herzegovina'],
  ])('folds Latin: %s -> %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it.each([
    ['София', 'sofiya'],
    ['Пловдив', 'plovdiv'],
    ['Стара Загора', 'stara-zagora'],
    ['Шумен', 'shumen'],
    ['Търговище', 'targovishte'],
    ['Београд', 'beograd'],
    ['Нови Сад', 'novi-sad'],
    ['Ћуприја', 'cuprija'],
    ['Љубовија', 'ljubovija'],
    ['Йордан', 'yordan'],
  ])('transliterates Cyrillic: %s -> %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it.each([
    ['Αθήνα', 'athina'],
    ['Θεσσαλονίκη', 'thessaloniki'],
    ['Λεμεσός', 'lemesos'],
    ['Πάφος', 'pafos'],
    ['Χανιά', 'chania'],
  ])('transliterates Greek: %s -> %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it.each([
    ['دبي', 'dby'],
    ['الشارقة', 'alsharqa'],
    ['أبوظبي', 'abwzby'],
    ['شارع ٢٥', 'shar-25'],
  ])('transliterates Arabic: %s -> %s', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it('gives an empty string when nothing is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ---')).toBe('');
    expect(slugify('北京')).toBe('');
  });

  it('cuts long names at a word boundary', () => {
    const long = slugify(`${'word '.repeat(40)}end`);
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long.endsWith('-')).toBe(false);
    expect(long.split('-').every((part) => part === 'word')).toBe(true);
    const single = slugify('a'.repeat(150));
    expect(single).toBe('a'.repeat(SLUG_MAX_LENGTH));
  });

  it('always produces a valid slug or nothing', () => {
    for (const input of ['Praha 5', 'Αθήνα', 'Пловдив', 'دبي', 'x'.repeat(300), 'a - b', 'ÀÉÎÕÜ']) {
      const slug = slugify(input);
      expect(slug === '' || isSlug(slug), input).toBe(true);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

describe('isSlug', () => {
  it('accepts lower-case hyphenated ASCII only', () => {
    expect(isSlug('praha-5')).toBe(true);
    expect(isSlug('a')).toBe(true);
    for (const bad of [
      '',
      'Praha',
      'praha--5',
      '-praha',
      'praha-',
      'praha 5',
      'stred/brno',
      'střed',
      'a'.repeat(101),
    ]) {
      expect(isSlug(bad), bad).toBe(false);
    }
  });
});
