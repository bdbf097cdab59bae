import { Link } from 'react-router';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import { checkScamRejectForm } from './admin-fields.ts';
import { ItemActionForm, ItemReasonForm, Outcome, Pagination, QueueTabs } from './admin-parts.tsx';
import type { loadScamFlags } from './load-scam-flags.server.ts';

// The scam review queue (issue 43 point 4, decision 067): a tab per status, each flagged offer or
// message with its reasons and what matched, released or rejected in place. A held one is out of
// search (an offer) or kept from its reader (a message) until decided.

type ScamFlagsData = Awaited<ReturnType<typeof loadScamFlags>>;

export function ScamFlagsView(props: { flags: ScamFlagsData; t: Text; result: FormResult | undefined }) {
  const { flags, t, result } = props;
  return (
    <>
      <QueueTabs
        label={t('admin.scams')}
        tabs={flags.tabs}
        testId="scam-tabs"
        result={result}
        decisions={/^scam_(release|reject):/}
      />
      <p data-testid="scam-total">{t('admin.scam_total', { count: flags.total })}</p>
      {flags.items.length === 0 ? (
        <p>{t('admin.scams_empty')}</p>
      ) : (
        <ul className="account-list" data-testid="scam-flags">
          {flags.items.map((flag) => (
            <li key={flag.id} data-testid="scam-flag">
              <article aria-labelledby={`scam-${flag.id}`} className="admin-item">
                <h2 id={`scam-${flag.id}`} className="admin-item__title">
                  {flag.title}
                </h2>
                <p className="admin-item__meta">
                  <strong>{flag.score}</strong>
                  {flag.held && (
                    <>
                      {' · '}
                      <strong data-testid="scam-held">{t('admin.scam_held')}</strong>
                    </>
                  )}
                  {' · '}
                  {flag.state}
                  {flag.city && `, ${flag.city}`}
                  {' · '}
                  <time dateTime={flag.flaggedIso}>{flag.flagged}</time>
                  {!flag.open && ` · ${flag.statusLabel}`}
                </p>
                <ul className="admin-item__reasons" data-testid="scam-reasons">
                  {flag.reasons.map((reason) => (
                    <li key={reason.code} data-reason={reason.code}>
                      {reason.text}{' '}
                      <span className="admin-item__weight" dir="ltr">
                        (+{reason.weight})
                      </span>
                      {reason.found && (
                        <>
                          <br />
                          <span dir="auto">{reason.found}</span>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
                {flag.message && (
                  <>
                    <p>{t(flag.message.fromOwner ? 'admin.scam_by_seller' : 'admin.scam_by_buyer')}:</p>
                    <p className="admin-item__message" data-testid="scam-message" dir="auto">
                      {flag.message.body}
                    </p>
                  </>
                )}
                <p className="inline-actions">
                  <Link to={flag.moderateHref}>
                    {t('admin.moderate')}
                    <span className="visually-hidden">: {flag.offerLabel}</span>
                  </Link>
                  {flag.publicHref && (
                    <Link to={flag.publicHref}>
                      {t('admin.view_offer')}
                      <span className="visually-hidden">: {flag.offerLabel}</span>
                    </Link>
                  )}
                </p>
                <Outcome result={result} intent={`scam_release:${flag.id}`} />
                {flag.subject === 'message' && <Outcome result={result} intent={`scam_reject:${flag.id}`} />}
                {flag.open && (
                  <div className="admin-item__actions">
                    <ItemActionForm
                      intent="scam_release"
                      id={flag.id}
                      label={t('admin.scam_release')}
                      itemName={flag.title}
                      testId="scam-release"
                    />
                    {flag.subject === 'offer' ? (
                      <ItemReasonForm
                        intent="scam_reject"
                        id={flag.id}
                        t={t}
                        result={result}
                        submitLabel={t('admin.scam_reject')}
                        field="reason"
                        label={t('admin.scam_reject_reason')}
                        required
                        check={checkScamRejectForm}
                        testId="scam-reject"
                      />
                    ) : (
                      // A rejected message stays held: no reason, its writer is not told.
                      <ItemActionForm
                        intent="scam_reject"
                        id={flag.id}
                        label={t('admin.scam_reject')}
                        itemName={flag.title}
                        testId="scam-reject"
                      />
                    )}
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination t={t} list={flags} />
    </>
  );
}
