import {
  type FormDefinition,
  type FormField,
  type FormFieldDefinition,
  type Locale,
  PROPERTY_FORM_FIELDS,
  SEARCH_FORM_FIELDS,
} from '@estately/domain';
import { isMessageKey, translateDynamic } from '@estately/i18n';

function label(locale: Locale, key: string | undefined): string | null {
  return key && isMessageKey(key) ? translateDynamic(locale, key) : null;
}

function valueKey(field: FormFieldDefinition, value: string): string | undefined {
  if (field.valueSet) return `value.${field.valueSet}.${value}`;
  // Country codes have names in the catalogue; currencies and locales are shown as codes.
  if (field.name === 'country_code') return `country.${value}`;
  return undefined;
}

function localize(locale: Locale, field: FormFieldDefinition): FormField {
  const out: FormField = {
    name: field.name,
    type: field.type,
    required: field.required,
    label: label(locale, field.labelKey),
  };
  if (field.requiredForRent) out.required_for_rent = true;
  if (field.min !== undefined) out.min = field.min;
  if (field.max !== undefined) out.max = field.max;
  if (field.maxLength !== undefined) out.max_length = field.maxLength;
  if (field.values)
    out.values = field.values.map((value) => ({ value, label: label(locale, valueKey(field, value)) }));
  if (field.fields) out.fields = field.fields.map((sub) => localize(locale, sub));
  return out;
}

/**
 * GET /v1/property/property-form and /v1/property/search-form: the field definitions of the
 * domain package with labels in `locale` (English where a locale lacks a message; null where
 * the catalogue has no label for a field).
 */
export function getFormDefinition(form: 'property' | 'search', locale: Locale): FormDefinition {
  const fields = form === 'property' ? PROPERTY_FORM_FIELDS : SEARCH_FORM_FIELDS;
  return { form, locale, fields: fields.map((field) => localize(locale, field)) };
}
