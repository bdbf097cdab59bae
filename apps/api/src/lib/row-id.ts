import { AppError } from './app-error.ts';

/**
 * The row id in a path (`/leads/{id}`, `/saved_searches/{id}`, ...): a positive whole number of at
 * most 16 digits, so it is exact in JavaScript and fits PostgreSQL's bigint. Anything else names
 * no row, so it answers 404 like an id that does not exist, before any query runs.
 */
export function rowIdOf(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}
