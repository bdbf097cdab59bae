ALTER TABLE "location_names" ADD COLUMN "name_normalized" text GENERATED ALWAYS AS (search_normalize(name)) STORED;--> statement-breakpoint
CREATE INDEX "location_names_normalized_trgm" ON "location_names" USING gin ("name_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "location_names_locale_normalized_idx" ON "location_names" USING btree ("locale","name_normalized" text_pattern_ops);--> statement-breakpoint
-- The expression indexes of 0002 are replaced by the two above on the stored column.
DROP INDEX IF EXISTS "location_names_name_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "location_names_locale_name_idx";
