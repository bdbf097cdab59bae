import { type Db, type DbOrTx, offerMessages, properties, scamFlags } from '@estately/db';
import { type PageMeta, pageMeta, type ScamFlagItem } from '@estately/domain';
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

const columns = {
  flag: scamFlags,
  state: properties.state,
  offerType: properties.offerType,
  propertyType: properties.propertyType,
  city: properties.city,
  price: properties.price,
  currency: properties.currency,
  ownerId: properties.ownerId,
  messageFromOwner: offerMessages.fromOwner,
  messageBody: offerMessages.body,
};

type Row = {
  flag: typeof scamFlags.$inferSelect;
  state: string;
  offerType: string;
  propertyType: string;
  city: string | null;
  price: number | null;
  currency: string;
  ownerId: number;
  messageFromOwner: boolean | null;
  messageBody: string | null;
};

function toItem(row: Row): ScamFlagItem {
  const { flag } = row;
  return {
    id: flag.id,
    subject: flag.subject as ScamFlagItem['subject'],
    status: flag.status as ScamFlagItem['status'],
    score: flag.score,
    held: flag.held,
    reasons: flag.reasons as ScamFlagItem['reasons'],
    author_user_id: flag.authorUserId,
    created_at: flag.createdAt.toISOString(),
    updated_at: flag.updatedAt.toISOString(),
    decided_at: flag.decidedAt?.toISOString() ?? null,
    decided_by: flag.decidedBy,
    property: {
      id: flag.propertyId,
      state: row.state as ScamFlagItem['property']['state'],
      offer_type: row.offerType as ScamFlagItem['property']['offer_type'],
      property_type: row.propertyType as ScamFlagItem['property']['property_type'],
      city: row.city,
      price: row.price === null ? null : Number(row.price),
      currency: row.currency as ScamFlagItem['property']['currency'],
      owner_id: row.ownerId,
    },
    message:
      flag.messageId === null || row.messageBody === null
        ? null
        : { id: flag.messageId, from_owner: Boolean(row.messageFromOwner), body: row.messageBody },
  };
}

function selectFlags(db: DbOrTx, where: SQL) {
  return db
    .select(columns)
    .from(scamFlags)
    .innerJoin(properties, eq(properties.id, scamFlags.propertyId))
    .leftJoin(offerMessages, eq(offerMessages.id, scamFlags.messageId))
    .where(where);
}

/** One flag as the queue shows it (the answer of a decision). */
export async function getScamFlag(db: DbOrTx, id: number): Promise<ScamFlagItem> {
  const [row] = await selectFlags(db, eq(scamFlags.id, id));
  if (!row) throw new AppError('not_found');
  return toItem(row as Row);
}

/**
 * GET /admin/scam-flags: the scam review queue (docs/decisions/067). Open flags come held first
 * (those keep an offer out of search or a message from its reader), then the highest score,
 * then the oldest; decided ones newest decision first.
 */
export async function listScamFlags(options: {
  db: Db;
  status: ScamFlagItem['status'];
  page: number;
  perPage: number;
}): Promise<{ data: ScamFlagItem[]; meta: PageMeta }> {
  const { db, status, page, perPage } = options;
  const [total] = await db.select({ n: count() }).from(scamFlags).where(eq(scamFlags.status, status));
  const rows = await selectFlags(db, eq(scamFlags.status, status))
    .orderBy(
      ...(status === 'open'
        ? [desc(scamFlags.held), desc(scamFlags.score), asc(scamFlags.createdAt)]
        : [desc(scamFlags.decidedAt)]),
      asc(scamFlags.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { data: rows.map((row) => toItem(row as Row)), meta: pageMeta(total?.n ?? 0, page, perPage) };
}
