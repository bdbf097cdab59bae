import { SELLER_STATS_DAYS } from '@estately/domain';

/** The last `days` days including today (UTC), as YYYY-MM-DD; 30 unless told. */
export function statsWindow(now: Date, days: number = SELLER_STATS_DAYS): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Days from `from` to `to` (YYYY-MM-DD), both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
