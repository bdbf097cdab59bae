import { type Db, users } from '@estately/db';
import { INVALID_CREDENTIALS_MESSAGE, type TokenPair } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { issueTokenPair } from './issue-token-pair.ts';
import { recordSecurityEvent, type SecurityContext } from './record-security-event.ts';

export interface LogInOptions {
  db: Db;
  config: Pick<Config, 'jwt' | 'tokens'>;
  /** Lower-cased by the contract. */
  email: string;
  password: string;
  context: SecurityContext;
}

/**
 * POST /auth/login (spec 7): a token pair for the right e-mail and password. A wrong password
 * and an unknown e-mail get the same 401 after the same work: an unknown e-mail is verified
 * against a dummy argon2 hash, so neither the answer nor its timing says which accounts exist.
 * Unverified accounts may sign in (their `verified` is false until they confirm). Each attempt
 * is logged (`login_succeeded`, `login_failed`); a success also sets `last_login_at`.
 */
export async function logIn(options: LogInOptions): Promise<TokenPair> {
  const { db, config, email, password, context } = options;
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid) {
    await recordSecurityEvent(db, {
      kind: 'login_failed',
      userId: user?.id ?? null,
      email,
      context,
      details: { reason: user ? 'wrong_password' : 'unknown_email' },
    });
    throw new AppError('unauthorized', { message: INVALID_CREDENTIALS_MESSAGE });
  }
  return db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    await recordSecurityEvent(tx, { kind: 'login_succeeded', userId: user.id, email, context });
    return issueTokenPair(tx, config, { userId: user.id, context });
  });
}
