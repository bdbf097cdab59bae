import type { Locale } from '@estately/domain';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';

// Invitation links carry 32 random bytes; only their SHA-256 is stored (as for password resets).
export { hashSecretToken as hashInvitationToken, newSecretToken as newInvitationToken };

/** The web page that accepts an invitation (apps/web routing/boards-paths.ts). */
export function invitationUrl(webOrigin: string, locale: Locale, token: string): string {
  return `${webOrigin}/${locale}/board-invitation/${token}`;
}
