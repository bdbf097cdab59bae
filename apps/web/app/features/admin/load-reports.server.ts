import {
  type Locale,
  OFFER_REPORT_QUEUE_STATUSES,
  type OfferReportItem,
  type PageMeta,
} from '@estately/domain';
import { formatDateTime, isMessageKey, type MessageKey, type Translator } from '@estately/i18n';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { api, type Context, offerModerationHref, queueRequest, stateLabel } from './admin-shared.server.ts';

// The report queue: reports by status, a page at a time, each with its offer and what it can do.

type ReportsResponse = { data: OfferReportItem[]; meta: PageMeta };
const REPORTS_PAGE_SIZE = 20;

function reasonLabel(t: Translator, reason: string): string {
  for (const key of [`offer.report_reason.${reason}`, `admin.reason.${reason}`])
    if (isMessageKey(key)) return t(key);
  return reason;
}

export async function loadReports(context: Context, request: Request, locale: Locale, t: Translator) {
  const queue = queueRequest(request, locale, 'reports', OFFER_REPORT_QUEUE_STATUSES, (value) =>
    t(`admin.status.${value}` as MessageKey),
  );
  const answer = await api(context, request).get<ReportsResponse>('/admin/reports', {
    query: { status: queue.status, page: queue.page, per_page: REPORTS_PAGE_SIZE },
  });
  const href = queue.href;
  return {
    status: queue.status,
    tabs: queue.tabs,
    items: answer.data.map((report: OfferReportItem) => ({
      id: report.id,
      propertyId: report.property_id,
      offerLabel: t('admin.offer_number', { id: report.property_id }),
      moderateHref: offerModerationHref(locale, report.property_id),
      publicHref:
        report.property.state === 'active' && !report.property.struck
          ? propertyDetailPath(locale, report.property_id)
          : null,
      reason: reasonLabel(t, report.reason),
      message: report.message,
      reporter: report.reporter_email ?? t('admin.reporter_unknown'),
      reported: formatDateTime(new Date(report.created_at), locale),
      reportedIso: report.created_at,
      openOnOffer: report.open_reports_on_offer,
      state: stateLabel(t, report.property.state),
      city: report.property.city,
      struck: report.property.struck,
      open: report.status === 'open',
      statusLabel: t(`admin.status.${report.status}`),
    })),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
  };
}
