-- Search helpers that drizzle-kit cannot express (DESIGN 5, spec 9).

-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index
-- expression. This wrapper pins the dictionary and is declared IMMUTABLE, the usual way to
-- index accent-insensitive text. Autocomplete compares search_normalize(name) with
-- search_normalize(input), so "Plzen" and "plzeň" both find "Plzeň".
CREATE OR REPLACE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint

-- Trigram index for autocomplete (prefix and infix LIKE, similarity ranking) per locale.
CREATE INDEX IF NOT EXISTS "location_names_name_trgm" ON "location_names"
  USING gin (search_normalize("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "location_names_locale_name_idx" ON "location_names"
  ("locale", search_normalize("name") text_pattern_ops);--> statement-breakpoint

-- Great-circle distance in km between two (longitude, latitude) points, earth radius 6371 km
-- (spec 9). Radius search uses the GiST-indexed bounding box first, then this exact filter.
CREATE OR REPLACE FUNCTION geo_distance_km(a point, b point) RETURNS double precision
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT 2 * 6371 * asin(least(1, sqrt(
      power(sin(radians(b[1] - a[1]) / 2), 2)
      + cos(radians(a[1])) * cos(radians(b[1])) * power(sin(radians(b[0] - a[0]) / 2), 2)
    )))
  $$;
