import { FeedListResponseSchema, FeedRunsResponseSchema } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { feedRunsPath, feedsPath } from '../../routing/feeds-paths.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { type RunView, toRunView } from './feed-run-view.server.ts';
import {
  accountApi,
  itemPageRequest,
  noticeOnFailure,
  type Pager,
  pagerOf,
  requireCompany,
} from './feeds-shared.server.ts';

// One feed's runs, `/{locale}/account/feeds/{id}` (issue 42): newest first, a page at a time,
// each with its state, counts and a link to its report.

export const RUN_TABLE_MESSAGES: readonly MessageKey[] = [
  'feeds.back_to_feeds',
  'feeds.back_to_runs',
  'feeds.runs_empty',
  'feeds.run_started',
  'feeds.run_state',
  'feeds.run_trigger',
  'feeds.view_run',
  'results.page',
  'results.pagination',
  'results.previous',
  'results.next',
];

export interface FeedRunsData {
  feedName: string;
  backHref: string;
  runs: RunView[];
  pager: Pager;
}

export async function loadFeedRunsPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t, id, page } = itemPageRequest(request, params.id);
  const base = {
    title: pageTitle(t, t('feeds.runs')),
    heading: t('feeds.runs'),
    messages: screenMessages(locale, RUN_TABLE_MESSAGES),
  };
  if (!(await requireCompany(context, request))) return { ...base, runs: null, loadError: false };
  const client = accountApi(context, request);
  try {
    const list = FeedListResponseSchema.parse(await client.get('/users/me/feeds'));
    const answer = FeedRunsResponseSchema.parse(
      await client.get(`/users/me/feeds/${id}/runs`, { query: { page } }),
    );
    const feed = list.feeds.find((item) => String(item.id) === id);
    if (!feed) notFound();
    const heading = t('feeds.runs_of', { name: feed.name });
    const data: FeedRunsData = {
      feedName: feed.name,
      backHref: feedsPath(locale),
      runs: answer.runs.map((run) => toRunView(run, locale, t)),
      pager: pagerOf(answer.meta, feedRunsPath(locale, id)),
    };
    return { ...base, title: pageTitle(t, heading), heading, runs: data, loadError: false };
  } catch (error) {
    noticeOnFailure(error, context, 'feed runs');
    return { ...base, runs: null, loadError: true };
  }
}
