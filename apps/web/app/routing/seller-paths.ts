import type { Locale } from '@estately/domain';

// A seller's public page (issue 39 point 15, decision 053) is not a screen of spec 2's route
// table, like the company page: `/{locale}/seller/{id}-{slug}`, the way offers are
// `/{locale}/property/{id}`.

/** `slug` is the API's `{id}-{slug}` (the id decides, the words are for people and search engines). */
export function sellerPagePath(locale: Locale, slug: string): string {
  return `/${locale}/seller/${slug}`;
}
