import { type Db, users } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { COMPANY_FIELDS, type CurrentUser, type UpdateUserBody } from '@estately/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { currentUserColumns, toCurrentUser } from './user-view.ts';

/**
 * PATCH /users/me (spec 7): a partial update of the editable spec 3 User fields and the account
 * settings. Changing `preferredLanguage` is how the locale setting is stored (spec 4). The
 * schema has checked each field; what depends on the account is checked here: company details
 * belong to company accounts only, and a company keeps its name. Any refusal changes nothing.
 */
export async function updateUser(options: {
  db: Db;
  storage: MediaStorage;
  userId: number;
  input: UpdateUserBody;
}): Promise<CurrentUser> {
  const { db, storage, userId, input } = options;
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<Record<keyof UpdateUserBody, unknown>>;

  return db.transaction(async (tx) => {
    // Locked, so a concurrent change of the account type cannot slip between check and write.
    const [account] = await tx
      .select({ accountType: users.accountType })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new AppError('unauthorized');

    const errors: Record<string, string[]> = {};
    for (const field of COMPANY_FIELDS) {
      if (!(field in changes)) continue;
      if (account.accountType !== 'company') {
        // A person may send the fields empty (a form that always posts them), not with a value.
        if (changes[field] !== null) errors[field] = ['validation.company_only'];
        else delete changes[field];
      } else if (field === 'companyName' && changes[field] === null) {
        errors[field] = ['validation.required'];
      }
    }
    if (Object.keys(errors).length > 0) throw new AppError('validation_errors', { errors });

    const [row] =
      Object.keys(changes).length === 0
        ? await tx.select(currentUserColumns).from(users).where(eq(users.id, userId))
        : await tx
            .update(users)
            .set({ ...(changes as Partial<typeof users.$inferInsert>), updatedAt: sql`now()` })
            .where(eq(users.id, userId))
            .returning(currentUserColumns);
    if (!row) throw new AppError('unauthorized');
    return toCurrentUser(row, storage);
  });
}
