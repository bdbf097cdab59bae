// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { isSlug } from '../slugify.ts';
import type { ValidationMessageKey } from '../validation-messages.ts';
import { areaIssues } from './drawn-area-rules.ts';
import { type DrawnArea, decodeAreas, quantizeCoordinate } from './drawn-areas.ts';
import {
  FILTER_NAMES,
  FILTER_SPEC,
  type FilterName,
  type FilterSpecRow,
  type NumberLimits,
  RANGE_PAIRS,
  type SearchFilters,
} from './filter-spec.ts';
import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  FILTER_LIMITS,
  toFilterRecord,
} from './filters.ts';

// The zod schema of the search filters, built from the rows of filter-spec.ts. A module
// of its own so that code which only composes search URLs (the browser's results and detail
// pages) does not load zod: the schema is evaluated only where something parses filters.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** A scalar field given several times takes its last value, as browsers and most servers do. */
function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** Decimal strings become numbers; anything else is left for the number schema to reject. */
function toNumberInput(value: unknown): unknown {
  const v = blankToUndefined(lastValue(value));
  if (typeof v === 'string') return DECIMAL.test(v) ? Number(v) : v;
  return v;
}

/** Spec 5: boolean URL values accept 1 or true; 0 and false mean off; anything else is invalid. */
function toBooleanInput(value: unknown): unknown {
  const v = blankToUndefined(lastValue(value));
  if (v === '1' || v === 'true' || v === 1) return true;
  if (v === '0' || v === 'false' || v === 0) return false;
  return v;
}

function toEnumInput(upperCase: boolean) {
  return (value: unknown): unknown => {
    const v = blankToUndefined(lastValue(value));
    return typeof v === 'string' ? (upperCase ? v.toUpperCase() : v.toLowerCase()) : v;
  };
}

/** Comma lists and repeated keys are both accepted, and may be mixed. */
function toListInput(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [item],
  );
  const kept = items.map(blankToUndefined).filter((item) => item !== undefined);
  return kept.length === 0 ? undefined : kept;
}

