-- Photo files shared across property_media rows (docs/decisions/062): a feed's listing takes the
-- account's already rendered photo with the same bytes (looked up by content hash), and a photo's
-- files are deleted only when no row names its storage key any more (the seed's offers share the
-- pool's keys too).
CREATE INDEX "property_media_storage_key_idx" ON "property_media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "property_media_content_hash_idx" ON "property_media" USING btree ("content_hash");
