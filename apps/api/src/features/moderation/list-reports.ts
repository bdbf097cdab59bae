import { type Db, offerReports, properties } from '@estately/db';
import { type OfferReportItem, type PageMeta, pageMeta } from '@estately/domain';
import { asc, count, desc, eq, sql } from 'drizzle-orm';

/**
 * GET /admin/reports: the report queue. Open reports come offers-with-most-reports first, then
 * oldest first, so the worst offers and the longest waits are seen first; resolved and
 * dismissed ones newest decision first.
 */
export async function listReports(options: {
  db: Db;
  status: 'open' | 'resolved' | 'dismissed';
  page: number;
  perPage: number;
}): Promise<{ data: OfferReportItem[]; meta: PageMeta }> {
  const { db, status, page, perPage } = options;
  const openOnOffer = sql<number>`(select count(*) from offer_reports o where o.property_id = ${offerReports.propertyId} and o.status = 'open')::int`;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(offerReports).where(eq(offerReports.status, status)),
    db
      .select({
        report: offerReports,
        openOnOffer,
        state: properties.state,
        city: properties.city,
        ownerId: properties.ownerId,
        struckAt: properties.struckAt,
      })
      .from(offerReports)
      .innerJoin(properties, eq(properties.id, offerReports.propertyId))
      .where(eq(offerReports.status, status))
      .orderBy(
        ...(status === 'open'
          ? [desc(openOnOffer), asc(offerReports.createdAt)]
          : [desc(offerReports.resolvedAt), desc(offerReports.id)]),
        asc(offerReports.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return {
    data: rows.map(({ report, openOnOffer: open, state, city, ownerId, struckAt }) => ({
      id: report.id,
      property_id: report.propertyId,
      reason: report.reason as OfferReportItem['reason'],
      message: report.message,
      reporter_user_id: report.reporterUserId,
      reporter_email: report.reporterEmail,
      status: report.status as OfferReportItem['status'],
      created_at: report.createdAt.toISOString(),
      resolved_at: report.resolvedAt ? report.resolvedAt.toISOString() : null,
      resolved_by: report.resolvedBy,
      open_reports_on_offer: Number(open),
      property: {
        state: state as OfferReportItem['property']['state'],
        city,
        owner_id: ownerId,
        struck: !!struckAt,
      },
    })),
    meta: pageMeta(total?.n ?? 0, page, perPage),
  };
}
