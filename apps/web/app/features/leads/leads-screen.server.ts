import {
  LEAD_THREAD_STATUSES,
  LEAD_THREADS_PAGE_SIZE,
  type LeadThreadList,
  type LeadThreadStatus,
  type LeadThreadSummary,
  type Locale,
} from '@estately/domain';
import { formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { leadsPath, leadThreadPath } from '../../routing/leads-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';

// The leads inbox (issue 10), a list of conversations since issue 38 point 10: one per offer and
// buyer, newest activity first, each with its offer, the buyer's contact, status, unread count
// and last message, filtered by status or to the unread ones. The rules are the API's.

type Context = Readonly<RouterContextProvider>;

export interface LeadView {
  id: number;
  read: boolean;
  unread: number;
  unreadText: string;
  status: LeadThreadStatus;
  statusText: string;
  source: string;
  title: string;
  place: string | null;
  offerHref: string | null;
  senderName: string;
  email: string;
  emailHref: string;
  phone: string | null;
  message: string | null;
  received: string;
  receivedIso: string;
  threadHref: string;
}

export interface LeadsData {
  unreadOnly: boolean;
  status: LeadThreadStatus | null;
  items: LeadView[];
  total: number;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  filters: Array<{ key: string; label: string; href: string; current: boolean }>;
}

export function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

/** `mailto:` with the address encoded, so nothing in it can add headers (`?bcc=`). */
export function mailtoAddress(email: string): string {
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}`;
}

export function offerTitle(offer: LeadThreadSummary['offer'], t: Translator) {
  const title = t(`offer.title.${offer.offer_type}_${offer.property_type}` as MessageKey);
  const place = [offer.street, offer.city].filter(Boolean).join(', ') || null;
  return { title, place };
}

export function toLeadView(thread: LeadThreadSummary, locale: Locale, t: Translator): LeadView {
  const { title, place } = offerTitle(thread.offer, t);
  const last = thread.last_message;
  return {
    id: thread.id,
    read: thread.unread === 0,
    unread: thread.unread,
    unreadText: t('lead_thread.unread', { count: thread.unread }),
    status: thread.status,
    statusText: t(`lead_thread.status.${thread.status}`),
    source: t(thread.viewing_requested ? 'leads.source.tour_request' : 'leads.source.offer_message'),
    title,
    place,
    // Only a public offer has a page to open.
    offerHref: ['active', 'reserved'].includes(thread.offer.state)
      ? propertyDetailPath(locale, thread.offer.id)
      : null,
    senderName: thread.buyer.name?.trim() || thread.buyer.email,
    email: thread.buyer.email,
    emailHref: mailtoAddress(thread.buyer.email),
    phone: thread.buyer.phone,
    message: last
      ? last.side === 'seller'
        ? t('lead_thread.last_from_you', { text: last.excerpt })
        : last.excerpt
      : null,
    received: formatDateTime(new Date(thread.last_message_at), locale),
    receivedIso: thread.last_message_at,
    threadHref: leadThreadPath(locale, thread.id),
  };
}

export async function loadLeads(
  context: Context,
  request: Request,
  locale: Locale,
  t: Translator,
): Promise<LeadsData> {
  const url = pageUrl(request);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const unreadOnly = url.searchParams.get('show') === 'unread';
  const statusParam = url.searchParams.get('status');
  const status = (LEAD_THREAD_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as LeadThreadStatus)
    : null;
  const answer = await api(context, request).get<LeadThreadList>('/lead_threads', {
    query: { page, per_page: LEAD_THREADS_PAGE_SIZE, status },
  });
  const base = leadsPath(locale);
  const href = (target: number | null) => {
    if (!target) return null;
    const query = new URLSearchParams();
    if (unreadOnly) query.set('show', 'unread');
    if (status) query.set('status', status);
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  const all = answer.data.map((thread) => toLeadView(thread, locale, t));
  // "Unread only" keeps the threads of this page with unread messages.
  const items = unreadOnly ? all.filter((item) => !item.read) : all;
  return {
    unreadOnly,
    status,
    items,
    total: unreadOnly ? answer.unread.threads : answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
    filters: [
      { key: 'all', label: t('leads.filter_all'), href: base, current: !unreadOnly && !status },
      { key: 'unread', label: t('leads.filter_unread'), href: `${base}?show=unread`, current: unreadOnly },
      ...LEAD_THREAD_STATUSES.map((value) => ({
        key: value,
        label: t(`lead_thread.status.${value}`),
        href: `${base}?status=${value}`,
        current: !unreadOnly && status === value,
      })),
    ],
  };
}

/** The localized text of a failed call: the first field error's message key, else by status. */
export function failureText(error: unknown, t: Translator): string {
  if (error instanceof ApiError) {
    const first = error.errors ? Object.values(error.errors)[0]?.[0] : undefined;
    if (first) return t(first as MessageKey, { max: 5000 });
    if (error.status === 404) return t('status.not_found');
    if (error.status === 429) return t('lead_thread.too_many');
    if (error.status === 0) return t('error.network');
  }
  return t('error.generic');
}

/** Marks one conversation read or unread (`intent` mark_read / mark_unread, `id`). */
export async function leadsAction(context: Context, request: Request, locale: Locale, t: Translator) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  if ((intent !== 'mark_read' && intent !== 'mark_unread') || !Number.isInteger(id) || id < 1)
    return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  const read = intent === 'mark_read';
  try {
    await api(context, request).patch(`/lead_threads/${id}`, { read });
    return data<FormResult>({
      intent: `${intent}:${id}`,
      done: t(read ? 'leads.marked_read' : 'leads.marked_unread'),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return data<FormResult>({ intent: `${intent}:${id}`, formError: failureText(error, t) }, { status: 400 });
  }
}
