import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

// Tokens that travel in links and login answers (refresh, e-mail confirmation, password reset):
// 32 random bytes as base64url. Only their SHA-256 is stored, so a copy of the database does
// not let anyone sign in or reset a password. A plain hash suffices (no salt, no argon2):
// 256 random bits cannot be guessed, unlike passwords.

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The client address as the `inet` columns accept it (null if it is not an IP address). */
export function clientIp(ip: string | undefined): string | null {
  return ip && isIP(ip) !== 0 ? ip : null;
}

/** Whether a database error is a unique-constraint violation (two sign-ups racing for one e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
