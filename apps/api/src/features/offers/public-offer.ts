import { properties } from '@estately/db';
import { and, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

/**
 * The offer pages that answer at all (200 or 410): once activated, not struck. A draft or a
 * struck offer stays an unknown 404 (decision 042).
 */
export function wasPublicProperty(): SQL {
  return and(
    ne(properties.state, 'draft'),
    isNotNull(properties.activatedAt),
    isNull(properties.struckAt),
  ) as SQL;
}

/** The 410 of an offer that was public and is no longer shown (decision 042). */
export function offerGone(): AppError {
  return new AppError('gone');
}

/** The 404 every offer call answers for an unknown, inactive or struck offer. */
export function offerNotFound(): AppError {
  return new AppError('not_found');
}