function toBboxInput(value: unknown): unknown {
  // A four-item array of numbers is the box itself; otherwise repeated keys give their last value.
  const isTuple =
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((item) => typeof item === 'number' || (typeof item === 'string' && !item.includes(',')));
  let v = isTuple
    ? value.map((item) => toNumberInput(item) ?? Number.NaN)
    : blankToUndefined(lastValue(value));
  if (typeof v === 'string') v = v.split(',').map((part) => toNumberInput(part) ?? Number.NaN);
  if (Array.isArray(v) && v.length === 4) {
    const [south, west, north, east] = v;
    return { south, west, north, east };
  }
  if (isRecord(v)) {
    return {
      south: toNumberInput(v.south),
      west: toNumberInput(v.west),
      north: toNumberInput(v.north),
      east: toNumberInput(v.east),
    };
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Field schemas. Every issue carries a message key, never zod's English text.

function key(message: ValidationMessageKey): { error: ValidationMessageKey } {
  return { error: message };
}

function numberSchema(rules: NumberLimits) {
  let schema = z.number(key('validation.invalid_number'));
  if (rules.int) schema = schema.int(key('validation.invalid_integer'));
  if (rules.positive) schema = schema.gt(0, key('validation.number_not_positive'));
  if (rules.min !== undefined) schema = schema.gte(rules.min, key('validation.number_too_small'));
  if (rules.max !== undefined) schema = schema.lte(rules.max, key('validation.number_too_large'));
  // -0 would print as "0" and come back as 0; canonical numbers are never -0.
  return schema.transform((n) => (n === 0 ? 0 : n));
}

function numberField(rules: NumberLimits) {
  return z.preprocess(toNumberInput, numberSchema(rules).optional());
}

const booleanField = z.preprocess(
  toBooleanInput,
  z
    .boolean(key('validation.invalid_boolean'))
    .optional()
    .transform((b) => (b ? true : undefined)),
);

function enumField<const T extends readonly [string, ...string[]]>(values: T, upperCase = false) {
  return z.preprocess(toEnumInput(upperCase), z.enum(values, key('validation.invalid_value')).optional());
}

function listField<const T extends readonly [string, ...string[]]>(values: T) {
  const order = new Map<string, number>(values.map((value, index) => [value, index]));
  return z.preprocess(
    toListInput,
    z
      .array(z.preprocess(toEnumInput(false), z.enum(values, key('validation.invalid_value'))))
      .optional()
      .transform((list) =>
        list ? [...new Set(list)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) : undefined,
      ),
  );
}

/** YYYY-MM-DD that names a real day (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateField = z.preprocess(
  (value) => blankToUndefined(lastValue(value)),
  z.string(key('validation.invalid_date')).refine(isCalendarDate, key('validation.invalid_date')).optional(),
);

const slugField = z.preprocess(
  toEnumInput(false),
  z.string(key('validation.invalid_slug')).refine(isSlug, key('validation.invalid_slug')).optional(),
);

const lat = numberSchema(FILTER_LIMITS.lat);
const lng = numberSchema(FILTER_LIMITS.lng);

const bboxField = z.preprocess(
  toBboxInput,
  z
    .object({ south: lat, west: lng, north: lat, east: lng }, key('validation.invalid_bbox'))
    .refine((box) => box.south <= box.north, { error: 'validation.invalid_bbox', path: ['north'] })
    .optional(),
);

/**
 * Drawn areas (decision 069): the URL form (a repeated key's values joined), or objects as a JSON
 * body or a stored saved search holds them, with coordinates rounded to the URL's precision so
 * both forms give the same canonical areas. Anything unreadable becomes a value the schema rejects.
 */
function toAreasInput(value: unknown): unknown {
  const v = Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join('.') : value;
  const text = blankToUndefined(v);
  if (text === undefined) return undefined;
  if (typeof text === 'string') return decodeAreas(text) ?? text;
  if (!Array.isArray(text)) return text;
  return text.map((item) => {
    if (!isRecord(item)) return item;
    const round = (n: unknown) => (typeof n === 'number' ? quantizeCoordinate(n) : n);
    if (item.shape === 'polygon' && Array.isArray(item.points))
      return {
        ...item,
        points: item.points.map((point) =>
          Array.isArray(point) && point.length === 2 ? point.map(round) : point,
        ),
      };
    if (item.shape === 'circle') {
      const radius = typeof item.radius_m === 'number' ? Math.round(item.radius_m) : item.radius_m;
      return { ...item, lat: round(item.lat), lng: round(item.lng), radius_m: radius };
    }
    return item;
  });
}

const areaObject = z.discriminatedUnion(
  'shape',
  [
    z.object({
      shape: z.literal('polygon'),
      exclude: z.boolean().default(false),
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
    z.object({
      shape: z.literal('circle'),
      exclude: z.boolean().default(false),
      lat: z.number(),
      lng: z.number(),
      radius_m: z.number(),
    }),
  ],
  key('validation.invalid_areas'),
);

const areasField = z.preprocess(
  toAreasInput,
  z
    .array(areaObject, key('validation.invalid_areas'))
    .superRefine((areas, ctx) => {
      for (const issue of areaIssues(areas as DrawnArea[]))
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: issue.index === null ? [] : [issue.index],
        });
    })
    // Only the canonical fields, in a fixed order: equal areas serialise to equal JSON.
    .transform((areas): DrawnArea[] =>
      areas.map((area) =>
        area.shape === 'polygon'
          ? { shape: 'polygon', exclude: area.exclude, points: area.points.map(([lat, lng]) => [lat, lng]) }
          : { shape: 'circle', exclude: area.exclude, lat: area.lat, lng: area.lng, radius_m: area.radius_m },
      ),
    )
    .optional(),
);

function fieldOf(name: FilterName, row: FilterSpecRow): z.ZodType {
  switch (row.kind) {
    case 'enum':
    case 'enum-multi':
      if (!row.values) throw new Error(`The filter ${name} has no values`);
      return row.kind === 'enum' ? enumField(row.values, row.upperCase) : listField(row.values);
    case 'range-from':
    case 'range-to':
    case 'number':
      return numberField(row.limits ?? {});
    case 'boolean':
      return booleanField;
    case 'slug':
      return slugField;
    case 'date':
      return dateField;
    case 'bbox':
      return bboxField;
    case 'areas':
      return areasField;
  }
}

/** Every filter's field schema, in the table's order. */
const shape = Object.fromEntries(
  FILTER_NAMES.map((name) => [name, fieldOf(name, FILTER_SPEC[name])]),
) as Record<FilterName, z.ZodType>;

/** A parse's fields before the defaults: every filter optional. */
type ParsedShape = Partial<SearchFilters>;

/** Spec 5 rules that span fields; each issue names the field a form should mark. */
function checkCrossField(data: ParsedShape, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: ValidationMessageKey) =>
    ctx.addIssue({ code: 'custom', message, path: [path] });
  if ((data.price_from !== undefined || data.price_to !== undefined) && data.currency === undefined) {
    issue('currency', 'validation.price_currency_required');
  }
  for (const [from, to] of RANGE_PAIRS) {
    const low = data[from];
    const high = data[to];
    if (low !== undefined && high !== undefined && low > high) issue(to, 'validation.range_inverted');
  }
  if (data.lat !== undefined && data.lng === undefined) issue('lng', 'validation.coordinates_incomplete');
  if (data.lng !== undefined && data.lat === undefined) issue('lat', 'validation.coordinates_incomplete');
  const hasCentre = data.lat !== undefined || data.location_id !== undefined || data.locality !== undefined;
  if (data.radius_km !== undefined && !hasCentre) issue('radius_km', 'validation.radius_requires_center');
  if (data.locality !== undefined && data.country_code === undefined) {
    issue('locality', 'validation.locality_requires_country');
  }
}

function toCanonical(data: ParsedShape): SearchFilters {
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) if (value !== undefined) filters[name] = value;
  if (data.lat !== undefined && data.lng !== undefined && data.radius_km === undefined) {
    filters.radius_km = DEFAULT_RADIUS_KM;
  }
  filters.sort = data.sort ?? DEFAULT_SORT;
  filters.page = data.page ?? DEFAULT_PAGE;
  filters.per_page = data.per_page ?? DEFAULT_PER_PAGE;
  return filters as unknown as SearchFilters;
}

