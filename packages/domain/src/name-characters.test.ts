import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CompanySignupBodySchema } from './contracts/auth.ts';
import { OfferMessageInputSchema } from './contracts/offer-actions.ts';
import { PropertyContactSchema } from './contracts/property-writes.ts';
import { UpdateUserBodySchema } from './contracts/users.ts';
import { hasBidiControl } from './name-characters.ts';

// Issue 37: names accepted U+202E (RIGHT-TO-LEFT OVERRIDE) and the other bidirectional controls.

/** Every character with the Unicode property Bidi_Control (UAX #9 table 4). */
const BIDI_CONTROLS = [
  '\u061C',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

/** Names in the scripts of the 30 locales, including right-to-left ones, none with a control. */
const NAMES = [
  'Jana',
  'Nováková',
  'Ørsted & Søn',
  'Δημήτρης',
  'Иванов',
  'محمد العلي',
  'Şükrü',
  "O'Brien-Smith",
];

/** Every name field of the contracts, as schema and path of the field. */
const NAME_FIELDS: Array<{
  field: string;
  check: (name: string) => z.ZodSafeParseResult<unknown>;
  path: string;
}> = [
  ...(['company_name', 'contact_first_name', 'contact_last_name'] as const).map((field) => ({
    field: `company sign-up ${field}`,
    check: (name: string) => CompanySignupBodySchema.safeParse({ [field]: name }),
    path: field,
  })),
  ...(['firstName', 'lastName', 'companyName'] as const).map((field) => ({
    field: `profile ${field}`,
    check: (name: string) => UpdateUserBodySchema.safeParse({ [field]: name }),
    path: field,
  })),
  {
    field: 'offer message sender name',
    check: (name: string) => OfferMessageInputSchema.safeParse({ name }),
    path: 'name',
  },
  {
    field: 'property contact name',
    check: (name: string) => PropertyContactSchema.safeParse({ contact_name: name }),
    path: 'contact_name',
  },
];

function keysAt(result: z.ZodSafeParseResult<unknown>, path: string): string[] {
  return result.success
    ? []
    : result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('hasBidiControl', () => {
  it('finds each of the twelve bidirectional controls anywhere in a string', () => {
    for (const control of BIDI_CONTROLS) {
      expect(hasBidiControl(control), control.codePointAt(0)?.toString(16)).toBe(true);
      expect(hasBidiControl(`Jan${control}gnp.exe`)).toBe(true);
    }
  });

  it('finds none in names of any script or in joiners, and exactly the controls in any string', () => {
    for (const name of NAMES) expect(hasBidiControl(name), name).toBe(false);
    // Zero-width joiner and non-joiner shape Persian and Indic names; they reorder nothing.
    expect(hasBidiControl('می\u200Cخواهم')).toBe(false);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...BIDI_CONTROLS), fc.string({ unit: 'binary' }))),
        (parts) => {
          const text = parts.join('');
          const expected = [...text].some((char) => BIDI_CONTROLS.includes(char));
          return hasBidiControl(text) === expected;
        },
      ),
    );
  });
});

describe('every name field refuses bidirectional controls with validation.invalid_characters', () => {
  it.each(NAME_FIELDS)('$field', ({ check, path }) => {
    for (const control of BIDI_CONTROLS) {
      expect(keysAt(check(`Jan${control}gnp.exe`), path), control.codePointAt(0)?.toString(16)).toEqual([
        'validation.invalid_characters',
      ]);
    }
    for (const name of NAMES) expect(keysAt(check(name), path), name).toEqual([]);
  });
});
