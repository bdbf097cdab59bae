import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './index.ts';

describe('negotiateLocale', () => {
  it.each([
    ['cs', 'cs'],
    ['cs-CZ,cs;q=0.9,en;q=0.8', 'cs'],
    ['de-CH,de;q=0.9', 'de-CH'],
    ['de-DE,de;q=0.9', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['en-gb', 'en-GB'],
    ['sr-Latn-ME', 'sr-ME'],
    ['sr-Cyrl-RS', 'sr'],
    ['el', 'el-GR'],
    ['el-CY', 'el-CY'],
    ['pt-BR', 'pt'],
    ['tr-CY;q=0.7, tr;q=0.9', 'tr'],
    ['fr-CA;q=0.8, ja, ar;q=0.9', 'ar'],
    ['nl-be;q=0.5, es;q=0', 'nl-BE'],
    ['ja, zh-CN;q=0.9', null],
    ['*', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
