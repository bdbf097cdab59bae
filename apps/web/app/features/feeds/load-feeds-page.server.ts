import {
  FEED_ENCODINGS,
  FEED_FORMATS,
  FEED_LIMITS,
  FEED_MESSAGE_KEYS,
  type Feed,
  FeedListResponseSchema,
  FeedRunSchema,
  LOCALES,
  type Locale,
} from '@estately/domain';
import { isMessageKey, localeData, type MessageKey, type Translator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { feedRunPath, feedRunsPath, feedUploadPath } from '../../routing/feeds-paths.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import {
  checkFeedEditForm,
  checkFeedForm,
  FEED_EDIT_FIELDS,
  FEED_FIELD_VALUES,
  FEED_FORM_FIELDS,
  SCHEDULE_CHOICES,
} from './feed-form.ts';
import { type RunView, toRunView } from './feed-run-view.server.ts';
import {
  accountApi,
  type Context,
  dateTimeText,
  type FocusResult,
  failureAnswer,
  formAnswer,
  noticeOnFailure,
  pageLocale,
  readCompanyForm,
  redirectWithCookies,
  requireCompany,
} from './feeds-shared.server.ts';

// The feeds page, `/{locale}/account/feeds` (issue 42): a company's feeds with their last run,
// the form that adds one, and each feed's actions (edit, run now, pause or resume, delete; a file
// is posted to the upload route). A person's account gets the 404 page.

const MESSAGES: readonly MessageKey[] = [
  ...(FEED_MESSAGE_KEYS.filter((key) => key.startsWith('feeds.')) as MessageKey[]),
  'feeds.intro',
  'feeds.list',
  'feeds.empty',
  'feeds.add_title',
  'feeds.add',
  'feeds.name',
  'feeds.format',
  'feeds.source',
  'feeds.url',
  'feeds.url_hint',
  'feeds.schedule',
  'feeds.schedule_hint',
  'feeds.encoding',
  'feeds.encoding_hint',
  'feeds.default_locale',
  'feeds.default_locale_hint',
  'feeds.active_listings',
  'feeds.last_run',
  'feeds.never_run',
  'feeds.paused',
  'feeds.next_run',
  'feeds.upload_file',
  'feeds.upload_hint',
  'feeds.upload',
  'feeds.run_now',
  'feeds.pause',
  'feeds.resume',
  'feeds.delete',
  'feeds.confirm_delete',
  'feeds.runs',
  'feeds.view_run',
  'feeds.actions',
  'feeds.saved',
  'action.edit',
  'action.save',
  'validation.invalid_url',
  'validation.invalid_number',
  'validation.invalid_integer',
  'validation.number_too_small',
  'validation.number_too_large',
];

type Option = { value: string; label: string };

export interface FeedRow {
  id: number;
  name: string;
  formatText: string;
  sourceText: string;
  isUrl: boolean;
  url: string | null;
  scheduleText: string | null;
  /** The values its edit form starts from ('' for none). */
  values: { scheduleMinutes: string; encoding: string; defaultLocale: string };
  /** The feed's own interval, offered in its edit form when the usual choices lack it. */
  scheduleOption: Option | null;
  paused: boolean;
  nextRunText: string | null;
  activeListings: number;
  lastRun: RunView | null;
  runsHref: string;
  uploadHref: string;
}

export interface FeedsData {
  feeds: FeedRow[];
  options: {
    formats: Option[];
    sources: Option[];
    schedules: Option[];
    encodings: Option[];
    locales: Option[];
  };
  /** A refused upload sent back here (no JavaScript needed): its feed and the reason. */
  uploadError: { feedId: number; text: string } | null;
}

