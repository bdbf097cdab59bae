// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import {
  FILTER_SPEC,
  type FilterSpecRow,
  SEARCH_FORM_ORDER,
  type SearchFormType,
} from '../search/filter-spec.ts';
import {
  AREA_UNITS,
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
  // What a tenant pays each month beside the rent (decision 074).
  field({
    name: 'monthly_fees',
    type: 'number',
    min: 0,
    max: PROPERTY_LIMITS.monthlyCostMax,
    labelKey: 'editor.field.monthly_fees',
  }),
  field({
    name: 'monthly_utilities',
    type: 'number',
    min: 0,
    max: PROPERTY_LIMITS.monthlyCostMax,
    labelKey: 'editor.field.monthly_utilities',
  }),
  field({
    name: 'utilities_included',
    type: 'boolean',
    values: ['true', 'false'],
    valueSet: 'utilities_included',
    labelKey: 'editor.field.utilities_included',
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

/** A filter's field in the search form, from its row of the filter table. */
function searchFormField(name: (typeof SEARCH_FORM_ORDER)[number]): FormFieldDefinition {
  const row: FilterSpecRow & { form: SearchFormType } = FILTER_SPEC[name];
  const field: FormFieldDefinition = { name, type: row.form, required: false };
  if (row.values) field.values = row.values;
  if (row.valueSet) field.valueSet = row.valueSet;
  // An input's min is inclusive: a bound that must be above 0 starts its input at 0.
  const min = row.limits?.positive ? 0 : row.limits?.min;
  if (min !== undefined) field.min = min;
  if (row.limits?.max !== undefined) field.max = row.limits.max;
  if (row.labelKey) field.labelKey = row.labelKey;
  return field;
}

/** The search form: the filters of GET /public/offers (spec 9), grouped as the filter panel shows them. */
export const SEARCH_FORM_FIELDS: readonly FormFieldDefinition[] = SEARCH_FORM_ORDER.map(searchFormField);

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
