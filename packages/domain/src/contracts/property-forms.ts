// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { FILTER_LIMITS, MAX_RADIUS_KM } from '../search/filters.ts';
import {
  AREA_UNITS,
  BATHROOMS,
  BUILDING_TYPES,
  COUNTRY_CODES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PRICE_VARIANTS,
  PROPERTY_TYPES,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  SELLER_TYPES,
  TAGS,
} from '../value-sets.ts';
import { PROPERTY_LIMITS, PUBLISH_REQUIRED_FIELDS, RENT_REQUIRED_FIELDS } from './property-writes.ts';

// Form definitions of GET /v1/property/property-form and GET /v1/property/search-form (spec 7,
// issue 7): the web forms are drawn from these, so fields, value sets and limits exist once.
// Labels are message keys here; the API turns them into text for the Accept-Language locale.

export const FORM_FIELD_TYPES = [
  'enum',
  'multi_enum',
  'number',
  'integer',
  'text',
  'long_text',
  'date',
  'boolean',
  'email',
  'phone',
  'group',
] as const;

export interface FormFieldDefinition {
  name: string;
  type: (typeof FORM_FIELD_TYPES)[number];
  /** Needed to publish (property form) or to search at all (search form). */
  required: boolean;
  /** Needed to publish a rent offer only. */
  requiredForRent?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** The allowed values, in display order. */
  values?: readonly string[];
  /** i18n value-set name of the values' labels (`value.<set>.<value>`). */
  valueSet?: string;
  /** i18n message key of the field's label, where the catalogue has one. */
  labelKey?: string;
  /** Sub-fields of a group (the contact). */
  fields?: FormFieldDefinition[];
}

const required = (name: string) =>
  (PUBLISH_REQUIRED_FIELDS as readonly string[]).includes(name) || name === 'contact';
const rent = (name: string) => (RENT_REQUIRED_FIELDS as readonly string[]).includes(name);

function field(definition: Omit<FormFieldDefinition, 'required'>): FormFieldDefinition {
  const out: FormFieldDefinition = { ...definition, required: required(definition.name) };
  if (rent(definition.name)) out.requiredForRent = true;
  return out;
}

