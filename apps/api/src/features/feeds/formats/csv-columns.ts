import {
  AREA_UNITS,
  BUILDING_TYPES,
  COUNTRY_CODES,
  CURRENCIES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  LOCALES,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PRICE_VARIANTS,
  PROPERTY_TYPES,
  type PropertyContact,
  type PropertyField,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  TAGS,
} from '@estately/domain';
import { FEED_REQUIRED_FIELDS } from './finish-feed-listing.ts';

// The CSV format of our own (issue 42): one row per listing, a header row naming the columns
// in any order. Names follow our property fields (snake_case); allowed values are our value
// sets, so this table is the format's whole definition: the reader parses by it and
// docs/feed-formats.md prints it.

export type CsvColumnKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'date'
  | 'choice'
  | 'list'
  | 'yes_no'
  | 'boolean'
  | 'urls';

export type CsvTarget =
  | PropertyField
  | 'external_id'
  | 'withdrawn'
  | 'photos'
  | `contact.${keyof PropertyContact}`;

export interface CsvColumn {
  name: string;
  target: CsvTarget;
  kind: CsvColumnKind;
  /** The allowed values of a `choice` or of each item of a `list`. */
  values?: readonly string[];
  /** For the docs: what the column holds beyond its kind. */
  note?: string;
}

/** Items of a list cell, and photo addresses, are separated by this character. */
export const CSV_LIST_SEPARATOR = '|';

export const CSV_COLUMNS: readonly CsvColumn[] = [
  {
    name: 'external_id',
    target: 'external_id',
    kind: 'text',
    note: 'Your id of the listing, unique in the file; at most 100 characters.',
  },
  {
    name: 'withdrawn',
    target: 'withdrawn',
    kind: 'yes_no',
    note: '`yes` withdraws the listing; empty is `no`.',
  },
  { name: 'offer_type', target: 'offer_type', kind: 'choice', values: OFFER_TYPES },
  { name: 'property_type', target: 'property_type', kind: 'choice', values: PROPERTY_TYPES },
  {
    name: 'price',
    target: 'price',
    kind: 'number',
    note: 'Above zero; may be empty when `price_variant` is `on_request`.',
  },
  { name: 'price_variant', target: 'price_variant', kind: 'choice', values: PRICE_VARIANTS },
  { name: 'currency', target: 'currency_iso_code', kind: 'choice', values: CURRENCIES },
  {
    name: 'rent_period',
    target: 'rent_price_period',
    kind: 'choice',
    values: RENT_PRICE_PERIODS,
    note: 'Rent offers.',
  },
  {
    name: 'minimum_rental_period',
    target: 'minimum_rental_period',
    kind: 'integer',
    note: 'Months; rent offers.',
  },
  // A rent's true monthly cost (issue 43 point 6, decision 074).
  {
    name: 'monthly_fees',
    target: 'monthly_fees',
    kind: 'number',
    note: "Service charges and fees a month, in the offer's currency; 0 or more. Rent offers.",
  },
  {
    name: 'monthly_utilities',
    target: 'monthly_utilities',
    kind: 'number',
    note: "Your estimate of utilities (energy, water, heating) a month, in the offer's currency; 0 or more; empty when `utilities_included` is `yes`. Rent offers.",
  },
  {
    name: 'utilities_included',
    target: 'utilities_included',
    kind: 'boolean',
    note: '`yes` when the rent includes utilities, `no` when they are paid on top; empty: not said.',
  },
  { name: 'disposition', target: 'disposition', kind: 'choice', values: DISPOSITIONS },
  {
    name: 'rooms',
    target: 'room',
    kind: 'list',
    values: ROOM_TYPES,
    note: 'One item per room: two bedrooms are `bedroom|bedroom`.',
  },
  { name: 'bathrooms', target: 'bathroom', kind: 'integer' },
  { name: 'useful_area', target: 'useful_area', kind: 'number' },
  {
    name: 'area_units',
    target: 'useful_area_units',
    kind: 'choice',
    values: AREA_UNITS,
    note: 'Empty: `m2`.',
  },
  { name: 'floor', target: 'floor', kind: 'integer', note: '0 is the ground floor; below it, negative.' },
  { name: 'total_floors', target: 'total_floors', kind: 'integer' },
  { name: 'year_built', target: 'year_built', kind: 'integer' },
  { name: 'building_type', target: 'type_of_building', kind: 'choice', values: BUILDING_TYPES },
  { name: 'heating', target: 'type_of_heating', kind: 'choice', values: HEATING_TYPES },
  { name: 'energy_class', target: 'penb', kind: 'choice', values: ENERGY_CLASSES },
  { name: 'furnishings', target: 'furnishings', kind: 'choice', values: FURNISHINGS },
  { name: 'ownership', target: 'ownership', kind: 'choice', values: OWNERSHIPS },
  { name: 'reconstruction', target: 'reconstruction', kind: 'choice', values: RECONSTRUCTIONS },
  { name: 'parking', target: 'parking', kind: 'choice', values: PARKING_TYPES },
  { name: 'parking_places', target: 'number_of_parking_places', kind: 'integer' },
  { name: 'other_params', target: 'other_params', kind: 'list', values: OTHER_PARAMS },
  { name: 'tags', target: 'tags', kind: 'list', values: TAGS },
  { name: 'free_from', target: 'free_from_date', kind: 'date', note: '`YYYY-MM-DD`.' },
  { name: 'street', target: 'street', kind: 'text', note: 'With the house number.' },
  { name: 'zip', target: 'zip', kind: 'text' },
  { name: 'city', target: 'city', kind: 'text' },
  { name: 'city_part', target: 'city_part', kind: 'text' },
  { name: 'country', target: 'country_code', kind: 'choice', values: COUNTRY_CODES },
  {
    name: 'latitude',
    target: 'latitude',
    kind: 'number',
    note: 'Decimal degrees, -90 to 90; empty: found from the city.',
  },
  {
    name: 'longitude',
    target: 'longitude',
    kind: 'number',
    note: 'Decimal degrees, -180 to 180; empty: found from the city.',
  },
  {
    name: 'description',
    target: 'description',
    kind: 'text',
    note: 'At most 10,000 characters; line breaks inside quotes.',
  },
  {
    name: 'description_locale',
    target: 'locale',
    kind: 'choice',
    values: LOCALES,
    note: 'Empty: the feed’s language.',
  },
  {
    name: 'contact_name',
    target: 'contact.contact_name',
    kind: 'text',
    note: 'Empty contact columns: the account’s contact.',
  },
  { name: 'contact_email', target: 'contact.contact_email', kind: 'text' },
  {
    name: 'contact_phone',
    target: 'contact.contact_phone',
    kind: 'text',
    note: 'Digits, spaces, `+ ( ) -`.',
  },
  {
    name: 'photo_urls',
    target: 'photos',
    kind: 'urls',
    note: '`http` or `https` addresses; the first is the cover.',
  },
];

/** Columns a header must name: the id, and each column of a field a listing is rejected without. */
export const CSV_REQUIRED_COLUMNS: readonly string[] = CSV_COLUMNS.filter(
  (column) =>
    column.target === 'external_id' || (FEED_REQUIRED_FIELDS as readonly string[]).includes(column.target),
).map((column) => column.name);

export const CSV_COLUMN_BY_NAME: ReadonlyMap<string, CsvColumn> = new Map(
  CSV_COLUMNS.map((column) => [column.name, column]),
);
