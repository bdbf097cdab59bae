import { FACET_GROUPS, FACET_VALUES, type FacetGroup } from '@estately/domain';
import { isArrayGroup } from '../offer-conditions.ts';

// How the facet index holds an offer's facet values: each group of one value as a code (a
// byte), each group of several values as a bit mask (32 bits), in the orders below.

/** The groups an offer has values in; offer type and property type are its partition's. */
export type ValueGroup = Exclude<FacetGroup, 'offer_type' | 'property_type'>;
export const VALUE_GROUPS = FACET_GROUPS.filter(
  (group) => group !== 'offer_type' && group !== 'property_type',
) as ValueGroup[];
/** The groups of one value an offer, in the order of an offer's codes (Partition.codes). */
export const SCALAR_GROUPS: readonly FacetGroup[] = VALUE_GROUPS.filter((group) => !isArrayGroup(group));
export const ARRAY_GROUPS: readonly FacetGroup[] = VALUE_GROUPS.filter((group) => isArrayGroup(group));
for (const group of ARRAY_GROUPS) {
  if (FACET_VALUES[group].length > 32) throw new Error(`facet index: ${group} has more than 32 values`);
}
/** Codes an offer has: one per scalar group. */
export const S = SCALAR_GROUPS.length;
/** Masks an offer has: one per array group. */
export const A = ARRAY_GROUPS.length;
/** Value codes: 0 for none or a value outside the group's set, else the value's index + 1. */
export const CODES = new Map<FacetGroup, Map<string, number>>(
  FACET_GROUPS.map((group) => [
    group,
    new Map((FACET_VALUES[group] as readonly string[]).map((value, index) => [value, index + 1])),
  ]),
);

/** The codes of each scalar group's values, in SCALAR_GROUPS order; likewise the array groups'. */
export const SCALAR_CODES = SCALAR_GROUPS.map((group) => CODES.get(group)!);
export const ARRAY_CODES = ARRAY_GROUPS.map((group) => CODES.get(group)!);