/** The property form: every seller-set field of POST /v1/property/save. */
export const PROPERTY_FORM_FIELDS: readonly FormFieldDefinition[] = [
  field({
    name: 'offer_type',
    type: 'enum',
    values: OFFER_TYPES,
    valueSet: 'offer_type',
    labelKey: 'filter.offer_type',
  }),
  field({
    name: 'property_type',
    type: 'enum',
    values: PROPERTY_TYPES,
    valueSet: 'property_type',
    labelKey: 'filter.property_type',
  }),
  field({ name: 'price', type: 'number', min: 0, max: PROPERTY_LIMITS.priceMax, labelKey: 'filter.price' }),
  field({ name: 'currency_iso_code', type: 'enum', values: CURRENCIES, labelKey: 'filter.currency' }),
  field({ name: 'price_variant', type: 'enum', values: PRICE_VARIANTS, valueSet: 'price_variant' }),
  field({
    name: 'rent_price_period',
    type: 'enum',
    values: RENT_PRICE_PERIODS,
    valueSet: 'rent_price_period',
  }),
  field({
    name: 'disposition',
    type: 'enum',
    values: DISPOSITIONS,
    valueSet: 'disposition',
    labelKey: 'filter.disposition',
  }),
  field({
    name: 'room',
    type: 'multi_enum',
    values: ROOM_TYPES,
    valueSet: 'room_type',
    max: PROPERTY_LIMITS.roomsMax,
    labelKey: 'filter.room_types',
  }),
  field({ name: 'bathroom', type: 'integer', min: 0, max: 20, labelKey: 'filter.bathrooms' }),
  field({
    name: 'useful_area',
    type: 'number',
    min: 0,
    max: PROPERTY_LIMITS.areaMax,
    labelKey: 'filter.area',
  }),
  field({ name: 'useful_area_units', type: 'enum', values: AREA_UNITS, valueSet: 'area_unit' }),
  field({
    name: 'floor',
    type: 'integer',
    min: PROPERTY_LIMITS.floorMin,
    max: PROPERTY_LIMITS.floorMax,
    labelKey: 'filter.floor',
  }),
  field({
    name: 'total_floors',
    type: 'integer',
    min: 1,
    max: PROPERTY_LIMITS.floorMax,
    labelKey: 'filter.total_floors',
  }),
  field({
    name: 'year_built',
    type: 'integer',
    min: PROPERTY_LIMITS.yearBuiltMin,
    max: 2100,
    labelKey: 'filter.year_built',
  }),
  field({
    name: 'type_of_building',
    type: 'enum',
    values: BUILDING_TYPES,
    valueSet: 'building_type',
    labelKey: 'filter.building_type',
  }),
  field({
    name: 'type_of_heating',
    type: 'enum',
    values: HEATING_TYPES,
    valueSet: 'heating',
    labelKey: 'filter.heating',
  }),
  field({
    name: 'ownership',
    type: 'enum',
    values: OWNERSHIPS,
    valueSet: 'ownership',
    labelKey: 'filter.ownership',
  }),
  field({
    name: 'reconstruction',
    type: 'enum',
    values: RECONSTRUCTIONS,
    valueSet: 'reconstruction',
    labelKey: 'filter.reconstruction',
  }),
  field({
    name: 'furnishings',
    type: 'enum',
    values: FURNISHINGS,
    valueSet: 'furnishing',
    labelKey: 'filter.furnishing',
  }),
  field({
    name: 'parking',
    type: 'enum',
    values: PARKING_TYPES,
    valueSet: 'parking',
    labelKey: 'filter.parking',
  }),
  field({ name: 'number_of_parking_places', type: 'integer', min: 0, max: PROPERTY_LIMITS.parkingPlacesMax }),
  field({
    name: 'penb',
    type: 'enum',
    values: ENERGY_CLASSES,
    valueSet: 'energy_class',
    labelKey: 'filter.energy_class',
  }),
  field({
    name: 'other_params',
    type: 'multi_enum',
    values: OTHER_PARAMS,
    valueSet: 'other_param',
    labelKey: 'filter.other_params',
  }),
  field({ name: 'tags', type: 'multi_enum', values: TAGS, valueSet: 'tag', labelKey: 'filter.tags' }),
  field({ name: 'free_from_date', type: 'date', labelKey: 'filter.free_from' }),
  field({
    name: 'minimum_rental_period',
    type: 'integer',
    min: 1,
    max: PROPERTY_LIMITS.minimumRentalPeriodMax,
  }),
  field({ name: 'description', type: 'long_text', maxLength: PROPERTY_LIMITS.descriptionMax }),
  field({ name: 'locale', type: 'enum', values: LOCALES }),
  field({ name: 'street', type: 'text', maxLength: PROPERTY_LIMITS.textMax }),
  field({ name: 'zip', type: 'text', maxLength: 12 }),
  field({ name: 'city', type: 'text', maxLength: PROPERTY_LIMITS.textMax }),
  field({ name: 'city_part', type: 'text', maxLength: PROPERTY_LIMITS.textMax }),
  field({ name: 'country_code', type: 'enum', values: COUNTRY_CODES, labelKey: 'filter.country' }),
  field({ name: 'latitude', type: 'number', min: -90, max: 90 }),
  field({ name: 'longitude', type: 'number', min: -180, max: 180 }),
  field({
    name: 'contact',
    type: 'group',
    fields: [
      { name: 'contact_name', type: 'text', required: false, maxLength: PROPERTY_LIMITS.textMax },
      { name: 'contact_email', type: 'email', required: false, maxLength: 254 },
      { name: 'contact_email_second', type: 'email', required: false, maxLength: 254 },
      { name: 'contact_phone', type: 'phone', required: false },
      { name: 'contact_phone_second', type: 'phone', required: false },
    ],
  }),
];

const opt = (definition: Omit<FormFieldDefinition, 'required'>): FormFieldDefinition => ({
  ...definition,
  required: false,
});

