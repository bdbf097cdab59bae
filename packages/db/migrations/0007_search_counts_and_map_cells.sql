CREATE TABLE "offer_count_versions" (
	"offer_type" text NOT NULL,
	"property_type" text NOT NULL,
	"country_code" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_count_versions_offer_type_property_type_country_code_pk" PRIMARY KEY("offer_type","property_type","country_code")
);
--> statement-breakpoint
CREATE TABLE "offer_map_cells" (
	"gx" integer NOT NULL,
	"gy" integer NOT NULL,
	"offer_type" text NOT NULL,
	"property_type" text NOT NULL,
	"country_code" text NOT NULL,
	"offers" integer NOT NULL,
	"sum_latitude" double precision NOT NULL,
	"sum_longitude" double precision NOT NULL,
	"south" double precision NOT NULL,
	"west" double precision NOT NULL,
	"north" double precision NOT NULL,
	"east" double precision NOT NULL,
	CONSTRAINT "offer_map_cells_gy_gx_offer_type_property_type_country_code_pk" PRIMARY KEY("gy","gx","offer_type","property_type","country_code")
);
--> statement-breakpoint

-- Totals, facet counts and map clusters of Q1..Q3 read this index alone (index-only scans,
-- no heap): the partition columns and the normalised price as keys, and what the counting
-- statements select as included columns (docs/decisions/008). Partial on is_public, which
-- every search condition spells as the bare column.
CREATE INDEX IF NOT EXISTS "offers_public_count_idx" ON "offers"
  USING btree ("offer_type", "property_type", "country_code", "price_normalized")
  INCLUDE ("location", "id", "price", "currency", "disposition", "ownership", "type_of_building")
  WHERE "is_public";--> statement-breakpoint

-- Change counters for the count cache: every statement that writes offers bumps the counter
-- of each (offer type, property type, country) it touched, once, in key order (no deadlock
-- between two writers). TRUNCATE bumps the '*' row, which every lookup adds in.
CREATE OR REPLACE FUNCTION offer_count_versions_bump() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "offer_count_versions" VALUES ('*', '*', '*', 1)
      ON CONFLICT ("offer_type", "property_type", "country_code")
      DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "offer_count_versions"
      SELECT DISTINCT "offer_type", "property_type", "country_code", 1 FROM changed_new ORDER BY 1, 2, 3
      ON CONFLICT ("offer_type", "property_type", "country_code")
      DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "offer_count_versions"
      SELECT DISTINCT "offer_type", "property_type", "country_code", 1 FROM changed_old ORDER BY 1, 2, 3
      ON CONFLICT ("offer_type", "property_type", "country_code")
      DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
  ELSE
    INSERT INTO "offer_count_versions"
      SELECT k.*, 1 FROM (
        SELECT "offer_type", "property_type", "country_code" FROM changed_new
        UNION SELECT "offer_type", "property_type", "country_code" FROM changed_old
      ) k ORDER BY 1, 2, 3
      ON CONFLICT ("offer_type", "property_type", "country_code")
      DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "offers_count_versions_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump();--> statement-breakpoint
CREATE TRIGGER "offers_count_versions_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump();--> statement-breakpoint
CREATE TRIGGER "offers_count_versions_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump();--> statement-breakpoint
CREATE TRIGGER "offers_count_versions_truncate" AFTER TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump();--> statement-breakpoint

