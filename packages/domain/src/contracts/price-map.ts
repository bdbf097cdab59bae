// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { DEFAULT_LOCALE, LOCALES } from '../locales.ts';
import { PRICE_MAP_LEVELS } from '../price-map.ts';
import { OFFER_TYPES } from '../value-sets.ts';

// GET /public/price_map (issue 44 point 5, docs/decisions/073): the precomputed medians per m²
// of a level (countries, or the localities of a viewport) for one offer type.

/** `south,west,north,east` in degrees; west > east crosses the antimeridian. */
const PriceMapBboxSchema = z.string({ error: 'validation.invalid_bbox' }).transform((value, context) => {
  const parts = value.split(',').map((part) => part.trim());
  const numbers = parts.map((part) => (/^[+-]?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
  const [south, west, north, east] = numbers as [number, number, number, number];
  const valid =
    numbers.length === 4 &&
    numbers.every(Number.isFinite) &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90 &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    south <= north;
  if (!valid) {
    context.addIssue({ code: 'custom', message: 'validation.invalid_bbox' });
    return z.NEVER;
  }
  return { south, west, north, east };
});

export const PriceMapQuerySchema = z.object({
  offer_type: z.enum(OFFER_TYPES, { error: 'validation.invalid_value' }).describe('`sale` or `rent`.'),
  level: z
    .enum(PRICE_MAP_LEVELS, { error: 'validation.invalid_value' })
    .describe('`country`: one figure per country; `locality`: the localities inside `bbox`.'),
  bbox: PriceMapBboxSchema.optional().describe(
    'Required with `level=locality`: the viewport `south,west,north,east` in degrees.',
  ),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(CURRENCIES, { error: 'validation.invalid_value' }))
    .default('CZK')
    .describe('Currency of the figures (default CZK), converted at the current exchange rates.'),
  locale: z.enum(LOCALES, { error: 'validation.invalid_value' }).default(DEFAULT_LOCALE),
});
export type PriceMapQuery = z.infer<typeof PriceMapQuerySchema>;

export const PriceMapFigureSchema = z.object({
  /** The gazetteer's place: a city (locality) or a country. */
  location_id: z.number().int(),
  country_code: z.string().length(2),
  /** The place's name in the requested locale (with the gazetteer's fallback). */
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Median asking price per m² (rents: a month) in `currency`, whole units. */
  median_price_per_m2: z.number(),
  /** Public offers with a price per m² behind the median. */
  offers: z.number().int(),
  /** The figure's colour class, 0 (lowest) .. scale.length. */
  price_class: z.number().int(),
});
export type PriceMapFigure = z.infer<typeof PriceMapFigureSchema>;

export const PriceMapResponseSchema = z.object({
  offer_type: z.enum(OFFER_TYPES),
  level: z.enum(PRICE_MAP_LEVELS),
  currency: z.enum(CURRENCIES),
  /** When the job last computed the figures; null before its first run. */
  computed_at: z.string().nullable(),
  /** Hours between the job's runs. */
  refresh_hours: z.number().int(),
  /** Fewer offers than this behind a place and it is not listed. */
  min_offers: z.number().int(),
  /**
   * Boundaries between the colour classes, ascending, in `currency`: the quintiles of every
   * shown figure of this level and offer type (not only the viewport's), so a colour means the
   * same price wherever the map is moved.
   */
  scale: z.array(z.number()),
  /** Places of the answer's area (the viewport, or the world) left out for too few offers. */
  hidden: z.number().int(),
  /** True when more places qualified than the answer lists (those with the most offers are kept). */
  truncated: z.boolean(),
  data: z.array(PriceMapFigureSchema),
});
export type PriceMapResponse = z.infer<typeof PriceMapResponseSchema>;