/** An interval in words of the page's language ("1 hour", "7 days"), through Intl. */
function intervalText(minutes: number, locale: Locale): string {
  const [value, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return new Intl.NumberFormat(localeData(locale).tag, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

function languageNames(locale: Locale): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([localeData(locale).tag, 'en'], { type: 'language' });
  } catch {
    return null;
  }
}

function formOptions(locale: Locale, t: Translator): FeedsData['options'] {
  const names = languageNames(locale);
  return {
    formats: FEED_FORMATS.map((format) => ({ value: format, label: t(`feeds.format.${format}`) })),
    sources: [
      { value: 'upload', label: t('feeds.source.upload') },
      { value: 'url', label: t('feeds.source.url') },
    ],
    schedules: SCHEDULE_CHOICES.map((minutes) => ({
      value: String(minutes),
      label: intervalText(minutes, locale),
    })),
    encodings: [
      { value: '', label: t('feeds.encoding_auto') },
      ...FEED_ENCODINGS.filter((encoding) => encoding !== 'utf-8').map((encoding) => ({
        value: encoding,
        label: encoding.toUpperCase(),
      })),
    ],
    locales: [
      { value: '', label: t('feeds.default_locale_account') },
      ...LOCALES.map((code) => ({ value: code, label: names?.of(localeData(code).tag) ?? code })),
    ],
  };
}

function toRow(feed: Feed, locale: Locale, t: Translator): FeedRow {
  return {
    id: feed.id,
    name: feed.name,
    formatText: t(`feeds.format.${feed.format}`),
    sourceText: t(`feeds.source.${feed.source}`),
    isUrl: feed.source === 'url',
    url: feed.url,
    scheduleText: feed.scheduleMinutes ? intervalText(feed.scheduleMinutes, locale) : null,
    values: {
      scheduleMinutes: String(feed.scheduleMinutes ?? FEED_LIMITS.scheduleDefault),
      encoding: feed.encoding ?? '',
      defaultLocale: feed.defaultLocale ?? '',
    },
    scheduleOption:
      feed.scheduleMinutes && !(SCHEDULE_CHOICES as readonly number[]).includes(feed.scheduleMinutes)
        ? { value: String(feed.scheduleMinutes), label: intervalText(feed.scheduleMinutes, locale) }
        : null,
    paused: feed.paused,
    nextRunText: feed.paused ? null : dateTimeText(feed.nextRunAt, locale),
    activeListings: feed.activeListings,
    lastRun: feed.lastRun ? toRunView(feed.lastRun, locale, t) : null,
    runsHref: feedRunsPath(locale, feed.id),
    uploadHref: feedUploadPath(locale, feed.id),
  };
}

export async function loadFeeds(context: Context, request: Request, locale: Locale, t: Translator) {
  const answer = FeedListResponseSchema.parse(await accountApi(context, request).get('/users/me/feeds'));
  return answer.feeds.map((feed) => toRow(feed, locale, t));
}

export async function loadFeedsPage({ request, context }: LoaderFunctionArgs) {
  const { locale, t, url } = pageLocale(request);
  const heading = t('feeds.title');
  const base = { title: pageTitle(t, heading), heading, messages: screenMessages(locale, MESSAGES) };
  if (!(await requireCompany(context, request))) return { ...base, feeds: null, loadError: false };
  try {
    const feedId = Number(url.searchParams.get('feed'));
    // Only a refusal's own message keys are shown; anything else in the address is ignored.
    const refused = url.searchParams.get('upload_error') ?? '';
    const known = /^(feeds\.error|validation|status|error)\.[a-z_]+$/.test(refused) && isMessageKey(refused);
    const data: FeedsData = {
      feeds: await loadFeeds(context, request, locale, t),
      options: formOptions(locale, t),
      uploadError:
        Number.isInteger(feedId) && feedId > 0 && known
          ? { feedId, text: t.dynamic(refused, FEED_FIELD_VALUES.url) }
          : null,
    };
    return { ...base, feeds: data, loadError: false };
  } catch (error) {
    noticeOnFailure(error, context, 'feeds');
    return { ...base, feeds: null, loadError: true };
  }
}

export type FeedsResult = FocusResult;

export async function feedsPageAction({ request, context }: ActionFunctionArgs) {
  const input = await readCompanyForm(context, request, 'feed_add');
  const { locale, t, client, form, intent, resultIntent } = input;
  const id = Number(input.id);
  // An edit refused without scripts draws its form again with what was typed.
  const typed =
    intent === 'edit'
      ? Object.fromEntries(FEED_EDIT_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))
      : undefined;
  const fail = (error: unknown) =>
    failureAnswer({
      error,
      intent: resultIntent,
      context,
      request,
      locale,
      t,
      fields: intent === 'edit' ? FEED_EDIT_FIELDS : FEED_FORM_FIELDS,
      values: FEED_FIELD_VALUES,
      typed,
    });
  if (intent !== 'feed_add' && !(Number.isInteger(id) && id > 0))
    return formAnswer({ intent: resultIntent, formError: t('error.generic') }, 400);
  try {
    switch (intent) {
      case 'feed_add': {
        const checked = checkFeedForm(form);
        if (!checked.ok) return formAnswer({ intent, errors: checked.errors }, 422);
        const feed = await client.post<Feed>('/users/me/feeds', checked.body);
        return formAnswer<FeedsResult>({
          intent,
          done: t('feeds.added', { name: feed.name }),
          focus: `feed-${feed.id}`,
        });
      }
      case 'edit': {
        const checked = checkFeedEditForm(form);
        if (!checked.ok)
          return formAnswer({ intent: resultIntent, errors: checked.errors, values: typed }, 422);
        const feed = await client.patch<Feed>(`/users/me/feeds/${id}`, checked.body);
        return formAnswer<FeedsResult>({
          intent: resultIntent,
          done: t('feeds.saved', { name: feed.name }),
          focus: `feed-${id}`,
        });
      }
      case 'run': {
        const run = FeedRunSchema.pick({ id: true }).parse(
          await client.post(`/users/me/feeds/${id}/run`, {}),
        );
        return redirectWithCookies(context, feedRunPath(locale, run.id));
      }
      case 'pause':
      case 'resume': {
        const paused = intent === 'pause';
        await client.patch(`/users/me/feeds/${id}`, { paused });
        return formAnswer<FeedsResult>({
          intent: resultIntent,
          done: t(paused ? 'feeds.paused_done' : 'feeds.resumed_done'),
          focus: `feed-${id}`,
        });
      }
      case 'delete':
        await client.delete(`/users/me/feeds/${id}`);
        return formAnswer<FeedsResult>({
          intent: resultIntent,
          done: t('feeds.deleted'),
          focus: 'feeds-list',
        });
      default:
        return formAnswer({ intent: resultIntent, formError: t('error.generic') }, 400);
    }
  } catch (error) {
    return fail(error);
  }
}
