CREATE TABLE "read_model_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What an offer detail shows of the publishing account and the seller changes rarely, but the
-- detail is cached per offer (docs/decisions/022): every statement that changes one of those
-- public fields (or removes an account or a seller) bumps the 'accounts' counter once. Logins
-- and token writes touch other columns of `users` and leave it alone.
CREATE OR REPLACE FUNCTION read_model_versions_bump_accounts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "read_model_versions" VALUES ('accounts', 1)
    ON CONFLICT ("name") DO UPDATE SET "version" = "read_model_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_public_fields_version" AFTER UPDATE OF "account_type", "first_name", "last_name", "company_name", "verified", "profile_picture_path", "created_at" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_versions_bump_accounts();--> statement-breakpoint
CREATE TRIGGER "users_delete_version" AFTER DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_versions_bump_accounts();--> statement-breakpoint
CREATE TRIGGER "sellers_version" AFTER UPDATE OR DELETE ON "sellers"
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_versions_bump_accounts();
--> statement-breakpoint
-- The rest of a detail (description, rooms, photos) lives in `properties` and `property_media`.
-- Every property write rewrites the offers row too (and so bumps its partition), but a
-- statement that changes only these tables bumps the partitions of the properties it touched
-- as well, so a cached detail can never outlive a change by another writer.
CREATE OR REPLACE FUNCTION offer_count_versions_bump_properties() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    -- The partitions before and after: an update may move a property to another one.
    INSERT INTO "offer_count_versions"
      SELECT k.*, 1 FROM (
        SELECT "offer_type", "property_type", "country_code" FROM changed_new
        UNION SELECT "offer_type", "property_type", "country_code" FROM changed_old
      ) k ORDER BY 1, 2, 3
      ON CONFLICT ("offer_type", "property_type", "country_code")
      DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT "property_id" FROM changed_new);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT "property_id" FROM changed_old);
  ELSE
    touched := ARRAY(SELECT "property_id" FROM changed_new UNION SELECT "property_id" FROM changed_old);
  END IF;
  INSERT INTO "offer_count_versions"
    SELECT DISTINCT p."offer_type", p."property_type", p."country_code", 1
      FROM "properties" p WHERE p."id" = ANY(touched)
      ORDER BY 1, 2, 3
    ON CONFLICT ("offer_type", "property_type", "country_code")
    DO UPDATE SET "version" = "offer_count_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_count_versions_update" AFTER UPDATE ON "properties"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump_properties();--> statement-breakpoint
CREATE TRIGGER "property_media_count_versions_insert" AFTER INSERT ON "property_media"
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump_properties();--> statement-breakpoint
CREATE TRIGGER "property_media_count_versions_update" AFTER UPDATE ON "property_media"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump_properties();--> statement-breakpoint
CREATE TRIGGER "property_media_count_versions_delete" AFTER DELETE ON "property_media"
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION offer_count_versions_bump_properties();
