CREATE TABLE "offer_view_visitors" (
	"property_id" bigint NOT NULL,
	"visitor_hash" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_view_visitors_pk" PRIMARY KEY("property_id","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "offer_reports" ADD COLUMN "reporter_key" text;--> statement-breakpoint
ALTER TABLE "offer_view_visitors" ADD CONSTRAINT "offer_view_visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_view_visitors_viewed_idx" ON "offer_view_visitors" USING btree ("viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_reports_open_reporter_unique" ON "offer_reports" USING btree ("property_id","reporter_key") WHERE "offer_reports"."status" = 'open';