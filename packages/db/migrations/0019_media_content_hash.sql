-- Photo uploads answer before the variants exist (issue 38 defect 4): the upload stores the
-- original and a row in `processing`; a job of the worker renders the variants and marks the row
-- `ready` (or `failed` when the image cannot be decoded). Only ready rows are shown or counted
-- for publishing. The sha256 of the uploaded bytes keeps the same photo once per property: an
-- upload repeated after leaving the page mid-way answers the row it made the first time.
ALTER TABLE "property_media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_status_check" CHECK ("status" IN ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "property_media" ALTER COLUMN "variants" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "property_media" ADD CONSTRAINT "property_media_ready_variants_check" CHECK ("status" <> 'ready' OR "variants" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "property_media" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "property_media_content_hash_unique" ON "property_media" USING btree ("property_id", "content_hash");
