import type { MessageKey } from '@estately/i18n';

/**
 * The message that counts each list of the account and admin screens (issue 38 point 8). Each
 * list names its own thing with its own plural forms: a seller's enquiries are not "offers", an
 * empty report queue is not "no offers". The search results alone count offers (`results.count`).
 */
export const LIST_COUNT_KEYS = {
  leads: 'account.leads',
  favorites: 'nav.favorites_count',
  watchDogs: 'account.watch_dogs_count',
  myOffers: 'account.properties_count',
  reports: 'admin.reports_count',
  redirects: 'admin.redirects_count',
} as const satisfies Record<string, MessageKey>;

export type CountedList = keyof typeof LIST_COUNT_KEYS;
