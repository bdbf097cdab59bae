import { properties } from '@estately/db';
import { SEARCHABLE_STATES } from '@estately/domain';
import { and, inArray, isNull, type SQL } from 'drizzle-orm';

/**
 * An offer is public while its property is active or reserved (OFFER_VISIBILITY, decision 042)
 * and not struck by an admin (spec 4, spec 7 strike). The read-model row normally disappears with
 * either change; checking the property too keeps a stale row from leaking between the two writes
 * (the featured list does the same). Offers, favourites and leads ask it.
 */
export function isPublicProperty(): SQL {
  return and(inArray(properties.state, SEARCHABLE_STATES), isNull(properties.struckAt)) as SQL;
}
