import { SELLER_STATS_DAYS } from '@estately/domain';

/** The last 30 days including today (UTC), as YYYY-MM-DD. */
export function statsWindow(now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (SELLER_STATS_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { from, to };
}
