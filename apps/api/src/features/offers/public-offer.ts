import { properties } from '@estately/db';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/**
 * An offer is public while its property is active and not struck by an admin (spec 4, spec 7
 * strike). The read-model row normally disappears with either change; checking the property
 * too keeps a stale row from leaking between the two writes (the featured list does the same).
 */
export function isPublicProperty(): SQL {
  return and(eq(properties.state, 'active'), isNull(properties.struckAt)) as SQL;
}

/** The 404 every offer call answers for an unknown, inactive or struck offer. */
export function offerNotFound(): AppError {
  return new AppError('not_found');
}
