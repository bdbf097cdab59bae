-- The bathrooms value set of spec 9 ("1", "2+" for two or more) as a column of the read model,
-- generated from "bathrooms", so search, the facet counts, the facet index and the saved-search
-- matcher compare the stored bucket instead of each deriving it (docs/decisions/057). An offer
-- without bathrooms, or with none, falls in no bucket (null), as before.
ALTER TABLE "offers" ADD COLUMN "bathrooms_bucket" text
  GENERATED ALWAYS AS (CASE WHEN "bathrooms" >= 2 THEN '2+' WHEN "bathrooms" = 1 THEN '1' END) STORED;--> statement-breakpoint

-- The facet values an offer counts under (docs/decisions/025), as migration 0015 wrote them,
-- with the stored bathrooms bucket: one pair per facet group of the filter-to-column map
-- (apps/api/src/features/search/filter-columns.ts), on the map's column; filter-columns.test.ts
-- checks the two agree.
CREATE OR REPLACE FUNCTION offer_facet_pairs(o "offers") RETURNS TABLE (facet text, value text)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT f.facet, f.value FROM (VALUES
      ('offer_type', o."offer_type"),
      ('property_type', o."property_type"),
      ('dispositions', o."disposition"),
      ('bathrooms', o."bathrooms_bucket"),
      ('furnishings', o."furnishings"),
      ('ownerships', o."ownership"),
      ('reconstructions', o."reconstruction"),
      ('building_types', o."type_of_building"),
      ('heating', o."type_of_heating"),
      ('parking', o."parking"),
      ('energy_classes', o."penb"),
      ('seller_types', o."seller_type")
    ) AS f(facet, value)
    WHERE f.value IS NOT NULL
  UNION ALL SELECT 'room_types', v FROM unnest(o."room_types") AS v WHERE v IS NOT NULL
  UNION ALL SELECT 'other_params', v FROM unnest(o."other_params") AS v WHERE v IS NOT NULL
  UNION ALL SELECT 'tags', v FROM unnest(o."tags") AS v WHERE v IS NOT NULL
$$;
