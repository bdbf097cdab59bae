import {
  type BuyerLeadThreadList,
  LEAD_REPLY_MAX,
  type Locale,
  type PublicLeadThread,
  PublicLeadThreadSchema,
} from '@estately/domain';
import { createTranslator, formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { data } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { myMessagesPath } from '../../routing/leads-paths.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import type { ReplyResult, ThreadMessageView } from './lead-thread-view.tsx';
import { api, failureText, offerTitle } from './leads-screen.server.ts';
import { loadThreadRating, ownThreadPath, rateThread } from './thread-rating.server.ts';

// A signed-in buyer's conversations, `/{locale}/account/messages`, and one of them,
// `/{locale}/account/messages/{id}` (issue 38 point 10), with the reply form's post.

const MESSAGES: readonly MessageKey[] = [
  'lead_thread.my_title',
  'lead_thread.my_empty',
  'lead_thread.open',
  'lead_thread.conversation',
  'lead_thread.sent',
  'lead_thread.buyer_reply_label',
  'lead_thread.buyer_reply_hint',
  'lead_thread.buyer_send',
  'lead_thread.closed_note',
  'lead_thread.view_offer',
  'rating.heading',
  'rating.legend',
  'rating.stars',
  'rating.submit',
  'rating.given',
  'rating.awaiting_reply',
  'editor.chars_count',
  'editor.chars_left',
  'editor.chars_over',
];

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname) ?? 'cs';
  return { locale, t: createTranslator(locale) };
}

function threadId(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) notFound();
  return Number(value);
}

function toThreadView(thread: PublicLeadThread, locale: Locale, t: Translator) {
  const { title, place } = offerTitle(thread.offer, t);
  const seller = thread.seller_name ?? t('lead_thread.seller');
  const messages: ThreadMessageView[] = thread.messages.map((message) => ({
    id: message.id,
    mine: message.side === 'buyer',
    author: message.side === 'buyer' ? t('lead_thread.you') : seller,
    body: message.body,
    sent: formatDateTime(new Date(message.created_at), locale),
    sentIso: message.created_at,
  }));
  return {
    heading: place ? `${title}, ${place}` : title,
    seller,
    status: t(`lead_thread.status.${thread.status}`),
    closed: thread.status === 'closed',
    offerHref: ['active', 'reserved'].includes(thread.offer.state)
      ? `/${locale}/property/${thread.offer.id}`
      : null,
    messages,
  };
}

function toListItem(item: BuyerLeadThreadList['data'][number], locale: Locale, t: Translator) {
  const { title, place } = offerTitle(item.offer, t);
  return {
    id: item.id,
    heading: place ? `${title}, ${place}` : title,
    seller: item.seller_name ?? t('lead_thread.seller'),
    status: t(`lead_thread.status.${item.status}`),
    unread: item.unread,
    unreadText: t('lead_thread.unread', { count: item.unread }),
    last: item.last_message
      ? item.last_message.side === 'buyer'
        ? t('lead_thread.last_from_you', { text: item.last_message.excerpt })
        : item.last_message.excerpt
      : null,
    when: formatDateTime(new Date(item.last_message_at), locale),
    whenIso: item.last_message_at,
    href: `${myMessagesPath(locale)}/${item.id}`,
  };
}

export async function loadMyMessagesPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const heading = t('lead_thread.my_title');
  const base = { messages: screenMessages(locale, MESSAGES), listHref: myMessagesPath(locale), heading };
  const id = params.id === undefined ? null : threadId(params.id);
  const session = await loadSession(context, request, context.get(webConfigContext));
  if (!session.user) return { ...base, title: pageTitle(t, heading), list: null, thread: null, rating: null };
  try {
    const client = api(context, request);
    if (id === null) {
      const answer = await client.get<BuyerLeadThreadList>('/user/lead_threads', { query: { per_page: 50 } });
      return {
        ...base,
        title: pageTitle(t, heading),
        list: answer.data.map((item) => toListItem(item, locale, t)),
        thread: null,
        rating: null,
      };
    }
    const raw = PublicLeadThreadSchema.parse(await client.get(`/user/lead_threads/${id}`));
    const thread = toThreadView(raw, locale, t);
    return {
      ...base,
      title: pageTitle(t, `${thread.heading} – ${heading}`),
      list: null,
      thread,
      // The seller's rating by the person who wrote (decision 066).
      rating: await loadThreadRating(context, request, ownThreadPath(id)),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
}

export async function myMessagesPageAction({ request, context, params }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  if (params.id === undefined)
    return data<ReplyResult>({ intent: 'reply', error: t('error.generic') }, { status: 400 });
  const id = threadId(params.id);
  const form = await request.formData();
  if (form.get('intent') === 'rate') return rateThread(context, request, ownThreadPath(id), form, t);
  const body = String(form.get('body') ?? '');
  const intent = 'reply';
  if (body.trim() === '')
    return data<ReplyResult>({ intent, error: t('validation.required'), value: body }, { status: 422 });
  if (body.trim().length > LEAD_REPLY_MAX)
    return data<ReplyResult>(
      { intent, error: t('validation.too_long', { max: LEAD_REPLY_MAX }), value: body },
      { status: 422 },
    );
  try {
    await api(context, request).post(`/user/lead_threads/${id}/messages`, { body });
    return data<ReplyResult>({ intent, done: t('lead_thread.buyer_sent') });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return data<ReplyResult>({ intent, error: failureText(error, t), value: body }, { status: 400 });
  }
}

/** What the page shows. */
export type MyMessagesPageData = Awaited<ReturnType<typeof loadMyMessagesPage>>;
