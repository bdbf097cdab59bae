import { type PropertyFields, PropertyFieldsSchema } from '@estately/domain';
import type { FieldErrors } from '../ui/forms/form-errors.ts';

// The steps of the property editor (issue 10) and the fields each one edits. The fields, their
// kinds, limits and value lists come from the property-form call; this module only groups them
// into steps and turns a step's form into the body of POST /v1/property/save. Browser-safe: the
// editor checks a step with the same contract before sending it, the action checks it again.

export const EDITOR_STEPS = [
  'type',
  'location',
  'parameters',
  'price',
  'description',
  'photos',
  'tour_dates',
  'preview',
] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

export function isEditorStep(value: string | null | undefined): value is EditorStep {
  return (EDITOR_STEPS as readonly string[]).includes(value ?? '');
}

/** Property fields per step, in the order they are shown. */
export const STEP_FIELDS: Readonly<Record<EditorStep, readonly string[]>> = {
  type: ['offer_type', 'property_type', 'country_code'],
  location: ['city', 'city_part', 'street', 'zip', 'latitude', 'longitude'],
  parameters: [
    'disposition',
    'room',
    'useful_area',
    'useful_area_units',
    'bathroom',
    'floor',
    'total_floors',
    'year_built',
    'type_of_building',
    'type_of_heating',
    'ownership',
    'reconstruction',
    'furnishings',
    'parking',
    'number_of_parking_places',
    'penb',
    'other_params',
    'tags',
    'free_from_date',
  ],
  price: [
    'price',
    'currency_iso_code',
    'price_variant',
    'rent_price_period',
    'minimum_rental_period',
    'monthly_fees',
    'monthly_utilities',
    'utilities_included',
  ],
  description: ['description', 'locale', 'contact'],
  photos: [],
  tour_dates: [],
  preview: [],
};

/** The step that edits `field` (a sub-field of the contact belongs to the contact's step). */
export function stepOfField(field: string): EditorStep {
  const top = field.split('.')[0] ?? field;
  // Publishing's missing photo (publish_problems.photos) is mended on the photos step.
  if (top === 'photos') return 'photos';
  return EDITOR_STEPS.find((step) => STEP_FIELDS[step].includes(top)) ?? 'preview';
}

/** The part of a property-form field definition the editor reads. */
export interface EditorFieldKind {
  name: string;
  type: string;
  values?: { value: string }[];
  fields?: EditorFieldKind[];
}

const shape = PropertyFieldsSchema.shape as Record<
  string,
  { safeParse(value: unknown): { success: boolean } }
>;

/** Whether the contract lets the field be cleared with null (else an empty entry is left out). */
function nullable(name: string): boolean {
  return shape[name]?.safeParse(null).success ?? false;
}

/** "1 250,5" and "1250.5" alike; text that is no number stays text, so the contract names it. */
function numberOf(text: string): number | string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (compact === '') return '';
  const value = Number(compact);
  return Number.isFinite(value) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(compact) ? value : text;
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The body a step's form sends: every field of the step, empty ones cleared (null) where the
 * contract allows it and left out where it does not. Rooms come as a count per room type
 * (`room.bedroom` = 2 gives two entries), the contact as `contact.<sub-field>`.
 */
export function readStepForm(
  step: EditorStep,
  form: FormData,
  fields: readonly EditorFieldKind[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of STEP_FIELDS[step]) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    const empty = () => {
      if (nullable(name)) body[name] = null;
    };
    switch (field.type) {
      case 'multi_enum': {
        if (name === 'room') {
          const rooms: string[] = [];
          for (const option of field.values ?? []) {
            const count = numberOf(textOf(form, `room.${option.value}`));
            if (typeof count === 'number' && Number.isInteger(count) && count > 0 && count <= 40)
              for (let index = 0; index < count; index++) rooms.push(option.value);
          }
          body.room = rooms;
        } else body[name] = form.getAll(name).filter((value) => typeof value === 'string' && value !== '');
        break;
      }
      case 'number':
      case 'integer': {
        const value = numberOf(textOf(form, name));
        if (value === '') empty();
        else body[name] = value;
        break;
      }
      case 'boolean': {
        // A choice of "true", "false" or not said; anything else goes on as text for the contract to refuse.
        const value = textOf(form, name);
        if (value === '') empty();
        else body[name] = value === 'true' ? true : value === 'false' ? false : value;
        break;
      }
      case 'group': {
        const group: Record<string, string | null> = {};
        for (const sub of field.fields ?? []) {
          const value = textOf(form, `${name}.${sub.name}`);
          group[sub.name] = value === '' ? null : value;
        }
        body[name] = Object.values(group).some((value) => value !== null) ? group : null;
        break;
      }
      default: {
        const value = textOf(form, name);
        if (value === '') empty();
        else body[name] = value;
      }
    }
  }
  return body;
}

/** Field errors of a step's body by the shared contract; keys are form names (`contact.contact_email`). */
export function checkStep(
  body: Record<string, unknown>,
): { ok: true; data: PropertyFields } | { ok: false; errors: FieldErrors } {
  const result = PropertyFieldsSchema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues) };
}

/** zod issues (or the API's `errors`) as form errors; nested paths keep two segments. */
export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string; minimum?: unknown; maximum?: unknown }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [first, second] = issue.path;
    const field =
      first === 'contact' && typeof second === 'string' ? `contact.${second}` : String(first ?? 'form');
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid_value';
    const values: Record<string, number> = {};
    if (typeof issue.minimum === 'number') values.min = issue.minimum;
    if (typeof issue.maximum === 'number') values.max = issue.maximum;
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.some((entry) => entry.key === key)) list.push({ key, values });
  }
  return errors;
}

/** The API's 422 `errors` (message keys by field path) as form errors. */
export function apiErrorsToForm(errors: Readonly<Record<string, readonly string[]>>): FieldErrors {
  return issuesToErrors(
    Object.entries(errors).flatMap(([path, keys]) =>
      keys.map((message) => ({ path: path.split('.'), message })),
    ),
  );
}

/** Fills the {min}/{max} of limit messages from the field definitions where the check did not. */
export function withLimits(
  errors: FieldErrors,
  fields: readonly {
    name: string;
    min?: number;
    max?: number;
    maxLength?: number;
    fields?: readonly { name: string; min?: number; max?: number; maxLength?: number }[];
  }[],
): FieldErrors {
  for (const [path, list] of Object.entries(errors)) {
    const [top, sub] = path.split('.');
    const field = fields.find((candidate) => candidate.name === top);
    const target = sub ? field?.fields?.find((candidate) => candidate.name === sub) : field;
    for (const entry of list) {
      const values = { ...(entry.values ?? {}) };
      if (values.min === undefined && target?.min !== undefined) values.min = target.min;
      if (values.max === undefined) {
        const max = target?.max ?? target?.maxLength;
        if (max !== undefined) values.max = max;
      }
      entry.values = values;
    }
  }
  return errors;
}
