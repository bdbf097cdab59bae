import type { Locale } from '@estately/domain';

// The company profile (issue 38 point 12) is not a screen of spec 2's route table: its settings
// live beside the account settings (`/{locale}/account/settings/company`, under the account
// layout's sign-in guard) and the company's public page at `/{locale}/company/{id}-{slug}`, the
// way offers are `/{locale}/property/{id}`.

export function companySettingsPath(locale: Locale): string {
  return `/${locale}/account/settings/company`;
}

/** `slug` is the API's `{id}-{slug}` (the id decides, the words are for people and search engines). */
export function companyPagePath(locale: Locale, slug: string): string {
  return `/${locale}/company/${slug}`;
}
