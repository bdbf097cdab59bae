-- A person's hidden offers and recently viewed offers (issue 44 point 6, docs/decisions/072).
-- Guests keep both in their browser; a signed-in account's are here, keyed by user and offer so
-- hiding twice or viewing again is one row. Search reads hidden_offers by user (the primary key's
-- prefix); the lists are read newest first.
CREATE TABLE IF NOT EXISTS "hidden_offers" (
	"user_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_offers_pk" PRIMARY KEY ("user_id", "offer_id"),
	CONSTRAINT "hidden_offers_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade,
	CONSTRAINT "hidden_offers_offer_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."properties"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hidden_offers_user_created_idx" ON "hidden_offers" USING btree ("user_id", "created_at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "hidden_offers_offer_idx" ON "hidden_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recently_viewed_offers" (
	"user_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recently_viewed_offers_pk" PRIMARY KEY ("user_id", "offer_id"),
	CONSTRAINT "recently_viewed_offers_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade,
	CONSTRAINT "recently_viewed_offers_offer_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."properties"("id") ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recently_viewed_offers_user_viewed_idx" ON "recently_viewed_offers" USING btree ("user_id", "viewed_at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recently_viewed_offers_offer_idx" ON "recently_viewed_offers" USING btree ("offer_id");
