import {
  LEAD_REPLY_MAX,
  LEAD_THREAD_SETTABLE_STATUSES,
  type LeadThread,
  LeadThreadSchema,
  type Locale,
} from '@estately/domain';
import { createTranslator, formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import { useEffect } from 'react';
import { data, Form, Link, type RouterContextProvider, useActionData, useRevalidator } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { webConfigContext } from '../config.server.ts';
import { useText } from '../features/auth/form-ui.tsx';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import {
  ReplyBox,
  type ReplyResult,
  ThreadMessages,
  type ThreadMessageView,
} from '../features/leads/lead-thread-view.tsx';
import stylesHref from '../features/leads/leads.css?url';
import { leadsPath } from '../features/leads/leads-paths.ts';
import { api, failureText, mailtoAddress, offerTitle } from '../features/leads/leads-screen.server.ts';
import { telHref } from '../features/leads/leads-view.tsx';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pageUrl } from '../routing/page-url.ts';
import { notFound, pageTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import { signInAgain } from '../session/sign-in-again.server.ts';
import type { Route } from './+types/lead-thread.ts';

// `/{locale}/account/leads/{id}` (issue 38 point 10): one conversation of the seller's, in the
// account layout (whose loader lets only a signed-in user through). Opening it marks the buyer's
// messages read; the seller replies (the buyer gets it by e-mail with a link to answer) and sets
// the status.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

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

export async function loader({ request, context, params }: Route.LoaderArgs) {
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

export async function action({ request, context, params }: Route.ActionArgs) {
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

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function LeadThreadRoute({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<ReplyResult>();
  const revalidator = useRevalidator();
  const { markedRead } = loaderData;
  // The layout's unread badge was counted beside this loader, before it read the messages.
  useEffect(() => {
    if (markedRead) void revalidator.revalidate();
  }, [markedRead, revalidator.revalidate]);
  const thread = loaderData.thread;
  if (!thread) return null;
  const statusResult = result?.intent === 'status' ? result : undefined;
  return (
    <section data-testid="screen-leadThread" className="lead-thread">
      <p>
        <Link to={loaderData.backHref} data-testid="thread-back">
          {t('lead_thread.back')}
        </Link>
      </p>
      <h1>
        {thread.title}
        {thread.place && <span className="lead__place">, {thread.place}</span>}
      </h1>
      <p className="lead__meta">
        <span className={`badge lead-status lead-status--${thread.status}`} data-testid="thread-status">
          {thread.statusText}
        </span>
        {thread.viewingRequested && <> · {t('lead_thread.viewing_requested')}</>}
        {thread.offerHref && (
          <>
            {' · '}
            <Link to={thread.offerHref}>{t('lead_thread.view_offer')}</Link>
          </>
        )}
      </p>
      <dl className="lead__sender">
        <div>
          <dt>{t('leads.sender')}</dt>
          <dd data-testid="thread-buyer">{thread.buyer}</dd>
        </div>
        <div>
          <dt>{t('auth.email')}</dt>
          <dd>
            <a href={thread.emailHref} dir="ltr">
              {thread.email}
            </a>
          </dd>
        </div>
        {thread.phone && (
          <div>
            <dt>{t('auth.phone')}</dt>
            <dd>
              <a href={telHref(thread.phone)} dir="ltr">
                {thread.phone}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <ThreadMessages messages={thread.messages} t={t} label={t('lead_thread.conversation')} />
      <ReplyBox
        t={t}
        label={t('lead_thread.reply_label')}
        hint={t('lead_thread.reply_hint')}
        submit={t('lead_thread.send')}
        result={result}
      />
      <Form method="post" className="thread-status" data-testid="status-form" preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <div className="field">
          <label htmlFor="thread-status-select" className="field__label">
            {t('lead_thread.status_label')}
          </label>
          <select id="thread-status-select" name="status" data-testid="status-select">
            {thread.statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" data-testid="status-save">
          {t('lead_thread.status_save')}
        </button>
        <div role="status">
          {statusResult?.done && <p className="notice">{statusResult.done}</p>}
          {statusResult?.error && <p className="account-form__error">{statusResult.error}</p>}
        </div>
      </Form>
    </section>
  );
}
