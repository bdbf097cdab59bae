import { type Db, leads, leadThreads, offerMessages } from '@estately/db';
import type { LeadThread, UpdateLeadThreadBody } from '@estately/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { getLeadThread } from './get-lead-thread.ts';

/**
 * PATCH /lead_threads/{id}: the seller sets the status (viewing_booked, closed, or `open`: a
 * closed thread back to answered when replied to, else new) and/or marks the buyer's messages
 * read (`read: true`) or the last of them unread again (`read: false`). Someone else's is 404.
 */
export async function updateLeadThread(options: {
  db: Db;
  ownerId: number;
  id: number;
  input: UpdateLeadThreadBody;
  now?: Date;
}): Promise<LeadThread> {
  const { db, ownerId, id, input } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: leadThreads.id })
      .from(leadThreads)
      .where(and(eq(leadThreads.id, id), eq(leadThreads.ownerId, ownerId)))
      .for('update');
    if (!thread) throw new AppError('not_found');
    if (input.status) {
      const status =
        input.status === 'open'
          ? sql`case when ${leadThreads.status} <> 'closed' then ${leadThreads.status} when ${leadThreads.firstReplyAt} is null then 'new' else 'answered' end`
          : input.status;
      await tx.update(leadThreads).set({ status, updatedAt: now }).where(eq(leadThreads.id, id));
    }
    if (input.read === true) {
      await tx
        .update(offerMessages)
        .set({ readAt: now })
        .where(
          and(
            eq(offerMessages.threadId, id),
            eq(offerMessages.fromOwner, false),
            isNull(offerMessages.readAt),
          ),
        );
      await tx
        .update(leads)
        .set({ status: 'read', updatedAt: now })
        .where(and(eq(leads.threadId, id), eq(leads.status, 'new')));
    } else if (input.read === false) {
      // The buyer's latest message counts as not read again.
      await tx.execute(sql`update ${offerMessages} set read_at = null where id = (
        select id from ${offerMessages} where thread_id = ${id} and not from_owner
        order by created_at desc, id desc limit 1)`);
    }
    return getLeadThread({ db: tx, ownerId, id });
  });
}
