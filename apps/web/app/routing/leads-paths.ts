import type { Locale } from '@estately/domain';

// The leads inbox is not a screen of spec 2's route table: it lives beside the account screens
// (`/{locale}/account/leads`, under the account layout and its sign-in guard, issue 10), with a
// page per conversation (issue 38 point 10). The buyer's side of a conversation is a page of its
// own, opened by the e-mail link's token without an account.

export function leadsPath(locale: Locale): string {
  return `/${locale}/account/leads`;
}

export function leadThreadPath(locale: Locale, id: number): string {
  return `${leadsPath(locale)}/${id}`;
}

export function buyerThreadPath(locale: Locale, token: string): string {
  return `/${locale}/messages/${token}`;
}

/** A signed-in buyer's own conversations with sellers. */
export function myMessagesPath(locale: Locale): string {
  return `/${locale}/account/messages`;
}
