-- The price map (issue 44 point 5, docs/decisions/073): the median asking price per m² (base
-- currency, rents monthly only) of each city's and each country's public offers per offer type,
-- with the number of offers behind it. The worker's job replaces the rows every few hours; the
-- map reads them by offer type, level and viewport.
CREATE TABLE IF NOT EXISTS "price_map_medians" (
	"offer_type" text NOT NULL,
	"level" text NOT NULL,
	"location_id" bigint NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"median_per_m2" double precision NOT NULL,
	"offers" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_map_medians_pk" PRIMARY KEY ("offer_type", "level", "location_id"),
	CONSTRAINT "price_map_medians_level_check" CHECK ("level" in ('country', 'locality')),
	CONSTRAINT "price_map_medians_offer_type_check" CHECK ("offer_type" in ('sale', 'rent')),
	CONSTRAINT "price_map_medians_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_map_medians_area_idx" ON "price_map_medians" USING btree ("offer_type", "level", "latitude", "longitude");
