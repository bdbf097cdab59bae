-- One card per physical property (issue 43 point 2, docs/decisions/068). Offers of the same
-- property (same point, floor, disposition and area, near-duplicate photos) share a group, found
-- when an offer is saved. The read model carries the group: every member names it, the cheapest
-- visible member is the group's card and the others are hidden from search (`group_hidden`, so
-- `is_public` false: totals, facet counts, the facet index and the map follow the one column they
-- already read) but keep their pages. Every member knows how many visible offers and sellers the
-- group has, for the card's "offered by 3 sellers, from X" and the detail's list.
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "group_id" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "group_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "group_offers" smallint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN IF NOT EXISTS "group_sellers" smallint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_group_idx" ON "offers" USING btree ("group_id") WHERE "group_id" IS NOT NULL;--> statement-breakpoint

-- The 64-bit difference hash (dHash) of a photo as 16 hex digits, computed when its variants are
-- made; near-duplicates differ in few bits.
ALTER TABLE "property_media" ADD COLUMN IF NOT EXISTS "perceptual_hash" text;--> statement-breakpoint

-- Pairs an admin split apart: matching never joins them again.
CREATE TABLE IF NOT EXISTS "property_group_splits" (
	"property_id" bigint NOT NULL,
	"other_property_id" bigint NOT NULL,
	"split_by" bigint,
	"split_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_group_splits_pk" PRIMARY KEY ("property_id", "other_property_id"),
	CONSTRAINT "property_group_splits_order_check" CHECK ("property_id" < "other_property_id"),
	CONSTRAINT "property_group_splits_property_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade,
	CONSTRAINT "property_group_splits_other_fk" FOREIGN KEY ("other_property_id") REFERENCES "public"."properties"("id") ON DELETE cascade,
	CONSTRAINT "property_group_splits_user_fk" FOREIGN KEY ("split_by") REFERENCES "public"."users"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_group_splits_other_idx" ON "property_group_splits" USING btree ("other_property_id");--> statement-breakpoint

-- Elects a group's card and writes its counts, in one statement over its few members: the
-- cheapest visible member (normalised price, then the oldest id) is shown, the others are hidden;
-- a group left with one member dissolves. Called after every write that can change a member's
-- price, visibility or membership (the application after the offers row, and the triggers below).
CREATE OR REPLACE FUNCTION refresh_property_group(gid bigint) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF gid IS NULL THEN
    RETURN;
  END IF;
  WITH members AS (
    SELECT o."id", o."owner_id", o."price_normalized",
        (p."state" IN ('active', 'reserved') AND p."struck_at" IS NULL) AS visible
      FROM "offers" o JOIN "properties" p ON p."id" = o."id"
      WHERE o."group_id" = gid
  ), totals AS (
    SELECT count(*) AS members, count(*) FILTER (WHERE visible) AS shown,
        count(DISTINCT "owner_id") FILTER (WHERE visible) AS sellers
      FROM members
  ), ranked AS (
    SELECT m."id", m.visible, t.members, t.shown, t.sellers,
        row_number() OVER (ORDER BY m.visible DESC, m."price_normalized" ASC NULLS LAST, m."id") AS place
      FROM members m CROSS JOIN totals t
  ), wanted AS (
    SELECT r."id",
        CASE WHEN r.members > 1 THEN gid END AS group_id,
        (r.members > 1 AND r.place > 1) AS hidden,
        CASE WHEN r.members > 1 THEN r.shown::smallint END AS group_offers,
        CASE WHEN r.members > 1 THEN r.sellers::smallint END AS group_sellers,
        (r.visible AND NOT (r.members > 1 AND r.place > 1)) AS public
      FROM ranked r
  )
  UPDATE "offers" o SET "group_id" = w.group_id, "group_hidden" = w.hidden,
      "group_offers" = w.group_offers, "group_sellers" = w.group_sellers, "is_public" = w.public
    FROM wanted w
    WHERE o."id" = w."id"
      AND (o."group_id", o."group_hidden", o."group_offers", o."group_sellers", o."is_public")
        IS DISTINCT FROM (w.group_id, w.hidden, w.group_offers, w.group_sellers, w.public);
END
$$;--> statement-breakpoint

-- A state change or strike (migration 0018's trigger) keeps a hidden member hidden and elects the
-- group's card again: a struck or sold card hands the group to the next cheapest offer.
CREATE OR REPLACE FUNCTION offers_follow_property_visibility() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  gid bigint;
BEGIN
  UPDATE "offers" SET "is_public" = (NEW."state" IN ('active', 'reserved') AND NEW."struck_at" IS NULL AND NOT "group_hidden"),
      "is_reserved" = (NEW."state" = 'reserved')
    WHERE "id" = NEW."id"
      AND ("is_public" IS DISTINCT FROM (NEW."state" IN ('active', 'reserved') AND NEW."struck_at" IS NULL AND NOT "group_hidden")
        OR "is_reserved" IS DISTINCT FROM (NEW."state" = 'reserved'));
  SELECT "group_id" INTO gid FROM "offers" WHERE "id" = NEW."id";
  IF gid IS NOT NULL THEN
    PERFORM refresh_property_group(gid);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- A removed offer row (a deleted property) leaves its group: the rest elect a card again.
CREATE OR REPLACE FUNCTION offers_refresh_groups_of_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_property_group(g."group_id")
    FROM (SELECT DISTINCT "group_id" FROM deleted_offers WHERE "group_id" IS NOT NULL) g;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "offers_group_delete" ON "offers";--> statement-breakpoint
CREATE TRIGGER "offers_group_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS deleted_offers
  FOR EACH STATEMENT EXECUTE FUNCTION offers_refresh_groups_of_deleted();
