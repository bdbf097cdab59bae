-- Offer visibility by state (docs/decisions/042): a reserved offer stays public and searchable
-- with a badge, and `hide_reserved` leaves it out; a sold or rented offer keeps its page for
-- 90 days after the state changed, so the property records when that was.
ALTER TABLE "properties" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "state_changed_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "is_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "offers" o SET "is_reserved" = true, "is_public" = (p."struck_at" IS NULL AND p."activated_at" IS NOT NULL)
  FROM "properties" p WHERE p."id" = o."id" AND p."state" = 'reserved';--> statement-breakpoint

-- Whoever changes the state stamps the time of the change.
CREATE OR REPLACE FUNCTION properties_stamp_state_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW."state_changed_at" := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_state_changed_at"
  BEFORE UPDATE OF "state" ON "properties"
  FOR EACH ROW
  WHEN (OLD."state" IS DISTINCT FROM NEW."state")
  EXECUTE FUNCTION properties_stamp_state_change();--> statement-breakpoint

-- The states search shows are OFFER_VISIBILITY's `search` column (packages/domain
-- offer-visibility.ts): active and reserved.
CREATE OR REPLACE FUNCTION offers_follow_property_visibility() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "offers" SET "is_public" = (NEW."state" IN ('active', 'reserved') AND NEW."struck_at" IS NULL),
      "is_reserved" = (NEW."state" = 'reserved')
    WHERE "id" = NEW."id"
      AND ("is_public" IS DISTINCT FROM (NEW."state" IN ('active', 'reserved') AND NEW."struck_at" IS NULL)
        OR "is_reserved" IS DISTINCT FROM (NEW."state" = 'reserved'));
  RETURN NULL;
END
$$;
