-- An offer counts once under each value of a facet group, however often its array holds it: a
-- flat with two bedrooms lists "bedroom" twice in "room_types", and the landing searches' counts
-- (offer_facet_counts, decision 025) counted it twice, while a search with the value finds the
-- offer once. On the 1M benchmark data the sale flats of CZ counted 118,936 under "bedroom" and
-- the search found 69,295. The array groups' pairs are now distinct; the counts are rebuilt in
-- the same transaction, so the statement triggers take away from the counts what was added.
-- The other pairs are as migration 0029 wrote them; filter-columns.test.ts checks the function
-- against the filter-to-column map.
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
  UNION ALL SELECT DISTINCT 'room_types', v FROM unnest(o."room_types") AS v WHERE v IS NOT NULL
  UNION ALL SELECT DISTINCT 'other_params', v FROM unnest(o."other_params") AS v WHERE v IS NOT NULL
  UNION ALL SELECT DISTINCT 'tags', v FROM unnest(o."tags") AS v WHERE v IS NOT NULL
$$;--> statement-breakpoint
SELECT offer_facet_counts_rebuild();
