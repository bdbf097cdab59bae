-- The read model decides visibility itself (docs/decisions/008): searches, totals, facets and
-- map clusters read `offers` alone and never join `properties` for the state and the strike.
ALTER TABLE "offers" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint

-- Rows written before this column existed follow their property.
UPDATE "offers" o SET "is_public" = false
  FROM "properties" p
  WHERE p."id" = o."id" AND NOT (p."state" = 'active' AND p."struck_at" IS NULL);--> statement-breakpoint

-- A property that leaves the active state or is struck disappears from search in the same
-- transaction, whoever changed it (an admin strike, the owner pausing it), and comes back when
-- it is active and unstruck again. The row itself stays: the property write re-projects it.
CREATE OR REPLACE FUNCTION offers_follow_property_visibility() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offers" SET "is_public" = (NEW."state" = 'active' AND NEW."struck_at" IS NULL)
    WHERE "id" = NEW."id"
      AND "is_public" IS DISTINCT FROM (NEW."state" = 'active' AND NEW."struck_at" IS NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER "properties_visibility_to_offers"
  AFTER UPDATE OF "state", "struck_at" ON "properties"
  FOR EACH ROW
  WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."struck_at" IS DISTINCT FROM NEW."struck_at")
  EXECUTE FUNCTION offers_follow_property_visibility();