/** The search form: the filters of GET /public/offers (spec 9), grouped as the filter panel shows them. */
export const SEARCH_FORM_FIELDS: readonly FormFieldDefinition[] = [
  opt({
    name: 'offer_type',
    type: 'enum',
    values: OFFER_TYPES,
    valueSet: 'offer_type',
    labelKey: 'filter.offer_type',
  }),
  opt({
    name: 'property_type',
    type: 'enum',
    values: PROPERTY_TYPES,
    valueSet: 'property_type',
    labelKey: 'filter.property_type',
  }),
  opt({ name: 'country_code', type: 'enum', values: COUNTRY_CODES, labelKey: 'filter.country' }),
  opt({ name: 'locality', type: 'text', labelKey: 'filter.location' }),
  opt({ name: 'price_from', type: 'number', min: 0, max: FILTER_LIMITS.price.max, labelKey: 'filter.price' }),
  opt({ name: 'price_to', type: 'number', min: 0, max: FILTER_LIMITS.price.max, labelKey: 'filter.price' }),
  opt({ name: 'currency', type: 'enum', values: CURRENCIES, labelKey: 'filter.currency' }),
  opt({ name: 'area_from', type: 'number', min: 0, max: FILTER_LIMITS.area.max, labelKey: 'filter.area' }),
  opt({ name: 'area_to', type: 'number', min: 0, max: FILTER_LIMITS.area.max, labelKey: 'filter.area' }),
  opt({ name: 'radius_km', type: 'number', min: 0, max: MAX_RADIUS_KM, labelKey: 'filter.radius' }),
  opt({
    name: 'dispositions',
    type: 'multi_enum',
    values: DISPOSITIONS,
    valueSet: 'disposition',
    labelKey: 'filter.disposition',
  }),
  opt({
    name: 'bathrooms',
    type: 'multi_enum',
    values: BATHROOMS,
    valueSet: 'bathrooms',
    labelKey: 'filter.bathrooms',
  }),
  opt({
    name: 'room_types',
    type: 'multi_enum',
    values: ROOM_TYPES,
    valueSet: 'room_type',
    labelKey: 'filter.room_types',
  }),
  opt({
    name: 'furnishings',
    type: 'multi_enum',
    values: FURNISHINGS,
    valueSet: 'furnishing',
    labelKey: 'filter.furnishing',
  }),
  opt({
    name: 'other_params',
    type: 'multi_enum',
    values: OTHER_PARAMS,
    valueSet: 'other_param',
    labelKey: 'filter.other_params',
  }),
  opt({
    name: 'ownerships',
    type: 'multi_enum',
    values: OWNERSHIPS,
    valueSet: 'ownership',
    labelKey: 'filter.ownership',
  }),
  opt({
    name: 'reconstructions',
    type: 'multi_enum',
    values: RECONSTRUCTIONS,
    valueSet: 'reconstruction',
    labelKey: 'filter.reconstruction',
  }),
  opt({
    name: 'building_types',
    type: 'multi_enum',
    values: BUILDING_TYPES,
    valueSet: 'building_type',
    labelKey: 'filter.building_type',
  }),
  opt({
    name: 'heating',
    type: 'multi_enum',
    values: HEATING_TYPES,
    valueSet: 'heating',
    labelKey: 'filter.heating',
  }),
  opt({
    name: 'parking',
    type: 'multi_enum',
    values: PARKING_TYPES,
    valueSet: 'parking',
    labelKey: 'filter.parking',
  }),
  opt({
    name: 'energy_classes',
    type: 'multi_enum',
    values: ENERGY_CLASSES,
    valueSet: 'energy_class',
    labelKey: 'filter.energy_class',
  }),
  opt({
    name: 'seller_types',
    type: 'multi_enum',
    values: SELLER_TYPES,
    valueSet: 'seller_type',
    labelKey: 'filter.seller_type',
  }),
  opt({ name: 'tags', type: 'multi_enum', values: TAGS, valueSet: 'tag', labelKey: 'filter.tags' }),
  opt({ name: 'floor_from', type: 'integer', ...FILTER_LIMITS.floor, labelKey: 'filter.floor' }),
  opt({ name: 'floor_to', type: 'integer', ...FILTER_LIMITS.floor, labelKey: 'filter.floor' }),
  opt({
    name: 'total_floors_from',
    type: 'integer',
    ...FILTER_LIMITS.total_floors,
    labelKey: 'filter.total_floors',
  }),
  opt({
    name: 'total_floors_to',
    type: 'integer',
    ...FILTER_LIMITS.total_floors,
    labelKey: 'filter.total_floors',
  }),
  opt({
    name: 'year_built_from',
    type: 'integer',
    ...FILTER_LIMITS.year_built,
    labelKey: 'filter.year_built',
  }),
  opt({ name: 'year_built_to', type: 'integer', ...FILTER_LIMITS.year_built, labelKey: 'filter.year_built' }),
  opt({ name: 'age_days', type: 'integer', ...FILTER_LIMITS.age_days, labelKey: 'filter.age_days' }),
  opt({ name: 'photos_min', type: 'integer', ...FILTER_LIMITS.photos_min, labelKey: 'filter.photos' }),
  opt({
    name: 'trust_score_min',
    type: 'integer',
    ...FILTER_LIMITS.trust_score,
    labelKey: 'filter.trust_score',
  }),
  opt({
    name: 'seller_rating_min',
    type: 'number',
    ...FILTER_LIMITS.seller_rating,
    labelKey: 'filter.seller_rating',
  }),
  opt({ name: 'free_from', type: 'date', labelKey: 'filter.free_from' }),
  opt({ name: 'has_floor_plan', type: 'boolean', labelKey: 'filter.floor_plan' }),
  opt({ name: 'verified_only', type: 'boolean', labelKey: 'filter.verified_only' }),
  opt({ name: 'hide_reserved', type: 'boolean', labelKey: 'filter.hide_reserved' }),
];

// Two levels, not a recursive schema: a group (the contact) holds plain fields only, and a
// recursive schema would need a self-reference the OpenAPI document cannot resolve.
const FormFieldBaseSchema = z.object({
  name: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  required_for_rent: z.boolean().optional(),
  label: z.string().nullable().describe('Localized label; null where the catalogue has none'),
  min: z.number().optional(),
  max: z.number().optional(),
  max_length: z.number().optional(),
  values: z.array(z.object({ value: z.string(), label: z.string().nullable() })).optional(),
});

export const FormFieldSchema = FormFieldBaseSchema.extend({
  fields: z.array(FormFieldBaseSchema).optional().describe('Sub-fields of a group'),
});
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormDefinitionSchema = z.object({
  form: z.enum(['property', 'search']),
  locale: z.enum(LOCALES),
  fields: z.array(FormFieldSchema),
});
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;
