import { useEffect } from 'react';
import { Form, Link, useActionData, useRevalidator } from 'react-router';
import { useText } from '../../ui/forms/form-ui.tsx';
import { ReplyBox, type ReplyResult, ThreadMessages } from './lead-thread-view.tsx';
import { telHref } from './leads-view.tsx';
import type { LeadThreadPageData } from './load-lead-thread-page.server.ts';

/** One conversation of the seller's: the offer, the buyer, the messages, the reply and the status. */
export function LeadThreadScreen({ loaderData }: { loaderData: LeadThreadPageData }) {
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
