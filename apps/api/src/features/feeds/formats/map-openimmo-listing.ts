import type { FeedPhotoSource, FeedProblem } from '../feed-listing.ts';
import { emptyRawListing, type RawFeedListing } from './finish-feed-listing.ts';
import { OPENIMMO_MAPPING, type OpenImmoContext } from './openimmo-mapping.ts';
import type { XmlNode } from './xml-node.ts';

/** One `<immobilie>` through every row of the mapping table. */
export function mapOpenImmoListing(listing: XmlNode, context: OpenImmoContext): RawFeedListing {
  const raw = emptyRawListing();
  const problems: FeedProblem[] = [];
  for (const row of OPENIMMO_MAPPING) {
    const mapped = row.read(listing, context);
    problems.push(...(mapped.problems ?? []));
    if (mapped.value === undefined) continue;
    if (row.target === 'external_id') raw.externalId = mapped.value as string;
    else if (row.target === 'action') raw.action = mapped.value as RawFeedListing['action'];
    else if (row.target === 'photos') raw.photos = mapped.value as FeedPhotoSource[];
    else raw.fields[row.target] = mapped.value;
  }
  raw.problems = problems;
  return raw;
}
