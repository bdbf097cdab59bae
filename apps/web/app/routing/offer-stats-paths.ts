import { buildPath, type Locale, OFFER_STATS_WINDOWS, type OfferStatsWindow } from '@estately/domain';

// The statistics page of one's own offer (issue 38 point 11): under my offers, so the account
// layout's sign-in guard applies. `?metric=` picks the chart, `?days=` the window (7, 30, 90).

export const STATS_METRICS = ['views', 'contact_views', 'favorites_added', 'leads'] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

export function isStatsMetric(value: string | null): value is StatsMetric {
  return value !== null && (STATS_METRICS as readonly string[]).includes(value);
}

export function isStatsWindow(value: number): value is OfferStatsWindow {
  return (OFFER_STATS_WINDOWS as readonly number[]).includes(value);
}

export function offerStatsPath(
  locale: Locale,
  id: number,
  view: { metric?: StatsMetric; days?: OfferStatsWindow } = {},
): string {
  const path = `${buildPath('accountMyOffers', locale)}/${id}/stats`;
  const query = new URLSearchParams();
  if (view.metric && view.metric !== 'views') query.set('metric', view.metric);
  if (view.days && view.days !== 30) query.set('days', String(view.days));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
