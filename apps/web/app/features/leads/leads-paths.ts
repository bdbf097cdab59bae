import type { Locale } from '@estately/domain';

// The leads inbox is not a screen of spec 2's route table: it lives beside the account screens
// (`/{locale}/account/leads`, under the account layout and its sign-in guard, issue 10).

export function leadsPath(locale: Locale): string {
  return `/${locale}/account/leads`;
}
