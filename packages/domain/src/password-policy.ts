import type { z } from 'zod';

// The password policy of every form that sets a password (sign-up, both reset flows, password
// change; issues 5 and 11). It follows NIST SP 800-63B rather than composition rules: at least
// 8 characters (ASVS 5.0 6.2.1), up to 128 so passphrases fit (ASVS asks for at least 64), and a refusal of passwords an attacker tries first
// (the e-mail itself, very common passwords, runs such as "1234567890" or "aaaaaaaaaa").
// Character classes are not required: they push people to predictable patterns.

/** Fewer characters than this are refused (`validation.password_too_short`, `{min}`). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * More characters than this are refused (`validation.password_too_long`, `{max}`). argon2 hashes
 * every byte (no truncation as with bcrypt's 72), so the cap only bounds the work a request can
 * ask for (issue 11).
 */
export const PASSWORD_MAX_LENGTH = 128;

/** Message keys the policy emits; the i18n catalogs carry one message per key. */
export const PASSWORD_POLICY_MESSAGE_KEYS = [
  'validation.required',
  'validation.password_too_short',
  'validation.password_too_long',
  'validation.password_same_as_email',
  'validation.password_too_common',
] as const;
export type PasswordPolicyMessageKey = (typeof PASSWORD_POLICY_MESSAGE_KEYS)[number];

/**
 * Passwords of at least the minimum length that appear near the top of every leaked-password
 * list. Shorter ones are refused by the length rule already. Compared lower-cased.
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'sunshine1',
  'princess',
  'princess1',
  'football',
  'football1',
  'baseball',
  'baseball1',
  'superman',
  'starwars',
  'trustno1',
  'whatever',
  'computer',
  'jennifer',
  'michael1',
  'charlie1',
  'letmein1',
  'letmein!',
  'welcome1',
  'welcome!',
  'changeme',
  'admin123',
  'admin1234',
  'test1234',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  'qwer1234',
  'asdf1234',
  'zaq1zaq1',
  '1qaz2wsx',
  '1q2w3e4r',
  'q1w2e3r4',
  'qazwsxedc',
  'aa123456',
  'abc12345',
  'abcd1234',
  'dragon12',
  'monkey12',
  'master12',
  'shadow12',
  'estately',
  'estately1',
  'password123',
  'password1234',
  'password12345',
  'password123!',
  'passw0rd123',
  'iloveyou123',
  'qwerty12345',
  'qwerty123456',
  'qwertyuiop',
  'qwertyuiop123',
  'asdfghjkl1',
  'asdfghjkl;',
  'zxcvbnm123',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  '1qaz2wsx3edc',
  'qazwsxedc123',
  'zaq12wsxcde3',
  'abc1234567',
  'abcd123456',
  'a123456789',
  '123456789a',
  '123456789q',
  '12345qwert',
  '123qweasdzxc',
  'letmein123',
  'welcome123',
  'welcome1234',
  'admin12345',
  'administrator',
  'changeme123',
  'football123',
  'baseball123',
  'sunshine123',
  'princess123',
  'monkey12345',
  'dragon12345',
  'superman123',
  'trustno1234',
  'starwars123',
  'michael123',
  'iloveyou1234',
  'estately123',
  'estately1234',
]);

/** Keyboard rows and alphabets: a password that is a slice of one (either way) is a run, not a secret. */
const SEQUENCES = [
  '01234567890',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
  'azertyuiop',
];

function isRun(lower: string): boolean {
  if (new Set(lower).size <= 2) return true;
  for (const sequence of SEQUENCES) {
    const reversed = [...sequence].reverse().join('');
    // Repeated runs too ("1234512345", "abcabcabca").
    for (const line of [sequence, reversed]) {
      for (let length = 3; length <= line.length; length += 1) {
        for (let start = 0; start + length <= line.length; start += 1) {
          if (line[start] !== lower[0]) continue;
          const unit = line.slice(start, start + length);
          if (unit.repeat(Math.ceil(lower.length / length)).slice(0, lower.length) === lower) return true;
        }
      }
    }
  }
  return false;
}

/** Length in characters as a person counts them (code points, so emoji count once). */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * Every rule the password breaks, in the order a form shows them; empty when it is acceptable.
 * `email` is the account's login address (the new one at sign-up).
 */
export function checkPassword(
  password: string,
  context: { email?: string | null } = {},
): PasswordPolicyMessageKey[] {
  if (password.length === 0) return ['validation.required'];
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return ['validation.password_too_short'];
  if (length > PASSWORD_MAX_LENGTH) return ['validation.password_too_long'];
  const lower = password.trim().toLowerCase();
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const local = email.split('@')[0] ?? '';
    if (lower === email || (local.length > 0 && lower === local))
      return ['validation.password_same_as_email'];
  }
  if (COMMON_PASSWORDS.has(lower) || isRun(lower)) return ['validation.password_too_common'];
  return [];
}

/**
 * Adds the policy's issues to a zod refinement at `path` (e.g. inside `superRefine` of a form
 * whose e-mail and password fields sit side by side). Values `{min}`/`{max}` of the messages are
 * PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH.
 */
export function addPasswordIssues(
  ctx: z.RefinementCtx,
  password: string,
  path: ReadonlyArray<string | number>,
  email?: string | null,
): void {
  for (const message of checkPassword(password, { email })) {
    ctx.addIssue({ code: 'custom', message, path: [...path] });
  }
}
