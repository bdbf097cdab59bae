-- True monthly cost of a rental (issue 43 point 6, docs/decisions/074): what a tenant pays beside
-- the rent each month as the seller states it, in the offer's currency. Null is "not stated",
-- which the offer page says rather than guessing. Non-negative: a fee is never a discount.
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "monthly_fees" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "monthly_utilities" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN IF NOT EXISTS "utilities_included" boolean;--> statement-breakpoint
ALTER TABLE "properties" DROP CONSTRAINT IF EXISTS "properties_monthly_costs_check";--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_monthly_costs_check" CHECK (("monthly_fees" IS NULL OR "monthly_fees" >= 0) AND ("monthly_utilities" IS NULL OR "monthly_utilities" >= 0));--> statement-breakpoint

-- The photo hash backfill (issue 43 point 2, decision 074): photos stored before migration 0036
-- have no perceptual hash, so their offers never group. The job walks them in id order from this
-- small partial index, which empties as it goes (a hashed photo leaves it).
CREATE INDEX IF NOT EXISTS "property_media_hash_missing_idx" ON "property_media" USING btree ("id") WHERE "perceptual_hash" IS NULL AND "status" = 'ready';