-- Map cells of zoom 8 (0.3515625 degrees). An offer enters its cell when it becomes public
-- and leaves it when it stops being public, moves, or changes type or country; an update that
-- keeps all of these (a new price, a new photo) leaves the cells alone. When the offer that
-- leaves lay on one of the cell's bounds, the bounds are recomputed from the offers still in
-- the cell (through the GiST index on the cell's box), so they stay exact.
CREATE OR REPLACE FUNCTION offer_map_cells_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  cell constant float8 := 0.3515625;
  ox integer;
  oy integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_public" THEN
    IF TG_OP = 'UPDATE' AND NEW."is_public"
       AND NEW."latitude" = OLD."latitude" AND NEW."longitude" = OLD."longitude"
       AND NEW."offer_type" = OLD."offer_type" AND NEW."property_type" = OLD."property_type"
       AND NEW."country_code" = OLD."country_code" THEN
      RETURN NULL;
    END IF;
    ox := floor(OLD."longitude" / cell);
    oy := floor(OLD."latitude" / cell);
    UPDATE "offer_map_cells" SET
        "offers" = "offers" - 1,
        "sum_latitude" = "sum_latitude" - OLD."latitude",
        "sum_longitude" = "sum_longitude" - OLD."longitude"
      WHERE "gx" = ox AND "gy" = oy AND "offer_type" = OLD."offer_type"
        AND "property_type" = OLD."property_type" AND "country_code" = OLD."country_code";
    DELETE FROM "offer_map_cells"
      WHERE "gx" = ox AND "gy" = oy AND "offer_type" = OLD."offer_type"
        AND "property_type" = OLD."property_type" AND "country_code" = OLD."country_code"
        AND "offers" <= 0;
    UPDATE "offer_map_cells" c SET
        "south" = b.south, "west" = b.west, "north" = b.north, "east" = b.east
      FROM (
        SELECT min(o."latitude") AS south, min(o."longitude") AS west,
               max(o."latitude") AS north, max(o."longitude") AS east
          FROM "offers" o
          WHERE o."is_public" AND o."offer_type" = OLD."offer_type"
            AND o."property_type" = OLD."property_type" AND o."country_code" = OLD."country_code"
            AND o."location" <@ box(point(ox * cell, oy * cell), point((ox + 1) * cell, (oy + 1) * cell))
            AND floor(o."longitude" / cell) = ox AND floor(o."latitude" / cell) = oy
      ) b
      WHERE c."gx" = ox AND c."gy" = oy AND c."offer_type" = OLD."offer_type"
        AND c."property_type" = OLD."property_type" AND c."country_code" = OLD."country_code"
        AND b.south IS NOT NULL
        AND (c."south" = OLD."latitude" OR c."north" = OLD."latitude"
             OR c."west" = OLD."longitude" OR c."east" = OLD."longitude");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_public" THEN
    INSERT INTO "offer_map_cells" AS c VALUES (
        floor(NEW."longitude" / cell), floor(NEW."latitude" / cell),
        NEW."offer_type", NEW."property_type", NEW."country_code",
        1, NEW."latitude", NEW."longitude",
        NEW."latitude", NEW."longitude", NEW."latitude", NEW."longitude")
      ON CONFLICT ("gy", "gx", "offer_type", "property_type", "country_code") DO UPDATE SET
        "offers" = c."offers" + 1,
        "sum_latitude" = c."sum_latitude" + excluded."sum_latitude",
        "sum_longitude" = c."sum_longitude" + excluded."sum_longitude",
        "south" = least(c."south", excluded."south"),
        "west" = least(c."west", excluded."west"),
        "north" = greatest(c."north", excluded."north"),
        "east" = greatest(c."east", excluded."east");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "offers_map_cells_follow" AFTER INSERT OR UPDATE OR DELETE ON "offers"
  FOR EACH ROW EXECUTE FUNCTION offer_map_cells_follow();--> statement-breakpoint

-- The cells from scratch: after a bulk load that ran with the row trigger disabled (the seed)
-- and for the offers this migration finds.
CREATE OR REPLACE FUNCTION offer_map_cells_rebuild() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM "offer_map_cells";
  INSERT INTO "offer_map_cells"
    SELECT floor("longitude" / 0.3515625)::int, floor("latitude" / 0.3515625)::int,
           "offer_type", "property_type", "country_code",
           count(*)::int, sum("latitude"), sum("longitude"),
           min("latitude"), min("longitude"), max("latitude"), max("longitude")
      FROM "offers" WHERE "is_public"
      GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION offer_map_cells_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "offer_map_cells";
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "offers_map_cells_truncate" AFTER TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION offer_map_cells_truncate();--> statement-breakpoint

SELECT offer_map_cells_rebuild();
