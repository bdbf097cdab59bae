import type { Locale } from '@estately/domain';

// A company account's feeds and partner API keys (issue 42) are not screens of spec 2's route
// table: they live beside the account screens, under the account layout's sign-in guard. A feed's
// runs have a page per feed, each run a page of its own (its progress and report); a file is
// uploaded to a resource route that streams it on to the API.

export function feedsPath(locale: Locale): string {
  return `/${locale}/account/feeds`;
}

/** One feed's runs, newest first. */
export function feedRunsPath(locale: Locale, feedId: number | string): string {
  return `${feedsPath(locale)}/${feedId}`;
}

/** Where a feed's file is posted (multipart, field `file`). */
export function feedUploadPath(locale: Locale, feedId: number | string): string {
  return `${feedsPath(locale)}/${feedId}/upload`;
}

export function feedRunPath(locale: Locale, runId: number | string): string {
  return `${feedsPath(locale)}/runs/${runId}`;
}

export function apiKeysPath(locale: Locale): string {
  return `/${locale}/account/api-keys`;
}
