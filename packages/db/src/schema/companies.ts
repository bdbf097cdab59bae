import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, updatedAt } from './common.ts';
import { users } from './users.ts';

/** One language's text of a company's description; the first entry is the company's own language. */
export interface CompanyDescription {
  locale: string;
  text: string;
}

/**
 * The public profile of a company account (issue 38 point 12): what the company chooses to
 * publish on its page and on its offers' seller box. It is separate from the account's own
 * company details (users.company_*, the sign-up's data), which stay private. One row per
 * company account, created on the first save. `logo_key` is the stored 400 px variant
 * (`companies/{user id}/{upload id}/400.webp`); its 96 px sibling sits beside it.
 */
export const companyProfiles = pgTable(
  'company_profiles',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoKey: text('logo_key'),
    street: text('street'),
    city: text('city'),
    postcode: text('postcode'),
    countryCode: text('country_code'),
    registrationNumber: text('registration_number'),
    website: text('website'),
    phone: text('phone'),
    /** Ordered list of { locale, text }: the first is the company's first language (fallback). */
    descriptions: jsonb('descriptions').$type<CompanyDescription[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_profiles_name_check', sql`length(btrim(${t.name})) between 1 and 200`),
    check('company_profiles_country_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('company_profiles_website_check', sql`${t.website} like 'https://%'`),
    check('company_profiles_descriptions_check', sql`jsonb_typeof(${t.descriptions}) = 'array'`),
  ],
);
