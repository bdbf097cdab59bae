import {
  FEED_PHOTO_FAILURES,
  type FeedProblemView,
  type FeedReportEntry,
  type FeedRun,
  type Locale,
} from '@estately/domain';
import { getMessages, isMessageKey, type Translator } from '@estately/i18n';
import { feedRunPath } from '../../routing/feeds-paths.ts';
import { dateTimeText } from './feeds-shared.server.ts';

// A run and its report as the feeds pages show them (issue 42), every text in the page's
// language on the server: the state, the counts, the file's error and each report line's reason
// from the message keys `feeds.problem.*`, `feeds.photo.*`, `feeds.error.*` and `validation.*`.

export const RUN_COUNTS = ['created', 'updated', 'unchanged', 'withdrawn', 'rejected'] as const;

export interface RunView {
  id: number;
  href: string;
  state: FeedRun['state'];
  stateText: string;
  /** Queued or running: the page asks again until it is finished. */
  live: boolean;
  triggerText: string;
  processed: number;
  total: number | null;
  progressText: string;
  counts: { name: (typeof RUN_COUNTS)[number] | 'with_problems'; label: string; value: number }[];
  notModified: boolean;
  modeText: string | null;
  /** The reason a failed run applied nothing, and where in the file. */
  error: { text: string; detail: string | null } | null;
  createdText: string;
  startedText: string | null;
  finishedText: string | null;
}

export function toRunView(run: FeedRun, locale: Locale, t: Translator): RunView {
  const live = run.state === 'queued' || run.state === 'running';
  return {
    id: run.id,
    href: feedRunPath(locale, run.id),
    state: run.state,
    stateText: t(`feeds.run_state.${run.state}`),
    live,
    triggerText: t(`feeds.run_trigger.${run.trigger}`),
    processed: run.processed,
    total: run.total,
    progressText:
      run.total === null
        ? t('feeds.progress_reading', { processed: run.processed })
        : t('feeds.progress', { processed: run.processed, total: run.total }),
    counts: [
      ...RUN_COUNTS.map((name) => ({ name, label: t(`feeds.count.${name}`), value: run.counts[name] })),
      { name: 'with_problems' as const, label: t('feeds.count.with_problems'), value: run.withProblems },
    ],
    notModified: run.notModified,
    modeText: run.mode ? t(`feeds.mode.${run.mode}`) : null,
    error: run.error ? { text: t(`feeds.error.${run.error.code}`), detail: run.error.detail } : null,
    createdText: dateTimeText(run.createdAt, locale) ?? '',
    startedText: dateTimeText(run.startedAt, locale),
    finishedText: dateTimeText(run.finishedAt, locale),
  };
}

/**
 * The precise reason a problem's `detail` names, when it is a message key that needs no values
 * (a bound such as `validation.number_too_large`'s is not in the report); else null.
 */
function detailText(detail: string | undefined, locale: Locale, t: Translator): string | null {
  if (!detail) return null;
  const key = (FEED_PHOTO_FAILURES as readonly string[]).includes(detail) ? `feeds.photo.${detail}` : detail;
  if (!isMessageKey(key)) return null;
  return getMessages(locale)[key].includes('{') ? null : t(key);
}

export interface ReportLine {
  position: number;
  externalId: string | null;
  rejected: boolean;
  outcomeText: string;
  problems: { field: string | null; value: string | null; reason: string }[];
}

export function toReportLines(
  report: readonly FeedReportEntry[],
  locale: Locale,
  t: Translator,
): ReportLine[] {
  const reason = (problem: FeedProblemView) => {
    const general = t(`feeds.problem.${problem.code}`);
    const precise = detailText(problem.detail, locale, t);
    return precise ? `${general} ${precise}` : general;
  };
  return report.map((entry) => ({
    position: entry.position,
    externalId: entry.externalId,
    rejected: entry.rejected,
    outcomeText: t(entry.rejected ? 'feeds.outcome.rejected' : 'feeds.outcome.imported'),
    problems: entry.problems.map((problem) => ({
      field: problem.field ?? null,
      value: problem.value ?? null,
      reason: reason(problem),
    })),
  }));
}
