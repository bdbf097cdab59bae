import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './common.ts';
import { properties } from './properties.ts';

/**
 * Machine translations of offer descriptions (issue 39 point 17, migration 0028), one per
 * description version, translation service and target language. `sourceHash` is the SHA-256 of
 * the description translated (hex), so an edited description is translated again; `target` is
 * the service's language code, shared by the locales of one language.
 */
export const offerDescriptionTranslations = pgTable(
  'offer_description_translations',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    target: text('target').notNull(),
    sourceHash: text('source_hash').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('offer_description_translations_source_hash_check', sql`${t.sourceHash} ~ '^[0-9a-f]{64}$'`),
    uniqueIndex('offer_description_translations_unique').on(t.propertyId, t.provider, t.target, t.sourceHash),
  ],
);
