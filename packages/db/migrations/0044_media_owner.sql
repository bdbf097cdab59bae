-- The account that owns a photo row, beside its content hash (issue 42: agency feeds reuse their
-- photos). The trust score's copied-photo check and the scam rule's "other sellers' offers" look
-- for the same bytes under another account. With only the hash indexed they walked every row of
-- that hash, the account's own included: an agency whose 10,000 listings share a logo made each
-- check read all 10,000. With the owner in the index they read only the other accounts' rows.
-- A property never changes hands in the product; the trigger on properties keeps the copy right
-- if an operator moves one.
ALTER TABLE "property_media" ADD COLUMN IF NOT EXISTS "owner_id" bigint;--> statement-breakpoint
UPDATE "property_media" pm SET "owner_id" = p."owner_id" FROM "properties" p
  WHERE p."id" = pm."property_id" AND pm."owner_id" IS DISTINCT FROM p."owner_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION property_media_set_owner() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."owner_id" INTO NEW."owner_id" FROM "properties" p WHERE p."id" = NEW."property_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_media_owner" ON "property_media";--> statement-breakpoint
CREATE TRIGGER "property_media_owner" BEFORE INSERT OR UPDATE OF "property_id", "owner_id" ON "property_media"
  FOR EACH ROW EXECUTE FUNCTION property_media_set_owner();--> statement-breakpoint
CREATE OR REPLACE FUNCTION properties_media_owner_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "property_media" SET "owner_id" = NEW."owner_id" WHERE "property_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "properties_media_owner" ON "properties";--> statement-breakpoint
CREATE TRIGGER "properties_media_owner" AFTER UPDATE OF "owner_id" ON "properties"
  FOR EACH ROW WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id") EXECUTE FUNCTION properties_media_owner_follow();--> statement-breakpoint
ALTER TABLE "property_media" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
-- Replaces the index of the hash alone (migration 0031): its lookups (a feed's rendered photo of
-- the account, by hash and owner) are a prefix of this one.
CREATE INDEX IF NOT EXISTS "property_media_hash_owner_idx" ON "property_media" USING btree ("content_hash", "owner_id", "created_at", "id") WHERE "content_hash" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "property_media_content_hash_idx";
