import {
  FEED_PHOTO_FAILURES,
  type FeedProblemView,
  type FeedReportEntry,
  type FeedRun,
  type Locale,
  PropertyFieldsSchema,
} from '@estately/domain';
import { getMessages, isMessageKey, SOURCE_MESSAGES, type Translator } from '@estately/i18n';
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

/** What the report needs of a field's schema in the property contract: its bounds. */
interface BoundedSchema {
  def: { type: string; shape?: Record<string, BoundedSchema> };
  unwrap?: () => BoundedSchema;
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/**
 * The bounds a field's validation message names ({min}, {max}: `validation.too_long` of a
 * description, `validation.number_too_large` of a price), read from the property contract that
 * judged the value, so the report says the same limit as the form. Fields outside the contract
 * (the feed's own paths) have none.
 */
function fieldBounds(field: string | undefined): Record<string, number> {
  let schema: BoundedSchema | undefined = PropertyFieldsSchema as unknown as BoundedSchema;
  for (const part of field?.split('.') ?? []) {
    while (schema?.unwrap && ['optional', 'nullable'].includes(schema.def.type)) schema = schema.unwrap();
    schema = schema?.def.shape?.[part];
  }
  while (schema?.unwrap && ['optional', 'nullable'].includes(schema.def.type)) schema = schema.unwrap();
  if (!field || !schema) return {};
  const bounds = {
    min: schema.def.type === 'string' ? schema.minLength : schema.minValue,
    max: schema.def.type === 'string' ? schema.maxLength : schema.maxValue,
  };
  return Object.fromEntries(
    Object.entries(bounds).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

/**
 * The precise reason a problem's `detail` names, when it is a message key; one that names a
 * bound says the field's bound, and is left out when the field has none (else null).
 */
function detailText(problem: FeedProblemView, locale: Locale, t: Translator): string | null {
  const { detail } = problem;
  if (!detail) return null;
  const key = (FEED_PHOTO_FAILURES as readonly string[]).includes(detail) ? `feeds.photo.${detail}` : detail;
  if (!isMessageKey(key)) return null;
  const message = getMessages(locale)[key];
  if (!message.includes('{')) return t(key);
  // A message whose values are missing comes back as the raw message: then say nothing more.
  const text = t(key, fieldBounds(problem.field));
  return text === message || text === SOURCE_MESSAGES[key] ? null : text;
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
    const precise = detailText(problem, locale, t);
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
