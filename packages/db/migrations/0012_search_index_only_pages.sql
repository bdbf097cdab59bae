-- Pages of area searches, similar offers and the newest-first walk are chosen from index
-- entries alone (index-only scans), and only the page's rows are read from the wide table
-- afterwards (docs/decisions/012):
-- * the partition-first GiST of area searches (0009) also carries the area, the activation
--   time and the id, so a radius or viewport page, sorted by any order, and the similar-offer
--   ranking (price, area, distance, newest) never read a candidate's row;
-- * a b-tree on the partition and newest first, partial on is_public, carries the normalised
--   price and the point, so Q1's page and the large-area walk test the price range and the
--   area on the index entry instead of the row.
-- IF EXISTS / IF NOT EXISTS: a benchmark database may hold an index from a measurement.
DROP INDEX IF EXISTS "offers_public_area_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_public_area_idx" ON "offers" USING gist ("offer_type","property_type","country_code","location") INCLUDE ("price_normalized","useful_area_meters","activated_at","id") WHERE "offers"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_public_newest_idx" ON "offers" USING btree ("offer_type","property_type","country_code","activated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("price_normalized","location") WHERE "offers"."is_public";
