import type { Locale } from '@estately/domain';

// The admin area (issue 10), for accounts with isAdmin: not a screen of spec 2's route table, so
// its paths are declared here, under the account layout in every locale.

export const ADMIN_SECTIONS = ['reports', 'scams', 'offers', 'redirects'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** `/{locale}/account/admin`, or one of its sections. */
export function adminPath(locale: Locale, section?: AdminSection): string {
  return section ? `/${locale}/account/admin/${section}` : `/${locale}/account/admin`;
}

/** The section of an admin path; null for the admin home. */
export function adminSectionOf(pathname: string): AdminSection | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (ADMIN_SECTIONS as readonly string[]).includes(last) ? (last as AdminSection) : null;
}
