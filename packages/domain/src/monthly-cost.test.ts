import { describe, expect, it } from 'vitest';
import { PropertyFieldsSchema, publishProblems, utilitiesStatedTwice } from './contracts/property-writes.ts';
import { monthlyCost } from './monthly-cost.ts';

describe('monthlyCost', () => {
  it('adds fees and utilities to the rent', () => {
    expect(monthlyCost({ rent: 18_000, fees: 2_500, utilities: 1_800, utilitiesIncluded: false })).toEqual({
      total: 22_300,
      rent: 18_000,
      fees: 2_500,
      utilities: 1_800,
      utilitiesIncluded: false,
      unstated: [],
    });
  });

  it('adds nothing for utilities the rent includes, and says nothing is missing for them', () => {
    const cost = monthlyCost({ rent: 900, fees: 120, utilities: null, utilitiesIncluded: true });
    expect(cost.total).toBe(1_020);
    expect(cost.utilities).toBeNull();
    expect(cost.unstated).toEqual([]);
  });

  it('never adds an estimate beside "included" (an old row or a feed that states both)', () => {
    expect(monthlyCost({ rent: 900, fees: 0, utilities: 300, utilitiesIncluded: true }).total).toBe(900);
  });

  it('lists what is not stated; a stated 0 is a stated none', () => {
    expect(monthlyCost({ rent: 1_000, fees: null, utilities: null, utilitiesIncluded: null })).toMatchObject({
      total: 1_000,
      unstated: ['fees', 'utilities'],
    });
    expect(monthlyCost({ rent: 1_000, fees: 0, utilities: null, utilitiesIncluded: false }).unstated).toEqual(
      ['utilities'],
    );
  });
});

describe('monthly amounts of the property contract', () => {
  it('takes amounts from 0 to the limit and refuses the rest with a message key', () => {
    expect(PropertyFieldsSchema.safeParse({ monthly_fees: 0, monthly_utilities: 2_500.5 }).success).toBe(
      true,
    );
    const refused = PropertyFieldsSchema.safeParse({
      monthly_fees: -1,
      monthly_utilities: 10_000_001,
      utilities_included: 'yes',
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      monthly_fees: 'validation.number_too_small',
      monthly_utilities: 'validation.number_too_large',
      utilities_included: 'validation.invalid_boolean',
    });
  });

  it('finds utilities both included and estimated on top', () => {
    expect(utilitiesStatedTwice({ utilities_included: true, monthly_utilities: 1_500 })).toBe(true);
    expect(utilitiesStatedTwice({ utilities_included: true, monthly_utilities: 0 })).toBe(false);
    expect(utilitiesStatedTwice({ utilities_included: false, monthly_utilities: 1_500 })).toBe(false);
    expect(publishProblems({ utilities_included: true, monthly_utilities: 1_500 }).monthly_utilities).toEqual(
      ['validation.utilities_included'],
    );
  });
});
