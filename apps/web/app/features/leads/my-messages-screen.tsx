import { Link, useActionData } from 'react-router';
import { useText } from '../../ui/forms/form-ui.tsx';
import { ReplyBox, type ReplyResult, ThreadMessages } from './lead-thread-view.tsx';
import type { MyMessagesPageData } from './load-my-messages-page.server.ts';
import { ThreadRating } from './thread-rating.tsx';

/** A signed-in buyer's conversations with sellers, or one of them to read and answer. */
export function MyMessagesScreen({ loaderData }: { loaderData: MyMessagesPageData }) {
  const t = useText(loaderData.messages);
  const result = useActionData<ReplyResult>();
  const { thread, list } = loaderData;
  if (thread)
    return (
      <section className="lead-thread" data-testid="screen-myMessage">
        <p>
          <Link to={loaderData.listHref}>{loaderData.heading}</Link>
        </p>
        <h1>{thread.heading}</h1>
        <p className="lead__meta">
          <span className="badge lead-status">{thread.status}</span> · {thread.seller}
          {thread.offerHref && (
            <>
              {' · '}
              <Link to={thread.offerHref}>{t('lead_thread.view_offer')}</Link>
            </>
          )}
        </p>
        {thread.closed && <p className="notice">{t('lead_thread.closed_note')}</p>}
        <ThreadMessages messages={thread.messages} t={t} label={t('lead_thread.conversation')} />
        <ReplyBox
          t={t}
          label={t('lead_thread.buyer_reply_label')}
          hint={t('lead_thread.buyer_reply_hint')}
          submit={t('lead_thread.buyer_send')}
          result={result}
        />
        {loaderData.rating && <ThreadRating t={t} rating={loaderData.rating} result={result} />}
      </section>
    );
  return (
    <section data-testid="screen-myMessages">
      <h1>{loaderData.heading}</h1>
      {!list || list.length === 0 ? (
        <p data-testid="my-messages-empty">{t('lead_thread.my_empty')}</p>
      ) : (
        <ul className="account-list leads" data-testid="my-messages">
          {list.map((item) => (
            <li key={item.id} className={item.unread ? 'lead lead--unread' : 'lead'} data-testid="my-message">
              <article aria-labelledby={`my-message-${item.id}`}>
                <h2 id={`my-message-${item.id}`} className="lead__title">
                  {item.heading}
                </h2>
                <p className="lead__meta">
                  <span className="badge lead-status">{item.status}</span> {item.seller}
                  {item.unread > 0 && (
                    <>
                      {' · '}
                      <span className="lead__unread" data-testid="my-message-unread">
                        {item.unreadText}
                      </span>
                    </>
                  )}
                  {' · '}
                  <time dateTime={item.whenIso}>{item.when}</time>
                </p>
                {item.last && <p className="lead__message">{item.last}</p>}
                <div className="inline-actions">
                  <Link className="button button--primary" to={item.href} data-testid="my-message-open">
                    {t('lead_thread.open')}
                    <span className="visually-hidden">: {item.heading}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
