import { LEAD_REPLY_MAX, type Locale, type PublicLeadThread, PublicLeadThreadSchema } from '@estately/domain';
import { createTranslator, formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import { data, Link, useActionData } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { useText } from '../features/auth/form-ui.tsx';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import {
  ReplyBox,
  type ReplyResult,
  ThreadMessages,
  type ThreadMessageView,
} from '../features/leads/lead-thread-view.tsx';
import stylesHref from '../features/leads/leads.css?url';
import { api, failureText, offerTitle } from '../features/leads/leads-screen.server.ts';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pageUrl } from '../routing/page-url.ts';
import { notFound, pageTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import type { Route } from './+types/buyer-thread.ts';

// `/{locale}/messages/{token}` (issue 38 point 10): the buyer's side of a conversation, opened
// by the link of the seller's reply e-mail without an account. The token in the address is the
// only key: the page is never indexed and sends no referrer, so the address does not travel.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export const headers: Route.HeadersFunction = () => ({
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, no-store',
});

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

export async function loader({ request, context, params }: Route.LoaderArgs) {
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
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { t } = requestLocale(request);
  const form = await request.formData();
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

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: 'robots', content: 'noindex' },
        { name: 'referrer', content: 'no-referrer' },
      ]
    : [];

export default function BuyerThreadRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<ReplyResult>();
  const { thread } = loaderData;
  return (
    <section className="container lead-thread" data-testid="screen-buyerThread">
      <h1>{t('lead_thread.buyer_title')}</h1>
      <p data-testid="buyer-thread-offer">
        {t('lead_thread.buyer_intro', { title: thread.heading, seller: thread.seller })}
        {thread.offerHref && (
          <>
            {' '}
            <Link to={thread.offerHref} rel="noreferrer">
              {t('lead_thread.view_offer')}
            </Link>
          </>
        )}
      </p>
      {thread.closed && (
        <p className="notice" data-testid="buyer-thread-closed">
          {t('lead_thread.closed_note')}
        </p>
      )}
      <ThreadMessages messages={thread.messages} t={t} label={t('lead_thread.conversation')} />
      <ReplyBox
        t={t}
        label={t('lead_thread.buyer_reply_label')}
        hint={t('lead_thread.buyer_reply_hint')}
        submit={t('lead_thread.buyer_send')}
        result={result}
      />
    </section>
  );
}
