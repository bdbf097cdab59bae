CREATE TABLE "offer_facet_changes" (
	"offer_type" text NOT NULL,
	"property_type" text NOT NULL,
	"country_code" text NOT NULL,
	"version" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_facet_changes_offer_type_property_type_country_code_version_offer_id_pk" PRIMARY KEY("offer_type","property_type","country_code","version","offer_id")
);
--> statement-breakpoint

-- Every statement that writes offers logs the public offers whose facet values, normalised
-- price, area, coordinates, activation time, visibility or partition it changed, under the partition's counter as the statement's own bump left it
-- (offers_count_versions_* fire first: triggers of one event fire in name order). A move
-- between partitions is logged under both. A new description logs nothing. The per-process facet
-- indexes read this log to catch up (docs/decisions/025).
CREATE OR REPLACE FUNCTION offer_facet_changes_log() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "offer_facet_changes" ("offer_type", "property_type", "country_code", "version", "offer_id")
      SELECT n."offer_type", n."property_type", n."country_code", v."version", n."id"
        FROM changed_new n JOIN "offer_count_versions" v USING ("offer_type", "property_type", "country_code")
        WHERE n."is_public"
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "offer_facet_changes" ("offer_type", "property_type", "country_code", "version", "offer_id")
      SELECT o."offer_type", o."property_type", o."country_code", v."version", o."id"
        FROM changed_old o JOIN "offer_count_versions" v USING ("offer_type", "property_type", "country_code")
        WHERE o."is_public"
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO "offer_facet_changes" ("offer_type", "property_type", "country_code", "version", "offer_id")
      SELECT k.offer_type, k.property_type, k.country_code, v."version", k.id
        FROM (
          SELECT n."offer_type" AS new_type, n."property_type" AS new_property, n."country_code" AS new_country,
                 n."id", o."offer_type" AS old_type,
                 o."property_type" AS old_property, o."country_code" AS old_country
            FROM changed_new n JOIN changed_old o USING ("id")
            WHERE (n."is_public" OR o."is_public")
              AND (n."is_public", n."offer_type", n."property_type", n."country_code", n."disposition",
                   n."bathrooms", n."furnishings", n."ownership", n."reconstruction", n."type_of_building",
                   n."type_of_heating", n."parking", n."penb", n."seller_type", n."room_types",
                   n."other_params", n."tags", n."price_normalized", n."useful_area_meters", n."latitude",
                   n."longitude", n."activated_at")
                IS DISTINCT FROM
                  (o."is_public", o."offer_type", o."property_type", o."country_code", o."disposition",
                   o."bathrooms", o."furnishings", o."ownership", o."reconstruction", o."type_of_building",
                   o."type_of_heating", o."parking", o."penb", o."seller_type", o."room_types",
                   o."other_params", o."tags", o."price_normalized", o."useful_area_meters", o."latitude",
                   o."longitude", o."activated_at")
        ) c
        CROSS JOIN LATERAL (
          SELECT c.new_type, c.new_property, c.new_country, c."id"
          UNION
          SELECT c.old_type, c.old_property, c.old_country, c."id"
        ) k (offer_type, property_type, country_code, id)
        JOIN "offer_count_versions" v
          ON v."offer_type" = k.offer_type AND v."property_type" = k.property_type
         AND v."country_code" = k.country_code
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "offers_facet_log_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_changes_log();--> statement-breakpoint
CREATE TRIGGER "offers_facet_log_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_changes_log();--> statement-breakpoint
CREATE TRIGGER "offers_facet_log_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION offer_facet_changes_log();
