import {
  buildPath,
  formatAddress,
  type Locale,
  OFFER_STATS_WINDOWS,
  type OfferStatsResponse,
  type OfferStatsWindow,
  SELLER_STATS_DAYS,
  textDirection,
} from '@estately/domain';
import {
  formatDate,
  formatDateLong,
  formatNumber,
  formatPrice,
  localeData,
  type MessageKey,
  type Translator,
} from '@estately/i18n';
import type { RouterContextProvider } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import {
  isStatsMetric,
  isStatsWindow,
  offerStatsPath,
  STATS_METRICS,
  type StatsMetric,
} from '../../routing/offer-stats-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound } from '../../routing/screen.server.ts';
import { buildChart, type ChartGeometry } from './offer-stats-chart.ts';

// The statistics page of one's own offer (issue 38 point 11): GET /my/offers/{id}/stats for the
// window, turned here into everything the page shows, texts and the chart's geometry included,
// so the chart is drawn on the server and the page needs no script.

type Context = Readonly<RouterContextProvider>;

export const METRIC_KEYS: Record<StatsMetric, MessageKey> = {
  views: 'offer_stats.metric_views',
  contact_views: 'offer_stats.metric_contact_views',
  favorites_added: 'offer_stats.metric_favorites_added',
  leads: 'offer_stats.metric_leads',
};

export interface OfferStatsPage {
  heading: string;
  address: string;
  backHref: string;
  metric: StatsMetric;
  metricLabel: string;
  days: OfferStatsWindow;
  windows: { days: OfferStatsWindow; label: string; href: string; current: boolean }[];
  metrics: { metric: StatsMetric; label: string; href: string; current: boolean; total: string }[];
  caption: string;
  /** One sentence for screen readers: what the chart shows and its total. */
  summary: string;
  total: string;
  empty: boolean;
  chart: ChartGeometry;
  rtl: boolean;
  /** The legend's line for the median, when drawn. */
  referenceLabel: string | null;
  table: { date: string; values: string[] }[];
  tableHeads: string[];
  position: { sentence: string; rule: string | null; status: OfferStatsResponse['position']['status'] };
  note: string;
}

export function parseStatsId(param: string | undefined): number {
  if (!param || !/^[1-9]\d{0,11}$/.test(param)) notFound();
  return Number(param);
}

