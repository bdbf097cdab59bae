-- More media (issue 38 point 13): a photo is a photo or a floor plan (its own group on the offer
-- page, never the cards' main photo), a property may have one video (YouTube or Vimeo, kept as
-- provider and video id, never as a URL) and one energy performance certificate (a PDF).

-- The kind replaces the old flag; `is_floor_plan` stays, derived from it, for existing readers.
ALTER TABLE "property_media" ADD COLUMN "kind" text DEFAULT 'photo' NOT NULL;--> statement-breakpoint
UPDATE "property_media" SET "kind" = 'floor_plan' WHERE "is_floor_plan";--> statement-breakpoint
ALTER TABLE "property_media" DROP COLUMN "is_floor_plan";--> statement-breakpoint
ALTER TABLE "property_media" ADD COLUMN "is_floor_plan" boolean GENERATED ALWAYS AS ("kind" = 'floor_plan') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_kind_check" CHECK ("kind" IN ('photo', 'floor_plan'));--> statement-breakpoint

-- `has_floor_plan` (the search filter) follows the property's media, whoever writes them.
UPDATE "properties" p SET "has_floor_plan" = EXISTS (
  SELECT 1 FROM "property_media" m WHERE m."property_id" = p."id" AND m."kind" = 'floor_plan');--> statement-breakpoint
-- An insert only ever adds floor plans (one cheap update by primary key, also for the seed's
-- bulk loads); a change of kind or a delete looks at the property's remaining media.
CREATE OR REPLACE FUNCTION property_media_floor_plan_flag() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "properties" SET "has_floor_plan" = true
      WHERE "id" IN (SELECT "property_id" FROM changed WHERE "kind" = 'floor_plan') AND NOT "has_floor_plan";
  ELSE
    UPDATE "properties" p SET "has_floor_plan" = EXISTS (
        SELECT 1 FROM "property_media" m WHERE m."property_id" = p."id" AND m."kind" = 'floor_plan')
      WHERE p."id" IN (SELECT "property_id" FROM changed)
        AND p."has_floor_plan" IS DISTINCT FROM EXISTS (
          SELECT 1 FROM "property_media" m WHERE m."property_id" = p."id" AND m."kind" = 'floor_plan');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_media_floor_plan_insert" AFTER INSERT ON "property_media"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_media_floor_plan_flag();--> statement-breakpoint
CREATE TRIGGER "property_media_floor_plan_update" AFTER UPDATE ON "property_media"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_media_floor_plan_flag();--> statement-breakpoint
CREATE TRIGGER "property_media_floor_plan_delete" AFTER DELETE ON "property_media"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_media_floor_plan_flag();--> statement-breakpoint

-- The video: both or neither; ids as the providers issue them (YouTube 11 characters, Vimeo digits).
ALTER TABLE "properties" ADD COLUMN "video_provider" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "video_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_video_check" CHECK (
  ("video_provider" IS NULL AND "video_id" IS NULL)
  OR ("video_provider" = 'youtube' AND "video_id" ~ '^[A-Za-z0-9_-]{11}$')
  OR ("video_provider" = 'vimeo' AND "video_id" ~ '^[0-9]{1,12}$'));--> statement-breakpoint

-- One energy performance certificate per property: the PDF in the media storage under
-- `documents/{property id}/...` (not `properties/`, whose files belong to photo rows).
CREATE TABLE "property_energy_certificates" (
  "property_id" bigint PRIMARY KEY NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL,
  "file_name" text NOT NULL,
  "bytes" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "property_energy_certificates_bytes_check" CHECK ("bytes" > 0)
);
