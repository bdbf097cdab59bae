import { buildPath, LEADS_PAGE_SIZE, type Lead, type LeadList, type Locale } from '@estately/domain';
import { formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { pendingSetCookies, requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import { sessionCookieHeaders } from '../auth/auth-api.server.ts';
import type { FormResult } from '../auth/form-ui.tsx';
import { leadsPath } from './leads-paths.ts';

// The leads inbox (issue 10): messages, viewing and contact requests received on the user's
// offers, what is not read yet first, each with its offer, the sender's contact and a reply
// link; the owner marks them read or unread. The rules (whose leads, the order) are the API's.

type Context = Readonly<RouterContextProvider>;

export interface LeadView {
  id: number;
  read: boolean;
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
  replyHref: string;
}

export interface LeadsData {
  unreadOnly: boolean;
  items: LeadView[];
  total: number;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  filters: { all: string; unread: string };
}

function api(context: Context, request: Request) {
  return requestApi(context, request, context.get(webConfigContext)).client;
}

/** A quoted copy of the message in the reply, cut where e-mail programs start to refuse links. */
const QUOTE_MAX = 1200;

function replyHref(lead: Lead, title: string, t: Translator): string {
  const subject = t('leads.reply_subject', { title });
  const text = lead.message ?? '';
  const quoted = text
    ? `\n\n${(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`
    : '';
  const query = [`subject=${encodeURIComponent(subject)}`];
  if (quoted) query.push(`body=${encodeURIComponent(quoted)}`);
  return `${mailtoAddress(lead.sender.email)}?${query.join('&')}`;
}

/** `mailto:` with the address encoded, so nothing in it can add headers (`?bcc=`). */
export function mailtoAddress(email: string): string {
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}`;
}

export function toLeadView(lead: Lead, locale: Locale, t: Translator): LeadView {
  // Text sent from a form arrives with CRLF line ends; shown and quoted with plain ones.
  const message = lead.message?.replace(/\r\n?/g, '\n') ?? null;
  const title = t(`offer.title.${lead.offer.offer_type}_${lead.offer.property_type}` as MessageKey);
  const place = [lead.offer.street, lead.offer.city].filter(Boolean).join(', ') || null;
  const fullTitle = place ? `${title}, ${place}` : title;
  return {
    id: lead.id,
    read: lead.read,
    source: t(`leads.source.${lead.source}` as MessageKey),
    title,
    place,
    // Only a public offer has a page to open.
    offerHref: lead.offer.state === 'active' ? propertyDetailPath(locale, lead.offer.id) : null,
    senderName: lead.sender.name?.trim() || lead.sender.email,
    email: lead.sender.email,
    emailHref: mailtoAddress(lead.sender.email),
    phone: lead.sender.phone,
    message,
    received: formatDateTime(new Date(lead.created_at), locale),
    receivedIso: lead.created_at,
    replyHref: replyHref({ ...lead, message }, fullTitle, t),
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
  const answer = await api(context, request).get<LeadList>('/leads', {
    query: { page, per_page: LEADS_PAGE_SIZE, unread: unreadOnly ? 1 : null, sort: 'unread_first' },
  });
  const base = leadsPath(locale);
  const href = (target: number | null) => {
    if (!target) return null;
    const query = new URLSearchParams();
    if (unreadOnly) query.set('show', 'unread');
    if (target > 1) query.set('page', String(target));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  return {
    unreadOnly,
    items: answer.data.map((lead) => toLeadView(lead, locale, t)),
    total: answer.meta.total,
    page: answer.meta.page,
    pages: answer.meta.total_pages,
    previous: href(answer.meta.prev_page),
    next: href(answer.meta.next_page),
    filters: { all: base, unread: `${base}?show=unread` },
  };
}

/** Marks one lead read or unread (`intent` mark_read / mark_unread, `id`). */
export async function leadsAction(context: Context, request: Request, locale: Locale, t: Translator) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  if ((intent !== 'mark_read' && intent !== 'mark_unread') || !Number.isInteger(id) || id < 1)
    return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  const read = intent === 'mark_read';
  try {
    await api(context, request).patch(`/leads/${id}`, { read });
    return data<FormResult>({
      intent: `${intent}:${id}`,
      done: t(read ? 'leads.marked_read' : 'leads.marked_unread'),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) {
      // The session ended: sign in again and come back to the inbox.
      const page = pageUrl(request);
      const headers = sessionCookieHeaders(request, null);
      for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
      return redirect(
        `${buildPath('auth', locale)}?redirect=${encodeURIComponent(page.pathname + page.search)}`,
        { headers },
      );
    }
    const text =
      error instanceof ApiError && error.status === 404
        ? t('status.not_found')
        : error instanceof ApiError && error.status === 0
          ? t('error.network')
          : t('error.generic');
    return data<FormResult>({ intent: `${intent}:${id}`, formError: text }, { status: 400 });
  }
}