/** The page of offer `id`, or null when it is not the caller's (or does not exist). */
export async function loadOfferStats(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
  id: number,
): Promise<OfferStatsPage | null> {
  const config = context.get(webConfigContext);
  const url = pageUrl(request);
  const metricParam = url.searchParams.get('metric');
  const metric: StatsMetric = isStatsMetric(metricParam) ? metricParam : 'views';
  const daysParam = Number(url.searchParams.get('days') ?? SELLER_STATS_DAYS);
  const days: OfferStatsWindow = isStatsWindow(daysParam) ? daysParam : SELLER_STATS_DAYS;
  let stats: OfferStatsResponse;
  try {
    stats = await requestApi(context, request, config).client.get<OfferStatsResponse>(
      `/my/offers/${id}/stats`,
      {
        query: { days },
        signal: request.signal,
      },
    );
  } catch (error) {
    // Another person's offer answers 404 like an unknown one: the caller's 404 page.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  return offerStatsPage(stats, { locale, t, id, metric, days });
}

/** The page of the API's statistics (pure: tested without a server). */
export function offerStatsPage(
  stats: OfferStatsResponse,
  options: { locale: Locale; t: Translator; id: number; metric: StatsMetric; days: OfferStatsWindow },
): OfferStatsPage {
  const { locale, t, id, metric, days } = options;
  const rtl = textDirection(locale) === 'rtl';
  const number = (value: number) => formatNumber(value, locale, { maximumFractionDigits: 1 });
  const short = new Intl.DateTimeFormat(localeData(locale).tag, {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const metricLabel = t(METRIC_KEYS[metric]);
  const values = stats.days.map((day) => day[metric]);
  const total = stats.totals[metric];
  const position = stats.position;
  const reference = metric === 'views' && position.status === 'ok' ? position.median_views_per_day : null;
  const chart = buildChart({
    values,
    labels: stats.days.map((day) => short.format(dayOf(day.day))),
    reference,
    rtl,
    format: number,
  });
  const from = formatDate(stats.from, locale);
  const to = formatDate(stats.to, locale);
  return {
    heading: t('offer_stats.title', {
      title: t.dynamic(`offer.title.${stats.offer_type}_${stats.property_type}`),
    }),
    address: formatAddress(stats) || t('my_offers.no_address'),
    backHref: buildPath('accountMyOffers', locale),
    metric,
    metricLabel,
    days,
    windows: OFFER_STATS_WINDOWS.map((window) => ({
      days: window,
      label: t('offer_stats.last_days', { days: window }),
      href: offerStatsPath(locale, id, { metric, days: window }),
      current: window === days,
    })),
    metrics: STATS_METRICS.map((item) => ({
      metric: item,
      label: t(METRIC_KEYS[item]),
      href: offerStatsPath(locale, id, { metric: item, days }),
      current: item === metric,
      total: number(stats.totals[item]),
    })),
    caption: t('offer_stats.chart_caption', { metric: metricLabel, from, to }),
    summary: t('offer_stats.chart_summary', {
      metric: metricLabel,
      total: number(total),
      most: number(Math.max(0, ...values)),
    }),
    total: t('offer_stats.total', { total: number(total) }),
    empty: total === 0,
    chart,
    rtl,
    referenceLabel: reference === null ? null : t('offer_stats.legend_median', { median: number(reference) }),
    tableHeads: [t('offer_stats.day'), ...STATS_METRICS.map((item) => t(METRIC_KEYS[item]))],
    table: stats.days.map((day) => ({
      date: formatDateLong(day.day, locale),
      values: STATS_METRICS.map((item) => number(day[item])),
    })),
    position: positionTexts(stats, locale, t),
    note: t('offer_stats.counting_note'),
  };
}

function positionTexts(stats: OfferStatsResponse, locale: Locale, t: Translator): OfferStatsPage['position'] {
  const { position } = stats;
  const number = (value: number) => formatNumber(value, locale, { maximumFractionDigits: 1 });
  const views = number(position.views_per_day);
  const criteria = position.criteria;
  const rule = criteria
    ? criteria.price_from_czk !== null && criteria.price_to_czk !== null
      ? t('offer_stats.comparable_rule', {
          city: criteria.city,
          from: formatPrice(criteria.price_from_czk, 'CZK', locale),
          to: formatPrice(criteria.price_to_czk, 'CZK', locale),
        })
      : t('offer_stats.comparable_rule_any_price', { city: criteria.city })
    : null;
  if (position.status === 'unpublished')
    return { status: position.status, rule, sentence: t('offer_stats.position_unpublished', { views }) };
  if (position.status === 'too_few' || position.median_views_per_day === null)
    return {
      status: 'too_few',
      rule,
      sentence: t('offer_stats.position_too_few', {
        views,
        count: position.comparables,
        min: position.min_comparables,
      }),
    };
  const median = position.median_views_per_day;
  const own = position.views_per_day;
  const values = { views, median: number(median) };
  if (median === 0)
    return {
      status: 'ok',
      rule,
      sentence:
        own === 0
          ? t('offer_stats.position_same', values)
          : t('offer_stats.position_no_median_views', values),
    };
  const ratio = own / median - 1;
  // Within half a per cent is "the same".
  if (Math.abs(ratio) < 0.005)
    return { status: 'ok', rule, sentence: t('offer_stats.position_same', values) };
  const percent = formatNumber(Math.abs(ratio), locale, { style: 'percent', maximumFractionDigits: 0 });
  return {
    status: 'ok',
    rule,
    sentence: t(ratio > 0 ? 'offer_stats.position_more' : 'offer_stats.position_less', {
      ...values,
      percent,
    }),
  };
}
