import { LEAD_REPLY_MAX, type Locale, type PublicLeadThread, PublicLeadThreadSchema } from '@estately/domain';
import { createTranslator, formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { data } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import type { ReplyResult, ThreadMessageView } from './lead-thread-view.tsx';
import { api, failureText, offerTitle } from './leads-screen.server.ts';
import { linkThreadPath, loadThreadRating, rateThread } from './thread-rating.server.ts';

// The buyer's side of a conversation, `/{locale}/messages/{token}` (issue 38 point 10), opened
// by the link of the seller's reply e-mail without an account, and its reply form's post.

const MESSAGES: readonly MessageKey[] = [
  'lead_thread.buyer_title',
  'lead_thread.buyer_intro',
  'lead_thread.buyer_reply_label',
  'lead_thread.buyer_reply_hint',
  'lead_thread.buyer_send',
  'lead_thread.closed_note',
  'lead_thread.conversation',
  'lead_thread.sent',
  'lead_thread.view_offer',
  'editor.chars_count',
  'editor.chars_left',
  'editor.chars_over',
  'rating.heading',
  'rating.legend',
  'rating.stars',
  'rating.submit',
  'rating.given',
  'rating.awaiting_reply',
];

function requestLocale(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname);
  if (!locale) notFound();
  return { locale, t: createTranslator(locale) };
}

function toView(thread: PublicLeadThread, locale: Locale, t: Translator) {
  const { title, place } = offerTitle(thread.offer, t);
  const seller = thread.seller_name ?? t('lead_thread.seller');
  const you = t('lead_thread.you');
  const messages: ThreadMessageView[] = thread.messages.map((message) => ({
    id: message.id,
    mine: message.side === 'buyer',
    author: message.side === 'buyer' ? you : seller,
    body: message.body,
    sent: formatDateTime(new Date(message.created_at), locale),
    sentIso: message.created_at,
  }));
  return {
    heading: place ? `${title}, ${place}` : title,
    seller,
    closed: thread.status === 'closed',
    offerHref: ['active', 'reserved'].includes(thread.offer.state)
      ? `/${locale}/property/${thread.offer.id}`
      : null,
    messages,
  };
}

export async function loadBuyerThreadPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const token = params.token ?? '';
  let raw: unknown;
  try {
    raw = await api(context, request).get(`/public/lead_threads/${encodeURIComponent(token)}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
  const thread = toView(PublicLeadThreadSchema.parse(raw), locale, t);
  return {
    title: pageTitle(t, t('lead_thread.buyer_title')),
    messages: screenMessages(locale, MESSAGES),
    thread,
    // The seller's rating by the person who wrote (decision 066).
    rating: await loadThreadRating(context, request, linkThreadPath(token)),
  };
}

export async function buyerThreadPageAction({ request, context, params }: ActionFunctionArgs) {
  const { t } = requestLocale(request);
  const form = await request.formData();
  if (form.get('intent') === 'rate')
    return rateThread(context, request, linkThreadPath(params.token ?? ''), form, t);
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
    await api(context, request).post(
      `/public/lead_threads/${encodeURIComponent(params.token ?? '')}/messages`,
      {
        body,
      },
    );
    return data<ReplyResult>({ intent, done: t('lead_thread.buyer_sent') });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    return data<ReplyResult>({ intent, error: failureText(error, t), value: body }, { status: 400 });
  }
}
