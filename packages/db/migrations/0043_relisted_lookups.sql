-- Two lookups of the offer history (decision 063) that read the whole table (issue 42's feed
-- import: the first import of 1,000 listings took 723 s at 1M offers).
-- 1. `relisted_from` names the offer a property continues. Without an index, every property
--    deleted (its foreign key sets the column to null) and every "is it continued already?" test
--    scanned all properties.
CREATE INDEX IF NOT EXISTS "properties_relisted_from_idx" ON "properties" USING btree ("relisted_from") WHERE "relisted_from" IS NOT NULL;--> statement-breakpoint
-- 2. A first listing looks for a withdrawn offer of the same property a few metres away
--    (findRelistedProperty): by offer type and position among the withdrawn offers, instead of
--    every withdrawn offer of the base.
CREATE INDEX IF NOT EXISTS "properties_withdrawn_location_idx" ON "properties" USING btree ("offer_type", "latitude", "longitude") WHERE "state" IN ('paused', 'archived') AND "published_at" IS NOT NULL;
