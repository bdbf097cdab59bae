import { Form, Link } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import type { LeadsData } from './leads-screen.server.ts';

// The inbox (issue 10), one item per conversation (issue 38 point 10): its offer, who wrote and
// how to reach them, the status, the unread count and the last message, a link to the
// conversation (to read and reply) and mark read/unread (a form posting to the route's action,
// so it works before the scripts load).

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function LeadsView(props: { leads: LeadsData; t: Text; result: FormResult | undefined }) {
  const { leads, t, result } = props;
  return (
    <>
      <nav aria-label={t('leads.filter')}>
        <ul className="pill-nav" data-testid="leads-filter">
          {leads.filters.map((filter) => (
            <li key={filter.key}>
              <Link to={filter.href} aria-current={filter.current ? 'page' : undefined}>
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div role="status" className="leads__status">
        {result?.done && (
          <p className="notice" data-testid="form-done">
            {result.done}
          </p>
        )}
        {result?.formError && (
          <p className="account-form__error" data-testid="form-error">
            {result.formError}
          </p>
        )}
      </div>
      <p data-testid="leads-total">{t(LIST_COUNT_KEYS.leads, { count: leads.total })}</p>
      {leads.items.length === 0 ? (
        <p data-testid="leads-empty">
          {t(
            leads.unreadOnly
              ? 'leads.empty_unread'
              : leads.status
                ? 'lead_thread.empty_status'
                : 'leads.empty',
          )}
        </p>
      ) : (
        <ul className="account-list leads" data-testid="leads">
          {leads.items.map((lead) => (
            <li
              key={lead.id}
              className={lead.read ? 'lead' : 'lead lead--unread'}
              data-testid="lead"
              data-read={lead.read ? 'true' : 'false'}
              data-status={lead.status}
            >
              <article aria-labelledby={`lead-${lead.id}-title`}>
                <h2 id={`lead-${lead.id}-title`} className="lead__title">
                  {!lead.read && (
                    <span className="badge lead__new" data-testid="lead-new">
                      {t('leads.new')}
                    </span>
                  )}{' '}
                  {lead.offerHref ? (
                    <Link to={lead.offerHref} data-testid="lead-offer">
                      {lead.title}
                    </Link>
                  ) : (
                    <span data-testid="lead-offer">{lead.title}</span>
                  )}
                  {lead.place && <span className="lead__place">, {lead.place}</span>}
                </h2>
                <p className="lead__meta">
                  <span className={`badge lead-status lead-status--${lead.status}`} data-testid="lead-status">
                    {lead.statusText}
                  </span>{' '}
                  {!lead.read && (
                    <span className="lead__unread" data-testid="lead-unread">
                      {lead.unreadText}
                    </span>
                  )}
                  {!lead.read && ' · '}
                  <span data-testid="lead-source">{lead.source}</span>
                  {' · '}
                  <time dateTime={lead.receivedIso}>{t('leads.received', { date: lead.received })}</time>
                </p>
                <dl className="lead__sender">
                  <div>
                    <dt>{t('leads.sender')}</dt>
                    <dd data-testid="lead-sender">{lead.senderName}</dd>
                  </div>
                  <div>
                    <dt>{t('auth.email')}</dt>
                    <dd>
                      <a href={lead.emailHref} dir="ltr" data-testid="lead-email">
                        {lead.email}
                      </a>
                    </dd>
                  </div>
                  {lead.phone && (
                    <div>
                      <dt>{t('auth.phone')}</dt>
                      <dd>
                        <a href={telHref(lead.phone)} dir="ltr" data-testid="lead-phone">
                          {lead.phone}
                        </a>
                      </dd>
                    </div>
                  )}
                </dl>
                {lead.message ? (
                  <p className="lead__message" data-testid="lead-message" dir="auto">
                    {lead.message}
                  </p>
                ) : (
                  <p className="lead__message lead__message--none">{t('leads.no_message')}</p>
                )}
                <div className="inline-actions">
                  <Link className="button button--primary" to={lead.threadHref} data-testid="lead-reply">
                    {t('lead_thread.open')}
                    <span className="visually-hidden">: {lead.senderName}</span>
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={lead.read ? 'mark_unread' : 'mark_read'} />
                    <input type="hidden" name="id" value={lead.id} />
                    <button type="submit" className="button" data-testid="lead-toggle-read">
                      {t(lead.read ? 'leads.mark_unread' : 'leads.mark_read')}
                      <span className="visually-hidden">
                        : {lead.title}, {lead.senderName}
                      </span>
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {leads.pages > 1 && (
        <nav className="pagination" aria-label={t('results.pagination')}>
          {leads.previous && <Link to={leads.previous}>{t('results.previous')}</Link>}
          <span>{t('results.page', { page: leads.page, pages: leads.pages })}</span>
          {leads.next && <Link to={leads.next}>{t('results.next')}</Link>}
        </nav>
      )}
    </>
  );
}
