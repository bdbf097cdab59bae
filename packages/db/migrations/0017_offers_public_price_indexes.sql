-- The price sorts (spec 9) of public searches, read in index order within the offer type. With
-- the price index alone, page 2 of the cheapest sale offers passed every rent first (rents are
-- the cheapest prices): 313,000 rows and 2.2 s on 900k offers. The orders must stay spelled as
-- in search-offers.ts (ORDER_BY.price_asc and price_desc).
CREATE INDEX IF NOT EXISTS "offers_public_price_asc_idx" ON "offers" USING btree ("offer_type","price_normalized","id") WHERE "offers"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_public_price_desc_idx" ON "offers" USING btree ("offer_type","price_normalized" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "offers"."is_public";
