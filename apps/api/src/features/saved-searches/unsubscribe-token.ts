import { createHmac, timingSafeEqual } from 'node:crypto';
import type { JwtKey } from '../../lib/jwt.ts';

// One-click unsubscribe links of alert e-mails: `<id>.<kid>.<mac>`, an HMAC-SHA256 of the
// saved search id under a configured signing key (JWT_SECRETS). Stateless, so a link works
// without sign-in and nothing has to be stored per e-mail; keyed by `kid` so rotating keys
// keeps older links working while the old key is still configured. The purpose prefix keeps
// these MACs from ever being valid for anything else signed with the same key.

const PURPOSE = 'saved_search_unsubscribe:v1:';
/** The favourite alerts' links name the account (decision 070): another purpose, never valid for a search. */
const FAVORITES_PURPOSE = 'favorite_alerts_unsubscribe:v1:';

function mac(secret: string, id: number, purpose = PURPOSE): string {
  return createHmac('sha256', secret).update(`${purpose}${id}`).digest('base64url');
}

export function signUnsubscribeToken(
  keys: readonly JwtKey[],
  savedSearchId: number,
  purpose = PURPOSE,
): string {
  const key = keys[0];
  if (!key) throw new Error('no signing key configured');
  return `${savedSearchId}.${key.kid}.${mac(key.secret, savedSearchId, purpose)}`;
}

/** The one-click link of favourite alerts: turns the account's `notifyOfferUpdates` off. */
export function signFavoriteAlertsToken(keys: readonly JwtKey[], userId: number): string {
  return signUnsubscribeToken(keys, userId, FAVORITES_PURPOSE);
}

/** The account id a favourite alerts token names, or null. */
export function verifyFavoriteAlertsToken(keys: readonly JwtKey[], token: string): number | null {
  return verifyUnsubscribeToken(keys, token, FAVORITES_PURPOSE);
}

/** The saved search id a token names, or null when it is malformed or not ours. */
export function verifyUnsubscribeToken(
  keys: readonly JwtKey[],
  token: string,
  purpose = PURPOSE,
): number | null {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const key = keys.find((candidate) => candidate.kid === match[2]);
  if (!key || !Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(mac(key.secret, id, purpose));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
