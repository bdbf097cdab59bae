import type {
  BuildingType,
  Disposition,
  EnergyClass,
  Furnishing,
  HeatingType,
  Ownership,
  Reconstruction,
  RoomType,
} from './value-sets.ts';

// Derived display values of spec 3: layout, address, parameter list, user display name; and how
// a converted price is rounded for display.
export { roundConvertedPrice, shownPrice } from './converted-price.ts';

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

/** A message to show: a catalog key and its values (the domain names words, the catalogs hold them). */
export interface MessageRef {
  key: string;
  values?: Record<string, number>;
}

/** Translates a message key of the catalogs; `translateDynamic` of @estately/i18n bound to a locale. */
export type TranslateMessage = (key: string, values?: Record<string, string | number>) => string;

/**
 * The layout of an offer in words (spec 3, issue 38 point 5). The disposition the seller chose
 * wins: a maisonette or an atypical layout is its own word, never the room count; a number of
 * rooms takes its kitchen part (`+kk` or `+1`) from the layout derived from the room list
 * (`layoutFromRooms`). Without a disposition the derived layout alone speaks; with neither there is
 * no layout (null), and a title has no layout part.
 */
export function layoutMessage(offer: {
  /** A DISPOSITIONS value; lists that type it as text pass it as it is. */
  disposition?: Disposition | string | null;
  layout?: string | null;
}): MessageRef | null {
  const { disposition } = offer;
  if (disposition === 'maisonette' || disposition === 'atypical') return { key: `layout.${disposition}` };
  const derived = /^(\d+)\+(KK|\d+)$/i.exec(offer.layout ?? '');
  const derivedRooms = derived ? Number(derived[1]) : null;
  const kitchens = derived ? (derived[2]!.toUpperCase() === 'KK' ? 0 : Number(derived[2])) : null;
  let rooms: number | null = derivedRooms;
  if (disposition === '6+') {
    if (derivedRooms === null) return { key: valueMessageKey('disposition', disposition) };
    rooms = Math.max(6, derivedRooms);
  } else if (disposition && /^\d+$/.test(disposition)) rooms = Number(disposition);
  if (rooms === null) return null;
  if (kitchens === null) return { key: 'layout.rooms', values: { rooms } };
  if (kitchens === 0) return { key: 'layout.rooms_kitchenette', values: { rooms } };
  return { key: 'layout.rooms_kitchens', values: { rooms, kitchens } };
}

/** The offer fields a title reads. */
export interface HeadingSource {
  offer_type: string;
  property_type: string;
  disposition?: Disposition | string | null;
  layout?: string | null;
}

/**
 * The title of an offer (page title, card, headings): "Prodej bytu 3+kk, 75 m²", "Apartment for
 * sale, 3 rooms + kitchenette, 75 m²". Every word comes from the catalogs, and so does the way the
 * parts join (a space in Czech, a comma in English, the Arabic comma in Arabic). `area` is the
 * formatted useful area, or null to leave it out.
 */
export function offerHeading(offer: HeadingSource, area: string | null, t: TranslateMessage): string {
  let title = t(`offer.title.${offer.offer_type}_${offer.property_type}`);
  const layout = layoutMessage(offer);
  if (layout) title = t('offer.heading_layout', { title, layout: t(layout.key, layout.values) });
  if (area) title = t('offer.heading_area', { title, area });
  return title;
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
