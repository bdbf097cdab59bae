import { ARGON2_OPTIONS } from '@estately/db';
import { hash, verify } from '@node-rs/argon2';

// Passwords are hashed with argon2id at OWASP's parameters (DESIGN 2: 19 MiB, 2 passes, one
// lane; about 13 ms a hash here). Hashing is memory- and CPU-hard by design, so a flood of
// logins must not run hundreds at once: a small semaphore queues them (DESIGN 8 gives hashing
// its own concurrency limit), keeping memory bounded and the event loop responsive.

const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return Promise.resolve(false);
  return limited(() => verify(passwordHash, password).catch(() => false));
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
