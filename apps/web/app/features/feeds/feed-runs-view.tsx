import { Link } from 'react-router';
import type { Text } from '../../ui/forms/form-ui.tsx';
import { Pagination } from '../../ui/forms/pagination.tsx';
import { RunStateBadge } from './feed-parts.tsx';
import type { FeedRunsData } from './load-feed-runs-page.server.ts';

// One feed's runs (issue 42): a table, newest first, each run's state, how it started, its
// counts and a link to its page with the report.

export function FeedRunsView({ data, t }: { data: FeedRunsData; t: Text }) {
  const first = data.runs[0];
  return (
    <>
      <p>
        <Link to={data.backHref}>{t('feeds.back_to_feeds')}</Link>
      </p>
      {data.runs.length === 0 || !first ? (
        <p data-testid="runs-empty">{t('feeds.runs_empty')}</p>
      ) : (
        <div className="feed-table-wrap">
          <table className="feed-table" data-testid="runs">
            <thead>
              <tr>
                <th scope="col">{t('feeds.run_started')}</th>
                <th scope="col">{t('feeds.run_state')}</th>
                <th scope="col">{t('feeds.run_trigger')}</th>
                {first.counts.map((count) => (
                  <th scope="col" key={count.name}>
                    {count.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.runs.map((run) => (
                <tr key={run.id} data-testid="run">
                  <th scope="row">
                    <Link to={run.href}>{run.createdText}</Link>
                  </th>
                  <td>
                    <RunStateBadge run={run} />
                    {run.live && <span className="feed-table__progress"> {run.progressText}</span>}
                  </td>
                  <td>{run.triggerText}</td>
                  {run.counts.map((count) => (
                    <td key={count.name} data-testid={`run-count-${count.name}`}>
                      {count.value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination t={t} list={data.pager} />
    </>
  );
}
