ALTER TABLE "properties" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "property_tour_dates" ADD COLUMN "capacity" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "property_tour_dates" ADD CONSTRAINT "property_tour_dates_capacity_check" CHECK ("property_tour_dates"."capacity" >= 1);