import { createHmac, timingSafeEqual } from 'node:crypto';
import { AVAILABILITY_CHOICES, type AvailabilityChoice } from '@estately/domain';
import type { JwtKey } from '../../lib/jwt.ts';

// The two links of a "still available?" e-mail (decision 065): `<check>.<choice>.<expiry>.<kid>.<mac>`,
// an HMAC-SHA256 of the question's id, the answer and the link's expiry (seconds since 1970)
// under a configured signing key (JWT_SECRETS), like the saved-search unsubscribe link. The
// answer is inside the MAC, so one link cannot be turned into the other; the expiry too, so it
// cannot be moved. Each link works once: the question's row records the answer it was used for.
// The purpose prefix keeps these MACs from being valid for anything else signed with the key.

const PURPOSE = 'availability_answer:v1:';

export interface AvailabilityLink {
  checkId: number;
  choice: AvailabilityChoice;
  expiresAt: Date;
}

function mac(secret: string, checkId: number, choice: string, expires: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}${checkId}.${choice}.${expires}`).digest('base64url');
}

export function signAvailabilityToken(keys: readonly JwtKey[], link: AvailabilityLink): string {
  const key = keys[0];
  if (!key) throw new Error('no signing key configured');
  const expires = Math.floor(link.expiresAt.getTime() / 1000);
  return `${link.checkId}.${link.choice}.${expires}.${key.kid}.${mac(key.secret, link.checkId, link.choice, expires)}`;
}

/** What a token says, or null when it is malformed or not signed by one of our keys (expiry not checked). */
export function verifyAvailabilityToken(keys: readonly JwtKey[], token: string): AvailabilityLink | null {
  const match =
    /^([1-9]\d{0,15})\.([a-z]{1,16})\.(\d{1,12})\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const checkId = Number(match[1]);
  const choice = match[2] as AvailabilityChoice;
  const expires = Number(match[3]);
  if (!AVAILABILITY_CHOICES.includes(choice) || !Number.isSafeInteger(checkId)) return null;
  const key = keys.find((candidate) => candidate.kid === match[4]);
  if (!key) return null;
  const expected = Buffer.from(mac(key.secret, checkId, choice, expires));
  const given = Buffer.from(match[5]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { checkId, choice, expiresAt: new Date(expires * 1000) };
}
