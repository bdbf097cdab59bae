// The numeric bounds of the search filters (spec 5), in a module of their own: the web filter
// panel sets them as its inputs' min/max (its view, written by the server, carries them), and
// importing them must not bring the rest of the filter model (its value sets, the query-string
// reader) along.

/** Bounds checked by the schema; exported so forms can set min/max on their inputs. */
export const FILTER_LIMITS = {
  price: { max: 1e12 },
  area: { max: 1e6 },
  floor: { min: -5, max: 200 },
  total_floors: { min: 1, max: 200 },
  age_days: { min: 1, max: 3650 },
  year_built: { min: 1000, max: 2100 },
  photos_min: { min: 1, max: 100 },
  trust_score: { min: 0, max: 100 },
  seller_rating: { min: 1, max: 5 },
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
} as const;