const recordSchema = z
  .object(shape)
  .superRefine((data, ctx) => checkCrossField(data as ParsedShape, ctx))
  .transform((data) => toCanonical(data as ParsedShape));

/**
 * Validates raw filters (URLSearchParams, a query string, or a record of strings, string
 * arrays, numbers and booleans) and returns canonical `SearchFilters`. Unknown keys (tracking
 * parameters, the API client's timestamp) are ignored.
 */
export const SearchFiltersSchema: z.ZodType<SearchFilters, unknown> = z.preprocess(
  toFilterRecord,
  recordSchema,
);

// Parsing by the fields a search names. The object schema runs every field's pipeline on every
// parse, though a search names a handful and an absent field always comes out absent; a results
// page parses its URL twice on the web server and once more in the API. The same schema over
// only the fields present gives the same answer and the same issues (filters.test.ts compares
// both on random inputs) for a fraction of the work. Searches name few combinations of fields:
// each combination's schema is built once, up to a bound past which new combinations are
// parsed by the whole schema.
const FIELD_NAMES = FILTER_NAMES;
const MAX_FIELD_SETS = 512;
const byFieldSet = new Map<string, z.ZodType<SearchFilters, Record<string, unknown>>>();

function schemaOfFields(record: Readonly<Record<string, unknown>>) {
  let id = '';
  for (const name of FIELD_NAMES) if (record[name] !== undefined) id += `${name},`;
  let schema = byFieldSet.get(id);
  if (schema) return schema;
  if (byFieldSet.size >= MAX_FIELD_SETS) return recordSchema;
  const picked: Partial<Record<FilterName, z.ZodType>> = {};
  for (const name of FIELD_NAMES) {
    if (record[name] !== undefined) Object.assign(picked, { [name]: shape[name] });
  }
  // checkCrossField and toCanonical read absent fields as undefined, as the whole schema gives them.
  schema = z
    .object(picked)
    .superRefine((data, ctx) => checkCrossField(data as ParsedShape, ctx))
    .transform((data) => toCanonical(data as ParsedShape));
  byFieldSet.set(id, schema);
  return schema;
}

/** `SearchFiltersSchema.safeParse`, by the schema of the fields `input` names. */
export function safeParseSearchFilters(input: unknown) {
  const record = toFilterRecord(input);
  return schemaOfFields(record).safeParse(record);
}
