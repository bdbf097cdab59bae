import { type Db, leads, offerMessages, properties } from '@estately/db';
import type { Lead } from '@estately/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { leadColumns, toLead } from './lead-columns.ts';

/**
 * PATCH /leads/{id} {read}: the owner marks a received lead read (status new -> read, and
 * the sender's messages get their read time) or unread again (read -> new). Replied and
 * archived leads keep their status. Someone else's lead is 404.
 */
export async function markLeadRead(options: {
  db: Db;
  ownerId: number;
  id: number;
  read: boolean;
  now?: Date;
}): Promise<Lead> {
  const { db, ownerId, id, read } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.ownerId, ownerId)))
      .for('update');
    if (!lead) throw new AppError('not_found');
    await tx
      .update(leads)
      .set({ status: read ? 'read' : 'new', updatedAt: now })
      .where(and(eq(leads.id, id), inArray(leads.status, read ? ['new'] : ['read'])));
    await tx
      .update(offerMessages)
      .set({ readAt: read ? now : null })
      .where(
        and(
          eq(offerMessages.leadId, id),
          eq(offerMessages.fromOwner, false),
          read ? isNull(offerMessages.readAt) : sql`true`,
        ),
      );
    const [row] = await tx
      .select(leadColumns)
      .from(leads)
      .innerJoin(properties, eq(properties.id, leads.propertyId))
      .where(eq(leads.id, id));
    return toLead(row!);
  });
}
