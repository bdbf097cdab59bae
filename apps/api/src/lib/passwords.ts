import { ARGON2_OPTIONS } from '@estately/db';
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrency-limit.ts';

// Passwords are hashed with argon2id at OWASP's parameters (DESIGN 2: 19 MiB, 2 passes, one
// lane; about 13 ms a hash here). Hashing is memory- and CPU-hard by design, so a flood of
// logins must not run hundreds at once: a small semaphore queues them (DESIGN 8 gives hashing
// its own concurrency limit), keeping memory bounded and the event loop responsive.
// The queue is bounded too: beyond 64 waiting, or after 5 s of waiting, a login or sign-up is
// refused with 503 and Retry-After rather than left to time out (issue 11, check 14: 130
// logins at once under search load).

export const PASSWORD_HASHING_LIMITS = {
  slots: 2,
  maxQueue: 64,
  maxWaitMs: 5_000,
  retryAfterSeconds: 2,
} as const;

const limited = createConcurrencyLimit(PASSWORD_HASHING_LIMITS.slots, PASSWORD_HASHING_LIMITS);

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return Promise.resolve(false);
  return limited(() => verify(passwordHash, password).catch(() => false));
}

export interface Argon2Parameters {
  algorithm: string;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * The algorithm and cost of a stored PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`),
 * or null for anything else. The cost travels with each hash, so raising ARGON2_OPTIONS leaves
 * older hashes verifiable and lets a login tell which ones to upgrade.
 */
export function argon2Parameters(passwordHash: string): Argon2Parameters | null {
  const match = /^\$(argon2(?:id|i|d))\$(?:v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return null;
  return {
    algorithm: match[1] as string,
    memoryCost: Number(match[2]),
    timeCost: Number(match[3]),
    parallelism: Number(match[4]),
  };
}

/**
 * True when a hash is weaker than the configured parameters: another argon2 variant, or less
 * memory, passes or lanes (issue 11: rehash on login when the parameters rise). A stronger hash
 * is left alone: lowering the configuration must not downgrade anyone.
 */
export function needsRehash(passwordHash: string): boolean {
  const params = argon2Parameters(passwordHash);
  if (!params) return true;
  return (
    params.algorithm !== 'argon2id' ||
    params.memoryCost < ARGON2_OPTIONS.memoryCost ||
    params.timeCost < ARGON2_OPTIONS.timeCost ||
    params.parallelism < ARGON2_OPTIONS.parallelism
  );
}

/**
 * A hash of a random password, verified against when an e-mail is unknown so a login takes
 * as long for an unknown account as for a known one (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`unknown-account-${Math.random()}`);
  return dummyHash;
}
