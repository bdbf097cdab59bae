import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';
import { Pagination } from '../../ui/forms/pagination.tsx';
import { RunCounts, RunProgress, RunStateBadge } from './feed-parts.tsx';
import type { FeedRunData } from './load-feed-run-page.server.ts';

// A run's page (issue 42): its state with a progress bar that the page refreshes every two
// seconds while the run is queued or running (stopping once it is finished), its counts, the
// file's error when it failed, and the report: each rejected listing and each listing imported
// with values that could not be taken, with its id, the field, the value and the reason.

const POLL_MS = 2000;

function Report({ data, t }: { data: FeedRunData; t: Text }) {
  return (
    <section aria-labelledby="feed-report">
      <h2 id="feed-report">{t('feeds.report')}</h2>
      {data.report.length === 0 ? (
        <p data-testid="report-empty">{t('feeds.report_empty')}</p>
      ) : (
        <>
          <p>{t('feeds.report_intro', { count: data.reportTotal })}</p>
          <div className="feed-table-wrap">
            <table className="feed-table" data-testid="report">
              <thead>
                <tr>
                  <th scope="col">{t('feeds.report_position')}</th>
                  <th scope="col">{t('feeds.external_id')}</th>
                  <th scope="col">{t('feeds.outcome')}</th>
                  <th scope="col">{t('feeds.field')}</th>
                  <th scope="col">{t('feeds.value')}</th>
                  <th scope="col">{t('feeds.reason')}</th>
                </tr>
              </thead>
              {data.report.map((line) => (
                <tbody key={line.position} data-testid="report-line" data-external-id={line.externalId ?? ''}>
                  {line.problems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a listing's problems keep their order and never move.
                    <tr key={index} data-testid="report-problem">
                      {index === 0 && (
                        <>
                          <th scope="rowgroup" rowSpan={line.problems.length}>
                            {line.position}
                          </th>
                          <td rowSpan={line.problems.length} dir="ltr" data-testid="report-external-id">
                            {line.externalId ?? '–'}
                          </td>
                          <td rowSpan={line.problems.length}>
                            <span className={line.rejected ? 'badge badge--state' : 'badge'}>
                              {line.outcomeText}
                            </span>
                          </td>
                        </>
                      )}
                      <td dir="ltr" data-testid="report-field">
                        {problem.field ?? '–'}
                      </td>
                      <td dir="auto" className="feed-table__value" data-testid="report-value">
                        {problem.value ?? '–'}
                      </td>
                      <td data-testid="report-reason">{problem.reason}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
          <Pagination t={t} list={data.pager} />
        </>
      )}
    </section>
  );
}

export function FeedRunPageView({ data, t }: { data: FeedRunData; t: Text }) {
  const { run } = data;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!run.live) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [run.live, revalidator]);
  return (
    <>
      <p>
        <Link to={data.runsHref}>{t('feeds.back_to_runs')}</Link>
      </p>
      <section
        aria-labelledby="feed-run-state"
        className="feed-run"
        data-testid="feed-run"
        data-state={run.state}
      >
        <h2 id="feed-run-state">
          {t('feeds.run_state')}: <RunStateBadge run={run} />
        </h2>
        <dl className="feed__facts">
          <div>
            <dt>{t('feeds.run_trigger')}</dt>
            <dd>{run.triggerText}</dd>
          </div>
          {run.modeText && (
            <div>
              <dt>{t('feeds.run_mode')}</dt>
              <dd>{run.modeText}</dd>
            </div>
          )}
          <div>
            <dt>{t('feeds.run_started')}</dt>
            <dd>{run.startedText ?? run.createdText}</dd>
          </div>
          {run.finishedText && (
            <div>
              <dt>{t('feeds.run_finished')}</dt>
              <dd>{run.finishedText}</dd>
            </div>
          )}
        </dl>
        {/* The live region says when the state changes; the bar's values say how far it is. */}
        <div aria-live="polite" className="visually-hidden">
          {run.stateText}
        </div>
        <RunProgress run={run} label={t('feeds.progress_label')} />
        {run.notModified && (
          <p className="notice" data-testid="run-not-modified">
            {t('feeds.not_modified')}
          </p>
        )}
        {run.error && (
          <div className="notice feed-run__error" role="alert" data-testid="run-error">
            <p>
              <strong>{t('feeds.file_error')}</strong> {run.error.text}
            </p>
            {run.error.detail && (
              <p dir="auto">
                <code>{run.error.detail}</code>
              </p>
            )}
          </div>
        )}
        <h3>{t('feeds.counts')}</h3>
        <RunCounts run={run} label={t('feeds.counts')} />
      </section>
      <Report data={data} t={t} />
    </>
  );
}
