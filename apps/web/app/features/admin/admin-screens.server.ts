import {
  type Locale,
  type ModerationResult,
  OFFER_REPORT_QUEUE_STATUSES,
  type OfferReportItem,
  type OwnProperty,
  type PageMeta,
  REDIRECT_STATUS_CODES,
  REDIRECTS_PAGE_SIZE,
  type RedirectRule,
  type RedirectRuleList,
} from '@estately/domain';
import { formatDate, formatDateTime, isMessageKey, type MessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { pendingSetCookies, requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { redirectMissesContext } from '../../routing/redirect-misses.server.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { adminApiFieldErrors, checkRedirectForm, checkResolveForm, checkStrikeForm } from './admin-fields.ts';
import { type AdminSection, adminPath } from './admin-paths.ts';

// Loaders and the action of the admin area (issue 10): the report queue, moderation of one offer
// (verify, strike with a reason, lift the strike) and the redirects table. Every call goes to
// the API as the signed-in admin, which checks isAdmin again (403 for anyone else).

type Context = Readonly<RouterContextProvider>;
type ReportsResponse = { data: OfferReportItem[]; meta: PageMeta };
const REPORTS_PAGE_SIZE = 20;

function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

function pageOf(url: URL): number {
  return Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
}

function pager(base: string, params: Record<string, string | null>) {
  return (target: number | null) => {
    if (!target) return null;
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
}

export function adminNav(locale: Locale, t: Translator) {
  return [
    { href: adminPath(locale), label: t('admin.title') },
    { href: adminPath(locale, 'reports'), label: t('admin.reports') },
    { href: adminPath(locale, 'offers'), label: t('admin.offers') },
    { href: adminPath(locale, 'redirects'), label: t('admin.redirects') },
  ];
}

function offerTitle(t: Translator, offer: { offer_type?: string; property_type?: string }): string | null {
  const key = `offer.title.${offer.offer_type}_${offer.property_type}`;
  return isMessageKey(key) ? t(key) : null;
}

function stateLabel(t: Translator, state: string): string {
  const key = `value.property_state.${state}`;
  return isMessageKey(key) ? t(key) : state;
}

function reasonLabel(t: Translator, reason: string): string {
  for (const key of [`offer.report_reason.${reason}`, `admin.reason.${reason}`])
    if (isMessageKey(key)) return t(key);
  return reason;
}

export function offerModerationHref(locale: Locale, id: number): string {
  return `${adminPath(locale, 'offers')}?id=${id}`;
}

// --- home ---------------------------------------------------------------------------------

export async function loadAdminHome(context: Context, request: Request, locale: Locale) {
  const client = api(context, request);
  const count = async (path: string, query: Record<string, string | number>) => {
    try {
      return (await client.get<{ meta: { total: number } }>(path, { query })).meta.total;
    } catch (error) {
      if (error instanceof Response) throw error;
      return null;
    }
  };
  const [openReports, redirects] = await Promise.all([
    count('/admin/reports', { status: 'open', per_page: 1 }),
    count('/admin/redirects', { per_page: 1 }),
  ]);
  return {
    openReports,
    redirects,
    links: {
      reports: adminPath(locale, 'reports'),
      offers: adminPath(locale, 'offers'),
      redirects: adminPath(locale, 'redirects'),
    },
  };
}

// --- report queue -------------------------------------------------------------------------

export async function loadReports(context: Context, request: Request, locale: Locale, t: Translator) {
  const url = pageUrl(request);
  const asked = url.searchParams.get('status') ?? 'open';
  const status = (OFFER_REPORT_QUEUE_STATUSES as readonly string[]).includes(asked) ? asked : 'open';
  const answer = await api(context, request).get<ReportsResponse>('/admin/reports', {
    query: { status, page: pageOf(url), per_page: REPORTS_PAGE_SIZE },
  });
  const base = adminPath(locale, 'reports');
  const href = pager(base, { status: status === 'open' ? null : status });
  return {
    status,
    tabs: OFFER_REPORT_QUEUE_STATUSES.map((value) => ({
      value,
      label: t(`admin.status.${value}`),
      href: value === 'open' ? base : `${base}?status=${value}`,
      current: value === status,
    })),
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

// --- one offer ----------------------------------------------------------------------------

export async function loadOfferModeration(context: Context, request: Request, locale: Locale, t: Translator) {
  const url = pageUrl(request);
  const asked = (url.searchParams.get('id') ?? '').trim();
  const id = /^[1-9]\d{0,15}$/.test(asked) ? Number(asked) : null;
  if (!asked) return { asked, offer: null, notFound: false };
  if (id === null) return { asked, offer: null, notFound: true };
  let property: Partial<OwnProperty> & { id: number };
  try {
    // Admins get the owner's view of any property: state, verification, strike, trust score.
    property = (
      await api(context, request).get<{ data: Partial<OwnProperty> & { id: number } }>(`/properties/${id}`)
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { asked, offer: null, notFound: true };
    throw error;
  }
  const state = property.state ?? 'draft';
  const strike = property.strike ?? null;
  return {
    asked,
    notFound: false,
    offer: {
      id: property.id,
      label: t('admin.offer_number', { id: property.id }),
      title: offerTitle(t, property),
      place: [property.street, property.city].filter(Boolean).join(', ') || null,
      state: stateLabel(t, state),
      verified: property.is_verified === true,
      strike: strike
        ? {
            reason: strike.reason,
            at: formatDateTime(new Date(strike.struck_at), locale),
            atIso: strike.struck_at,
          }
        : null,
      trustScore: property.trust_score?.score ?? null,
      publicHref: state === 'active' && !strike ? propertyDetailPath(locale, property.id) : null,
    },
  };
}

// --- redirects ----------------------------------------------------------------------------

function ruleView(rule: RedirectRule, locale: Locale, t: Translator) {
  return {
    id: rule.id,
    from: rule.from_path,
    to: rule.to_url,
    status: String(rule.status_code),
    statusLabel: t(`admin.redirect_status.${rule.status_code}` as MessageKey),
    hits: rule.hits,
    created: formatDate(rule.created_at, locale),
    createdIso: rule.created_at,
  };
}

export async function loadRedirects(context: Context, request: Request, locale: Locale, t: Translator) {
  const url = pageUrl(request);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const answer = await api(context, request).get<RedirectRuleList>('/admin/redirects', {
    query: { page: pageOf(url), per_page: REDIRECTS_PAGE_SIZE, q: q || null },
  });
  const base = adminPath(locale, 'redirects');
  const href = pager(base, { q: q || null });
  const items = answer.data.map((rule) => ruleView(rule, locale, t));
  // The rule being edited (`?edit=ID`, linked from its row, so on this page).
  const editId = Number(url.searchParams.get('edit'));
  const editing = items.find((item) => item.id === editId) ?? null;
  const keep = new URLSearchParams();
  if (q) keep.set('q', q);
  if (pageOf(url) > 1) keep.set('page', String(pageOf(url)));
  const listHref = keep.size > 0 ? `${base}?${keep.toString()}` : base;
  const editHref = (id: number) => {
    const query = new URLSearchParams(keep);
    query.set('edit', String(id));
    return `${base}?${query.toString()}`;
  };
  return {
    q,
    items: items.map((item) => ({ ...item, editHref: editHref(item.id) })),
    editing,
    listHref,
    done: url.searchParams.get('done') === 'saved' ? t('admin.redirect_saved') : null,
    statuses: REDIRECT_STATUS_CODES.map((code) => ({
      value: String(code),
      label: t(`admin.redirect_status.${code}` as MessageKey),
    })),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
  };
}

// --- actions ------------------------------------------------------------------------------

export interface AdminActionInput {
  context: Context;
  request: Request;
  section: AdminSection | null;
  locale: Locale;
  t: Translator;
}

export async function adminAction(input: AdminActionInput) {
  const { context, request, locale, t } = input;
  const client = api(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '').split(':')[0] ?? '';
  const id = Number(form.get('id'));
  // Forms of list items name their item (`resolve:12`), so the answer shows beside it.
  const resultIntent = intent === 'redirect_add' ? intent : `${intent}:${Number.isInteger(id) ? id : ''}`;
  const failure = (error: unknown) => {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    const errors = adminApiFieldErrors(error);
    if (errors) return data<FormResult>({ intent: resultIntent, errors }, { status: 422 });
    const text =
      error instanceof ApiError && error.status === 409
        ? t('admin.already_decided')
        : error instanceof ApiError && error.status === 404
          ? intent.startsWith('redirect')
            ? t('status.not_found')
            : t('admin.offer_not_found')
          : error instanceof ApiError && error.status === 0
            ? t('error.network')
            : t('error.generic');
    return data<FormResult>({ intent: resultIntent, formError: text }, { status: 400 });
  };
  const done = (text: string) => data<FormResult>({ intent: resultIntent, done: text });
  if (intent !== 'redirect_add' && (!Number.isInteger(id) || id < 1))
    return data<FormResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });

  try {
    switch (intent) {
      case 'resolve': {
        const checked = checkResolveForm(form);
        if (!checked.ok)
          return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
        await client.post<ModerationResult>(`/admin/reports/${id}/resolve`, checked.data);
        return done(t('admin.report_resolved'));
      }
      case 'dismiss':
        await client.post<ModerationResult>(`/admin/reports/${id}/dismiss`, {});
        return done(t('admin.report_dismissed'));
      case 'verify':
      case 'unverify': {
        const verified = intent === 'verify';
        await client.patch<ModerationResult>(`/properties/${id}/verify`, { verified });
        return done(t(verified ? 'admin.verified_done' : 'admin.unverified_done'));
      }
      case 'strike': {
        const checked = checkStrikeForm(form);
        if (!checked.ok)
          return data<FormResult>({ intent: resultIntent, errors: checked.errors }, { status: 422 });
        await client.post<ModerationResult>(`/properties/strike/${id}`, checked.data);
        return done(t('admin.struck_done'));
      }
      case 'lift':
        await client.delete<ModerationResult>(`/properties/strike/${id}`);
        return done(t('admin.lifted_done'));
      case 'redirect_add':
      case 'redirect_edit': {
        const editing = intent === 'redirect_edit';
        const checked = checkRedirectForm(form, editing);
        if (!checked.ok)
          return data<FormResult>(
            {
              intent: resultIntent,
              errors: checked.errors,
              values: {
                from_path: String(form.get('from_path') ?? ''),
                to_url: String(form.get('to_url') ?? ''),
              },
            },
            { status: 422 },
          );
        if (!editing) {
          await client.post<RedirectRule>('/admin/redirects', checked.data);
          // The new rule's path may be remembered as having none (decision 029).
          context.get(redirectMissesContext)?.clear();
          return done(t('admin.redirect_added'));
        }
        await client.patch<RedirectRule>(`/admin/redirects/${id}`, checked.data);
        context.get(redirectMissesContext)?.clear();
        // Back to the list, which says the rule was saved.
        const page = pageUrl(request);
        page.searchParams.delete('edit');
        page.searchParams.set('done', 'saved');
        const headers = new Headers();
        for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
        return redirect(`${page.pathname}?${page.searchParams.toString()}`, { headers });
      }
      case 'redirect_delete':
        await client.delete(`/admin/redirects/${id}`);
        context.get(redirectMissesContext)?.clear();
        return done(t('account.deleted'));
      default:
        return data<FormResult>({ intent: resultIntent, formError: t('error.generic') }, { status: 400 });
    }
  } catch (error) {
    return failure(error);
  }
}
