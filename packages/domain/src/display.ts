import type {
  BuildingType,
  EnergyClass,
  Furnishing,
  HeatingType,
  Ownership,
  Reconstruction,
  RoomType,
} from './value-sets.ts';

// Derived display values of spec 3: layout, address, parameter list, user display name.

/** Rooms that do not count toward the layout number (spec 3). */
const NOT_COUNTED: ReadonlySet<RoomType> = new Set<RoomType>(['kitchen', 'bathroom', 'toilet']);

/**
 * Czech-style layout from the room list (spec 3): the count of rooms other than kitchen,
 * bathroom and toilet, then `+` and the number of kitchens, or `KK` (kitchenette) when there
 * is no separate kitchen: `3+KK`, `2+1`. Returns null when no room counts (nothing to show).
 */
export function layoutFromRooms(rooms: readonly RoomType[] | null | undefined): string | null {
  if (!rooms) return null;
  let counted = 0;
  let kitchens = 0;
  for (const room of rooms) {
    if (room === 'kitchen') kitchens++;
    else if (!NOT_COUNTED.has(room)) counted++;
  }
  if (counted === 0) return null;
  return `${counted}+${kitchens === 0 ? 'KK' : kitchens}`;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Street and city joined by ", ", skipping missing parts (spec 3). */
export function formatAddress(parts: { street?: string | null; city?: string | null }): string {
  return [parts.street, parts.city]
    .filter(present)
    .map((part) => part.trim())
    .join(', ');
}

/** First and last name when both exist, else the e-mail (spec 3). */
export function userDisplayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  if (present(user.firstName) && present(user.lastName))
    return `${user.firstName.trim()} ${user.lastName.trim()}`;
  return user.email;
}

type OneOrMany<T> = T | readonly T[] | null | undefined;

/** The offer fields the parameter list reads (spec 3 offer detail names). */
export interface ParameterSource {
  ownership?: OneOrMany<Ownership>;
  reconstruction?: OneOrMany<Reconstruction>;
  penb?: OneOrMany<EnergyClass>;
  type_of_building?: OneOrMany<BuildingType>;
  type_of_heating?: OneOrMany<HeatingType>;
  furnishings?: OneOrMany<Furnishing>;
  floor?: number | null;
  total_floors?: number | null;
}

export interface OfferParameter {
  /** Message key of the label, e.g. `offer.ownership`. */
  key: string;
  /** The raw value(s), comma-joined (`personal`, `gas, floor`), or the text itself (`3/5`). */
  value: string;
  /**
   * Message keys to translate and join for display (`value.ownership.personal`); empty when
   * `value` is shown as it is (the floor).
   */
  valueKeys: string[];
}

/** Spec 3 order: ownership, state, energy rating, construction, heating, furnishings, floor. */
const PARAMETER_FIELDS = [
  { field: 'ownership', key: 'offer.ownership', set: 'ownership' },
  { field: 'reconstruction', key: 'offer.state', set: 'reconstruction' },
  { field: 'penb', key: 'offer.energy_rating', set: 'energy_class' },
  { field: 'type_of_building', key: 'offer.construction', set: 'building_type' },
  { field: 'type_of_heating', key: 'offer.heating', set: 'heating' },
  { field: 'furnishings', key: 'offer.furnishing', set: 'furnishing' },
] as const satisfies readonly { field: keyof ParameterSource; key: string; set: string }[];

/** Message key of one value of a value set: `value.<set>.<value>` (the i18n catalog's scheme). */
export function valueMessageKey(set: string, value: string): string {
  return `value.${set}.${value}`;
}

function toList<T>(value: OneOrMany<T>): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/**
 * The parameter list of an offer (spec 3), in display order, leaving out what is unknown.
 * Floor reads `floor/total floors`, or just the floor when the total is unknown.
 */
export function offerParameters(source: ParameterSource): OfferParameter[] {
  const list: OfferParameter[] = [];
  for (const { field, key, set } of PARAMETER_FIELDS) {
    const values = [...new Set(toList<string>(source[field]))];
    if (values.length === 0) continue;
    list.push({
      key,
      value: values.join(', '),
      valueKeys: values.map((value) => valueMessageKey(set, value)),
    });
  }
  if (typeof source.floor === 'number') {
    const value =
      typeof source.total_floors === 'number'
        ? `${source.floor}/${source.total_floors}`
        : String(source.floor);
    list.push({ key: 'offer.floor_label', value, valueKeys: [] });
  }
  return list;
}
