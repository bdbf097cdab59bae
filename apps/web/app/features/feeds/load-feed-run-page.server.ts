import { FEED_REPORT_PAGE_SIZE, FeedRunDetailResponseSchema } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { feedRunPath, feedRunsPath } from '../../routing/feeds-paths.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { type ReportLine, type RunView, toReportLines, toRunView } from './feed-run-view.server.ts';
import {
  accountApi,
  itemPageRequest,
  noticeOnFailure,
  type Pager,
  pagerOf,
  requireCompany,
} from './feeds-shared.server.ts';
import { RUN_TABLE_MESSAGES } from './load-feed-runs-page.server.ts';

// A run's page, `/{locale}/account/feeds/runs/{runId}` (issue 42): its state and progress (the
// page asks again every two seconds while the run is queued or running), its counts, the file's
// error when it failed, and its report a page at a time.

const MESSAGES: readonly MessageKey[] = [
  ...RUN_TABLE_MESSAGES,
  'feeds.progress_label',
  'feeds.counts',
  'feeds.run_finished',
  'feeds.run_mode',
  'feeds.not_modified',
  'feeds.file_error',
  'feeds.report',
  'feeds.report_intro',
  'feeds.report_empty',
  'feeds.report_position',
  'feeds.external_id',
  'feeds.outcome',
  'feeds.field',
  'feeds.value',
  'feeds.reason',
];

export interface FeedRunData {
  run: RunView;
  feedName: string;
  runsHref: string;
  report: ReportLine[];
  /** Lines of the report in all, over every page. */
  reportTotal: number;
  pager: Pager;
}

export async function loadFeedRunPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t, id: runId, page } = itemPageRequest(request, params.runId);
  const base = {
    title: pageTitle(t, t('feeds.run')),
    heading: t('feeds.run'),
    messages: screenMessages(locale, MESSAGES),
  };
  if (!(await requireCompany(context, request))) return { ...base, detail: null, loadError: false };
  try {
    const answer = FeedRunDetailResponseSchema.parse(
      await accountApi(context, request).get(`/users/me/feed-runs/${runId}`, {
        query: { page, per_page: FEED_REPORT_PAGE_SIZE },
      }),
    );
    const run = toRunView(answer.run, locale, t);
    const heading = t('feeds.run_of', { name: answer.feed.name, date: run.createdText });
    const detail: FeedRunData = {
      run,
      feedName: answer.feed.name,
      runsHref: feedRunsPath(locale, answer.feed.id),
      report: toReportLines(answer.report, locale, t),
      reportTotal: answer.meta.total,
      pager: pagerOf(answer.meta, feedRunPath(locale, runId)),
    };
    return { ...base, title: pageTitle(t, heading), heading, detail, loadError: false };
  } catch (error) {
    noticeOnFailure(error, context, 'feed run');
    return { ...base, detail: null, loadError: true };
  }
}
