import type { Locale } from '@estately/domain';

// Shared search boards (issue 44 point 3, decision 071) live beside the account screens, under
// the account layout's sign-in guard; the page an invitation e-mail opens does not need an
// account yet (it offers to sign in or sign up and comes back).

export function boardsPath(locale: Locale): string {
  return `/${locale}/account/boards`;
}

export function boardPath(locale: Locale, id: number | string): string {
  return `${boardsPath(locale)}/${id}`;
}

/** The address the API's invitation e-mail links to (apps/api features/boards/invitation-token.ts). */
export function boardInvitationPath(locale: Locale, token: string): string {
  return `/${locale}/board-invitation/${token}`;
}
