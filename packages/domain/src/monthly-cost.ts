// The true monthly cost of a rental (issue 43 point 6, docs/decisions/074): the rent plus what
// the seller states a tenant pays beside it each month. Pure, so the offer page, its tests and
// any other reader add the same parts the same way.

/** The parts of a month's cost, each in one currency; null where the offer does not state it. */
export interface MonthlyCostInput {
  rent: number;
  /** Service charges and fees a month. */
  fees: number | null;
  /** The seller's estimate of utilities a month. */
  utilities: number | null;
  /** Utilities are in the rent: nothing is added for them. Null when not said. */
  utilitiesIncluded: boolean | null;
}

export interface MonthlyCost {
  /** Rent, plus fees, plus utilities unless included: what is stated, never an estimate of ours. */
  total: number;
  rent: number;
  fees: number | null;
  /** Null when included in the rent, or not stated. */
  utilities: number | null;
  utilitiesIncluded: boolean;
  /** Parts the offer leaves unstated, so the page can say the total may be higher. */
  unstated: ('fees' | 'utilities')[];
}

/**
 * Adds up a month's cost. Utilities count once: when the rent includes them they are not added
 * (a stated estimate beside "included" is refused on save, decision 074). A part stated as 0 is a
 * stated "none", unlike null.
 */
export function monthlyCost(input: MonthlyCostInput): MonthlyCost {
  const included = input.utilitiesIncluded === true;
  const utilities = included ? null : input.utilities;
  const unstated: MonthlyCost['unstated'] = [];
  if (input.fees === null) unstated.push('fees');
  if (!included && input.utilities === null) unstated.push('utilities');
  return {
    total: input.rent + (input.fees ?? 0) + (utilities ?? 0),
    rent: input.rent,
    fees: input.fees,
    utilities,
    utilitiesIncluded: included,
    unstated,
  };
}
