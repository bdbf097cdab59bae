import { createHash } from 'node:crypto';
import type { FeedListing } from './feed-listing.ts';
import { photoSourceKey } from './take-feed-photos.ts';

/** JSON with object keys sorted and undefined members left out: equal listings give equal text. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonical(member)}`).join(',')}}`;
}

/**
 * The content hash of a listing as the sync applies it: its fields and its photo sources in
 * order (not the photos' bytes: a source seen before is not fetched again, docs/decisions/062).
 * Equal to the stored `feed_listings.content_hash` means nothing to write.
 */
export function feedListingHash(listing: Pick<FeedListing, 'fields' | 'photos'>): string {
  const photos = listing.photos.map((photo) => [photoSourceKey(photo), photo.title ?? null]);
  return createHash('sha256')
    .update(canonical({ fields: listing.fields, photos }))
    .digest('hex');
}
