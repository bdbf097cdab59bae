// Message keys that validation emits instead of English sentences (CONVENTIONS habit 5): the
// UI translates them into 30 locales and the API returns them in `errors` keyed by field
// (DESIGN 4). The i18n catalog is expected to hold one message per key.
export const VALIDATION_MESSAGE_KEYS = [
  'validation.invalid_value',
  'validation.nul_character',
  // A name with a bidirectional control character (name-characters.ts, issue 37).
  'validation.invalid_characters',
  'validation.invalid_number',
  'validation.invalid_integer',
  'validation.invalid_boolean',
  'validation.invalid_date',
  'validation.invalid_slug',
  'validation.invalid_bbox',
  // Drawn search areas (issue 44 point 1, decision 069; drawn-area-rules.ts).
  'validation.invalid_areas',
  'validation.too_many_areas',
  'validation.area_too_many_vertices',
  'validation.area_self_intersecting',
  'validation.area_size',
  'validation.number_not_positive',
  'validation.number_too_small',
  'validation.number_too_large',
  'validation.price_currency_required',
  'validation.range_inverted',
  'validation.coordinates_incomplete',
  'validation.radius_requires_center',
  'validation.locality_requires_country',
  // Bounded storage per account (issue 37 point 5, decision 020's addendum): flat_settings,
  // properties per account, photos per property and per account.
  'validation.too_many_keys',
  'validation.invalid_key',
  'validation.too_large',
  'validation.too_many_properties',
  'validation.too_many_photos',
  'validation.too_many_account_photos',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}
