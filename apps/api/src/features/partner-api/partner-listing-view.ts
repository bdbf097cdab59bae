import { type DbOrTx, feedListings } from '@estately/db';
import type { PartnerListing } from '@estately/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { PartnerCaller } from './authenticate-partner-key.ts';
import { type PartnerJobState, partnerJobStates } from './partner-listing-job.ts';

type ListingRow = typeof feedListings.$inferSelect;

/** Where the answers point: the web's address and the account's language. */
export interface PartnerViewContext {
  publicWebUrl: string;
  caller: PartnerCaller;
}

/**
 * A listing as the partner sees it: what is applied (`feed_listings`) and what the worker is
 * still doing. A change still queued shows the state it asks for and its photos to fetch; the
 * worker's problems show while nothing newer was applied. A listing the worker could not
 * publish at all (every photo failed) shows as withdrawn without a property, with its problems.
 */
export function partnerListingView(
  context: PartnerViewContext,
  externalId: string,
  row: ListingRow | null,
  job: PartnerJobState | undefined,
): PartnerListing {
  const pending = job?.pending ?? null;
  const finished = job?.finished ?? null;
  const state = pending
    ? pending.action === 'withdraw'
      ? 'withdrawn'
      : 'active'
    : (row?.state ?? 'withdrawn');
  const propertyId = row?.propertyId ?? null;
  const current = finished !== null && (row === null || row.updatedAt <= finished.doneAt);
  const published = row?.state === 'active' && propertyId !== null;
  return {
    external_id: externalId,
    property_id: propertyId,
    state: state as PartnerListing['state'],
    url: published ? `${context.publicWebUrl}/${context.caller.locale}/property/${propertyId}` : null,
    problems: current ? finished.problems : [],
    photos_pending: pending?.action === 'upsert' ? pending.photosPending : 0,
    updated_at: (row?.updatedAt ?? finished?.doneAt ?? new Date()).toISOString(),
  };
}

/** The listings of the account's API feed with these ids, as the partner sees them (absent: unknown). */
export async function readPartnerListings(
  db: DbOrTx,
  context: PartnerViewContext,
  feedId: number,
  externalIds: readonly string[],
): Promise<Map<string, PartnerListing>> {
  const rows =
    externalIds.length === 0
      ? []
      : await db
          .select()
          .from(feedListings)
          .where(and(eq(feedListings.feedId, feedId), inArray(feedListings.externalId, [...externalIds])));
  const states = await partnerJobStates(db, feedId, externalIds);
  const views = new Map<string, PartnerListing>();
  for (const externalId of externalIds) {
    const row = rows.find((candidate) => candidate.externalId === externalId) ?? null;
    const job = states.get(externalId);
    if (row === null && job === undefined) continue;
    views.set(externalId, partnerListingView(context, externalId, row, job));
  }
  return views;
}

/** One listing as the partner sees it, or null when the account never sent it. */
export async function readPartnerListing(
  db: DbOrTx,
  context: PartnerViewContext,
  feedId: number,
  externalId: string,
): Promise<PartnerListing | null> {
  return (await readPartnerListings(db, context, feedId, [externalId])).get(externalId) ?? null;
}
