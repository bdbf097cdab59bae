-- Company profiles (issue 38 point 12): what a company account publishes on its own page and on
-- its offers' seller box. One row per company account, created on its first save; the account's
-- own company details (users.company_*) stay private. Descriptions are an ordered JSON array of
-- { locale, text } whose first entry is the company's first language.
CREATE TABLE "company_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_key" text,
	"street" text,
	"city" text,
	"postcode" text,
	"country_code" text,
	"registration_number" text,
	"website" text,
	"phone" text,
	"descriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_profiles_name_check" CHECK (length(btrim("company_profiles"."name")) between 1 and 200),
	CONSTRAINT "company_profiles_country_check" CHECK ("company_profiles"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "company_profiles_website_check" CHECK ("company_profiles"."website" like 'https://%'),
	CONSTRAINT "company_profiles_descriptions_check" CHECK (jsonb_typeof("company_profiles"."descriptions") = 'array')
);--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A company's page lists its public offers newest first, read in index order.
CREATE INDEX "offers_public_owner_activated_idx" ON "offers" USING btree ("owner_id","activated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "offers"."is_public";
--> statement-breakpoint
-- An offer's kept detail shows its company's name and logo: any change of a profile moves the
-- 'accounts' counter (migration 0014), so kept details are built again.
CREATE TRIGGER "company_profiles_version" AFTER INSERT OR UPDATE OR DELETE ON "company_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_versions_bump_accounts();
