import type { Locale } from '@estately/domain';

// The landing page of the "still available?" e-mail's links (decision 065), opened without an
// account: the signed token in the address is the only key, like a buyer's conversation link.

export function availabilityLinkPath(locale: Locale, token: string): string {
  return `/${locale}/availability/${token}`;
}
