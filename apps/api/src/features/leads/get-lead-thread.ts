import { type DbOrTx, leadThreads, properties } from '@estately/db';
import type { LeadThread } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { threadColumns, threadMessages, toThreadSummary } from './thread-columns.ts';

/** GET /lead_threads/{id}: one conversation of the caller's with its messages; anyone else's is 404. */
export async function getLeadThread(options: {
  db: DbOrTx;
  ownerId: number;
  id: number;
}): Promise<LeadThread> {
  const { db, ownerId, id } = options;
  const [row] = await db
    .select(threadColumns)
    .from(leadThreads)
    .innerJoin(properties, eq(properties.id, leadThreads.propertyId))
    .where(and(eq(leadThreads.id, id), eq(leadThreads.ownerId, ownerId)));
  if (!row) throw new AppError('not_found');
  return { ...toThreadSummary(row), messages: await threadMessages(db, id, 'seller') };
}
