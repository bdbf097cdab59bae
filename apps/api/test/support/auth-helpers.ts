import { randomUUID } from 'node:crypto';
import { type Db, users } from '@estately/db';
import type { Config } from '../../src/config.ts';
import { signAccessToken } from '../../src/lib/jwt.ts';
import { hashPassword } from '../../src/lib/passwords.ts';

let userCounter = 0;

export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** A user with a real argon2id password hash, written the way sign-up writes one. */
export async function createUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const { password = TEST_PASSWORD, ...rest } = values;
  const email = rest.email ?? `user-${userCounter}-${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ ...rest, email, passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

/**
 * `Authorization` header of a valid access token for the user, as login would issue it. Its
 * family (`fam`, required on every access token) is a fresh one unless given: a family with no
 * revoked refresh token counts as a live session.
 */
export function bearer(
  config: Config,
  userId: number,
  claims: { iat?: number; exp?: number; fam?: string } = {},
): {
  authorization: string;
} {
  const now = Math.floor(Date.now() / 1000);
  const token = signAccessToken(config.jwt.keys, {
    sub: userId,
    iat: claims.iat ?? now,
    exp: claims.exp ?? now + config.tokens.accessTtlSeconds,
    jti: randomUUID(),
    fam: claims.fam ?? randomUUID(),
  });
  return { authorization: `Bearer ${token}` };
}
