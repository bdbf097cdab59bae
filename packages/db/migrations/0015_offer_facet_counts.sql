CREATE TABLE "offer_facet_counts" (
	"offer_type" text NOT NULL,
	"property_type" text NOT NULL,
	"country_code" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"offers" integer NOT NULL,
	CONSTRAINT "offer_facet_counts_offer_type_property_type_country_code_facet_value_pk" PRIMARY KEY("offer_type","property_type","country_code","facet","value")
);
--> statement-breakpoint

-- The facet values an offer counts under (docs/decisions/025): one pair per single-valued
-- group that has a value, one per element of the array-valued groups. The same values the
-- live counting statement groups by (apps/api/src/features/search/offer-conditions.ts:
-- SCALAR_COLUMNS, ARRAY_COLUMNS, the bathrooms bucket); a test compares the two.
CREATE OR REPLACE FUNCTION offer_facet_pairs(o "offers") RETURNS TABLE (facet text, value text)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT f.facet, f.value FROM (VALUES
      ('offer_type', o."offer_type"),
      ('property_type', o."property_type"),
      ('dispositions', o."disposition"),
      ('bathrooms', CASE WHEN o."bathrooms" >= 2 THEN '2+' WHEN o."bathrooms" = 1 THEN '1' END),
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
$$;--> statement-breakpoint

-- Every statement that writes offers adds what its new public rows count and takes away what
-- its old public rows counted, summed per key first, so a price change (all pairs the same)
-- writes nothing and a bulk statement writes each key once. Keys in order: no deadlock
-- between two writers. Rows that fall to 0 stay (they are few and come back).
CREATE OR REPLACE FUNCTION offer_facet_counts_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "offer_facet_counts";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "offer_facet_counts" AS c
      SELECT n."offer_type", n."property_type", n."country_code", p.facet, p.value, count(*)::int
        FROM changed_new n CROSS JOIN LATERAL offer_facet_pairs(n) p
        WHERE n."is_public"
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("offer_type", "property_type", "country_code", "facet", "value")
      DO UPDATE SET "offers" = c."offers" + excluded."offers";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "offer_facet_counts" AS c
      SELECT o."offer_type", o."property_type", o."country_code", p.facet, p.value, -count(*)::int
        FROM changed_old o CROSS JOIN LATERAL offer_facet_pairs(o) p
        WHERE o."is_public"
        GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("offer_type", "property_type", "country_code", "facet", "value")
      DO UPDATE SET "offers" = c."offers" + excluded."offers";
  ELSE
    INSERT INTO "offer_facet_counts" AS c
      SELECT d."offer_type", d."property_type", d."country_code", d.facet, d.value, sum(d.delta)::int
        FROM (
          SELECT n."offer_type", n."property_type", n."country_code", p.facet, p.value, 1 AS delta
            FROM changed_new n CROSS JOIN LATERAL offer_facet_pairs(n) p WHERE n."is_public"
          UNION ALL
          SELECT o."offer_type", o."property_type", o."country_code", p.facet, p.value, -1
            FROM changed_old o CROSS JOIN LATERAL offer_facet_pairs(o) p WHERE o."is_public"
        ) d
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("offer_type", "property_type", "country_code", "facet", "value")
      DO UPDATE SET "offers" = c."offers" + excluded."offers";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "offers_facet_counts_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER "offers_facet_counts_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER "offers_facet_counts_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_counts_follow();--> statement-breakpoint
CREATE TRIGGER "offers_facet_counts_truncate" AFTER TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_counts_follow();--> statement-breakpoint

-- The counts from scratch: after a bulk load that ran with the insert trigger disabled (the
-- seed) and for the offers this migration finds.
CREATE OR REPLACE FUNCTION offer_facet_counts_rebuild() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM "offer_facet_counts";
  INSERT INTO "offer_facet_counts"
    SELECT o."offer_type", o."property_type", o."country_code", p.facet, p.value, count(*)::int
      FROM "offers" o CROSS JOIN LATERAL offer_facet_pairs(o) p
      WHERE o."is_public"
      GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint

SELECT offer_facet_counts_rebuild();
