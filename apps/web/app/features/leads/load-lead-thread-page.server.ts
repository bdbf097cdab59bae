import {
  LEAD_REPLY_MAX,
  LEAD_THREAD_SETTABLE_STATUSES,
  type LeadThread,
  LeadThreadSchema,
  type Locale,
} from '@estately/domain';
import { createTranslator, formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { leadsPath } from '../../routing/leads-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import type { ReplyResult, ThreadMessageView } from './lead-thread-view.tsx';
import { api, failureText, mailtoAddress, offerTitle } from './leads-screen.server.ts';

// One conversation of the seller's, `/{locale}/account/leads/{id}` (issue 38 point 10): opening it
// marks the buyer's messages read; the form posts a reply or a new status.

type Context = Readonly<RouterContextProvider>;

const MESSAGES: readonly MessageKey[] = [
  'lead_thread.back',
  'lead_thread.conversation',
  'lead_thread.you',
  'lead_thread.sent',
  'lead_thread.reply_label',
  'lead_thread.reply_hint',
  'lead_thread.send',
  'lead_thread.status_label',
  'lead_thread.status_save',
  'lead_thread.viewing_requested',
  'lead_thread.view_offer',
  'editor.chars_count',
  'editor.chars_left',
  'editor.chars_over',
  'leads.sender',
  'auth.email',
  'auth.phone',
];

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  return { locale, t: createTranslator(locale) };
}

function threadId(params: { id?: string }): number {
  if (!params.id || !/^[1-9]\d{0,15}$/.test(params.id)) notFound();
  return Number(params.id);
}

function toView(thread: LeadThread, locale: Locale, t: Translator) {
  const { title, place } = offerTitle(thread.offer, t);
  const buyer = thread.buyer.name?.trim() || thread.buyer.email;
  const messages: ThreadMessageView[] = thread.messages.map((message) => ({
    id: message.id,
    mine: message.side === 'seller',
    author: message.side === 'seller' ? t('lead_thread.you') : buyer,
    body: message.body,
    sent: formatDateTime(new Date(message.created_at), locale),
    sentIso: message.created_at,
  }));
  return {
    id: thread.id,
    title,
    place,
    status: thread.status,
    statusText: t(`lead_thread.status.${thread.status}`),
    viewingRequested: thread.viewing_requested,
    offerHref: ['active', 'reserved'].includes(thread.offer.state)
      ? `/${locale}/property/${thread.offer.id}`
      : null,
    buyer,
    email: thread.buyer.email,
    emailHref: mailtoAddress(thread.buyer.email),
    phone: thread.buyer.phone,
    messages,
    statuses: LEAD_THREAD_SETTABLE_STATUSES.filter((value) =>
      value === 'open' ? thread.status === 'closed' : value !== thread.status,
    ).map((value) => ({
      value,
      label: t(value === 'open' ? 'lead_thread.status_open' : `lead_thread.status.${value}`),
    })),
  };
}

async function fetchThread(context: Context, request: Request, id: number) {
  const client = api(context, request);
  let thread: LeadThread = LeadThreadSchema.parse(await client.get(`/lead_threads/${id}`));
  // Opening the conversation reads the buyer's messages.
  const markedRead = thread.unread > 0;
  if (markedRead) thread = LeadThreadSchema.parse(await client.patch(`/lead_threads/${id}`, { read: true }));
  return { thread, markedRead };
}

export async function loadLeadThreadPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const id = threadId(params);
  const session = await loadSession(context, request, context.get(webConfigContext));
  const base = { messages: screenMessages(locale, MESSAGES), backHref: leadsPath(locale) };
  // A guest is being sent to sign in by the layout's guard, which runs beside this loader.
  if (!session.user) return { ...base, title: t('leads.title'), thread: null, markedRead: false };
  try {
    const fetched = await fetchThread(context, request, id);
    const thread = toView(fetched.thread, locale, t);
    const heading = thread.place ? `${thread.title}, ${thread.place}` : thread.title;
    return {
      ...base,
      title: pageTitle(t, `${heading} – ${thread.buyer}`),
      thread,
      markedRead: fetched.markedRead,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
}

export async function leadThreadPageAction({ request, context, params }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const id = threadId(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'reply') {
      const body = String(form.get('body') ?? '');
      // The API refuses too; said here before the round trip, in the page's language.
      if (body.trim() === '')
        return data<ReplyResult>({ intent, error: t('validation.required'), value: body }, { status: 422 });
      if (body.trim().length > LEAD_REPLY_MAX)
        return data<ReplyResult>(
          { intent, error: t('validation.too_long', { max: LEAD_REPLY_MAX }), value: body },
          { status: 422 },
        );
      await api(context, request).post(`/lead_threads/${id}/messages`, { body });
      return data<ReplyResult>({ intent, done: t('lead_thread.sent_done') });
    }
    if (intent === 'status') {
      const status = String(form.get('status') ?? '');
      await api(context, request).patch(`/lead_threads/${id}`, { status });
      return data<ReplyResult>({ intent, done: t('lead_thread.status_saved') });
    }
    return data<ReplyResult>({ intent, error: t('error.generic') }, { status: 400 });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    const value = intent === 'reply' ? String(form.get('body') ?? '') : undefined;
    return data<ReplyResult>({ intent, error: failureText(error, t), value }, { status: 400 });
  }
}

/** What the page shows. */
export type LeadThreadPageData = Awaited<ReturnType<typeof loadLeadThreadPage>>;
