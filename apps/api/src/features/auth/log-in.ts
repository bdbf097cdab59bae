import { type Db, users } from '@estately/db';
import { INVALID_CREDENTIALS_MESSAGE, type TokenPair } from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
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
 *
 * A hash made with weaker argon2 parameters than ARGON2_OPTIONS is replaced by a fresh one of
 * the same password in the same request (issue 11): the plain password is only at hand at
 * login, so that is when the cost can rise. The update is conditional on the old hash, so a
 * password change that lands meanwhile is never overwritten.
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
  const upgraded = needsRehash(user.passwordHash) ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    if (upgraded) {
      await tx
        .update(users)
        .set({ passwordHash: upgraded })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    }
    await recordSecurityEvent(tx, { kind: 'login_succeeded', userId: user.id, email, context });
    return issueTokenPair(tx, config, { userId: user.id, context });
  });
}
