import { type DbOrTx, leadThreads, leadThreadTokens, properties } from '@estately/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { hashSecretToken } from '../auth/secret-token.ts';

/**
 * The person who wrote to a seller reaches their conversation in one of two ways: the link of
 * the seller's reply e-mail (a token, stored hashed) or their own account. Anyone else, the
 * seller included, finds nothing (404), so ids cannot be probed.
 */
export type WriterAccess = { token: string } | { threadId: number; buyerUserId: number };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The thread with the seller it rates: its owner account and the offer's seller profile. */
export async function threadOfWriter(tx: DbOrTx, access: WriterAccess, lock: boolean) {
  let where: SQL;
  if ('token' in access) {
    if (!TOKEN.test(access.token)) throw new AppError('not_found');
    where = sql`${leadThreads.id} = (select ${leadThreadTokens.threadId} from ${leadThreadTokens} where ${leadThreadTokens.tokenHash} = ${hashSecretToken(access.token)})`;
  } else {
    where = and(eq(leadThreads.id, access.threadId), eq(leadThreads.buyerUserId, access.buyerUserId)) as SQL;
  }
  const query = tx
    .select({
      id: leadThreads.id,
      ownerId: leadThreads.ownerId,
      firstReplyAt: leadThreads.firstReplyAt,
      sellerId: properties.sellerId,
    })
    .from(leadThreads)
    .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
    .where(where);
  const [thread] = lock ? await query.for('update', { of: leadThreads }) : await query;
  if (!thread) throw new AppError('not_found');
  return thread;
}
