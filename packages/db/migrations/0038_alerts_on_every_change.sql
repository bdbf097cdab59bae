-- Alerts on every change that matters (issue 44 point 2, docs/decisions/070): what each
-- watch-dog reports, the ledger of alerts about favourite offers (one row per person and
-- change, so no change is mailed twice), and the indexes by which every alert run reads the
-- last minutes' price and state changes.
ALTER TABLE "saved_searches" ADD COLUMN IF NOT EXISTS "alert_kinds" text[] DEFAULT '{new,price_drop,back_on_market}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_alert_kinds_check" CHECK ("saved_searches"."alert_kinds" <@ array['new', 'price_drop', 'back_on_market']::text[] and cardinality("saved_searches"."alert_kinds") > 0);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "favorite_alert_deliveries" (
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"change_key" text NOT NULL,
	"property_id" bigint NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE,
	"changed_at" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_alert_deliveries_user_id_change_key_pk" PRIMARY KEY ("user_id", "change_key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorite_alert_deliveries_changed_idx" ON "favorite_alert_deliveries" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_history_changed_idx" ON "price_history" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_state_history_changed_idx" ON "property_state_history" USING btree ("changed_at");
