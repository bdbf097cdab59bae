-- Viewport and radius searches within one partition (offer type, property type, country) up
-- to a square degree read this b-tree band by band: the latitude band floor(latitude * 50)
-- (0.02 degrees), then the longitude, so each band the area touches is one descent reading
-- the offers between its west and east edges. Everything a search page, a total, the Q1
-- facet groups, a map cell or the similar-offer ranking reads is included, so they are
-- index-only. The partition-first GiST
-- (0009, 0012) visited hundreds of pages for a city viewport, its pages' keys overlapping
-- (docs/decisions/012). The expression must stay spelled as in offer-conditions.ts.
CREATE INDEX IF NOT EXISTS "offers_public_band_idx" ON "offers" USING btree ("offer_type","property_type","country_code",(floor("latitude" * 50)::int),"longitude") INCLUDE ("latitude","location","price_normalized","useful_area_meters","activated_at","id","price","currency","disposition","ownership","type_of_building") WHERE "offers"."is_public";
