-- Viewport and radius searches with the partition and the price in one GiST descent, index-only
-- for their counts (docs/decisions/008). IF NOT EXISTS: a benchmark database may hold it from
-- the measurement that chose it.
CREATE INDEX IF NOT EXISTS "offers_public_geo_idx" ON "offers" USING gist ("location","offer_type","property_type","country_code","price_normalized") WHERE "offers"."is_public";
