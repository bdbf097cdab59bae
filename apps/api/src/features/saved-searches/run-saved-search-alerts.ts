import { type Db, hiddenOffers, jobs, savedSearches, users } from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  type Currency,
  composeSearchPath,
  type Locale,
  SAVED_SEARCH_ALERT_KINDS,
  type SavedSearchAlertKind,
  type SearchFilters,
} from '@estately/domain';
import { and, asc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { JwtKey } from '../../lib/jwt.ts';
import type { EmailJobPayload } from '../mail/enqueue-email.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { formatPrice, loadOfferSummaries, offerTitle } from './alert-offer-lines.ts';
import { ALERT_FREQUENCIES, type AlertFrequency, alertDedupeKey, periodStart } from './alert-periods.ts';
import { collectAlertEvents } from './collect-alert-events.ts';
import { type SearchMatches, withAlertMatcher } from './match-saved-searches.ts';
import { toSearchFilters } from './saved-search-filters.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** Offers listed in one digest; the e-mail links to the search for the rest. */
export const ALERT_OFFERS_PER_EMAIL = 10;
const DEFAULT_BATCH_SIZE = 10_000;
const MAX_LOOKBACK_DAYS = 14;

export interface RunSavedSearchAlertsOptions {
  db: Db;
  /** End of the run's window: offers going live up to this instant are mailed now. */
  now?: Date;
  /** Which frequencies to process: the short-period job passes ['instant']. */
  frequencies?: readonly AlertFrequency[];
  /** Public origin of the web app (offer and search links). */
  publicWebUrl: string;
  /** Public origin of the API (the one-click unsubscribe link). */
  publicApiUrl: string;
  /** Signing keys of the unsubscribe tokens (JWT_SECRETS). */
  keys: readonly JwtKey[];
  /** Turns stored photo keys into absolute URLs. */
  storage: MediaStorage;
  /** Searches per transaction. */
  batchSize?: number;
  /** Test hook: runs inside each batch's transaction before it commits (a throw rolls it back). */
  beforeCommit?: (batch: number) => Promise<void> | void;
}

export interface AlertRunResult {
  /** Due searches processed (their watermark advanced). */
  searches: number;
  /** Digest e-mails queued. */
  emails: number;
  /** New or cheaper offers considered. */
  events: number;
  batches: number;
  /** Where the time went, in milliseconds (the benchmark prints them). */
  timings: { collect: number; match: number; build: number; queue: number };
}

interface DueSearch {
  id: number;
  userId: number;
  name: string;
  /** The stored filters as jsonb prints them: one text per filter set, parsed once a run. */
  filters: string;
  searchPath: string | null;
  frequency: string;
  alertKinds: string[];
  locale: string;
  currency: string;
  since: Date;
  email: string;
  notify: boolean;
}

/**
 * The watch-dog alert job (issue 6): for every due saved search of the given frequencies,
 * finds the public offers listed, back on the market or reduced in price (as the search asks,
 * `alert_kinds`) since it was last notified, and
 * queues ONE digest e-mail (`email.saved_search_alert`) per search and period in the search's
 * language and currency, with links to the offers and a one-click unsubscribe link.
 *
 * Exactly once, even when a run crashes and reruns: each batch of searches is one transaction
 * that queues its e-mails and advances the searches' `last_notified_at` together, and every
 * e-mail carries the dedupe key `saved_search:<id>:<period start>` (unique in the outbox), so
 * a rerun, or a second worker racing this one, cannot queue a period's e-mail twice.
 *
 * Scale: the offers that are news are collected once; searches are read in id order in
 * batches, and the filter sets of a batch not matched by an earlier one are matched in one
 * set-based statement (`withAlertMatcher`). Equal inputs are worked out once a run: a filter
 * set's parse and search link, an offer's line (as JSON) per language, currency and kind.
 */
export async function runSavedSearchAlerts(options: RunSavedSearchAlertsOptions): Promise<AlertRunResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const frequencies = options.frequencies ?? ALERT_FREQUENCIES;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const periods = new Map(frequencies.map((frequency) => [frequency, periodStart(frequency, now)]));
  const result: AlertRunResult = {
    searches: 0,
    emails: 0,
    events: 0,
    batches: 0,
    timings: { collect: 0, match: 0, build: 0, queue: 0 },
  };
  let clock = performance.now();
  const lap = (phase: keyof AlertRunResult['timings']) => {
    const at = performance.now();
    result.timings[phase] += at - clock;
    clock = at;
  };
  if (frequencies.length === 0) return result;

  // A digest never reaches further back than MAX_LOOKBACK_DAYS (a week's period and a margin):
  // a search that was off for months starts afresh instead of mailing old offers.
  const lookbackStart = new Date(now.getTime() - MAX_LOOKBACK_DAYS * 86_400_000).toISOString();
  const since = sql<Date>`greatest(coalesce(${savedSearches.lastNotifiedAt}, ${savedSearches.createdAt}), ${lookbackStart}::timestamptz)`;
  const dueCondition = or(
    ...frequencies.map(
      (frequency) =>
        and(
          eq(savedSearches.frequency, frequency),
          or(isNull(savedSearches.lastNotifiedAt), lt(savedSearches.lastNotifiedAt, periods.get(frequency)!)),
        ) as SQL,
    ),
  ) as SQL;

  // The oldest watermark of any due search bounds the events to collect.
  const [oldest] = await db
    .select({ since: sql<Date | string | null>`min(${since})` })
    .from(savedSearches)
    .where(dueCondition);
  if (!oldest?.since) return result;
  const rates = await loadExchangeRates(db);
  const events = await collectAlertEvents({ db, since: new Date(oldest.since), until: now });
  result.events = events.length;
  const summaries = await loadOfferSummaries(
    db,
    events.map((event) => event.id),
  );
  lap('collect');

  // Phase 1, matching: every due search is read in id order and matched against the news in
  // one read-only session. Only what the e-mails need is kept (a few offer ids per search).
  const due: { batch: DueSearch[]; matches: Map<number, SearchMatches> }[] = [];
  // Searches of one filter share their matches, so each gets more than an e-mail shows: a
  // person's hidden offers (decision 072) are taken out of their own, and the rest still fill it.
  const matchLimit = ALERT_OFFERS_PER_EMAIL * 2;
  // Many searches share a filter set (a popular city's flats): each set is parsed once a run,
  // for the matcher and again for the e-mails' search links.
  const parsedFilters = new Map<string, SearchFilters>();
  const filtersOf = (text: string) => {
    let filters = parsedFilters.get(text);
    if (!filters) {
      filters = toSearchFilters(JSON.parse(text) as Record<string, unknown>);
      parsedFilters.set(text, filters);
    }
    return filters;
  };
  await withAlertMatcher({ db, events, rates, now, limit: matchLimit }, async (matcher) => {
    let afterId = 0;
    for (;;) {
      const batch: DueSearch[] = await matcher.db
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          name: savedSearches.name,
          filters: sql<string>`${savedSearches.filters}::text`,
          searchPath: savedSearches.searchPath,
          frequency: savedSearches.frequency,
          alertKinds: savedSearches.alertKinds,
          locale: savedSearches.locale,
          currency: savedSearches.currency,
          since: sql<Date>`${since}`.mapWith((value: Date | string) => new Date(value)),
          email: users.email,
          notify: users.notifySavedSearches,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(and(dueCondition, gt(savedSearches.id, afterId)))
        .orderBy(asc(savedSearches.id))
        .limit(batchSize);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]!.id;
      const matches = await matcher.match(
        batch
          .filter((search) => search.notify)
          .map((search) => {
            const kinds = wantedKinds(search.alertKinds);
            return {
              id: search.id,
              filters: filtersOf(search.filters),
              // jsonb prints its keys in one order, so equal filters give equal text.
              groupKey: kinds ? `${kinds.join(',')}|${search.filters}` : search.filters,
              since: search.since,
              ...(kinds ? { kinds } : {}),
            };
          }),
      );
      await leaveOutHidden(matcher.db, batch, matches);
      // Keep only the searches' own fields that the e-mails and the marks need.
      due.push({
        batch: batch.map((search) => (matches.has(search.id) ? search : { ...search, filters: '' })),
        matches,
      });
      if (batch.length < batchSize) break;
    }
  });
  lap('match');

  // Phase 2, queueing: per batch, one transaction queues the digests and advances the marks.
  // An offer's line is the same in every e-mail of one language and currency: made once, and
  // written out as JSON once (85,000 digests of 10 lines are 110 MB of JSON at the bench's size).
  const eventKinds = new Map(events.map((event) => [event.id, event.kinds]));
  const lines = new Map<string, string>();
  // Each digest looks its lines up by offer id among those of its language, currency and kinds.
  const lineSets = new Map<string, Map<number, string | null>>();
  const linesFor = (locale: Locale, currency: Currency, wanted: readonly string[]) => {
    const key = `${locale}|${currency}|${wanted.join(',')}`;
    let set = lineSets.get(key);
    if (!set) {
      set = new Map();
      lineSets.set(key, set);
    }
    return set;
  };
  const line = (id: number, locale: Locale, currency: Currency, wanted: readonly string[]) => {
    // The line says why the offer is news, as the search asked for it: a first listing first,
    // then a return to the market, then a price drop (an offer can be all three in one period).
    const had = eventKinds.get(id) ?? [];
    const kind = SAVED_SEARCH_ALERT_KINDS.find((k) => had.includes(k) && wanted.includes(k)) ?? 'new';
    const key = `${id}|${locale}|${currency}|${kind}`;
    let entry = lines.get(key);
    if (!entry) {
      const offer = summaries.get(id);
      if (!offer) return null;
      entry = JSON.stringify({
        title: offerTitle(offer, locale),
        // A change links to the offer's timeline, where the drop or the return is listed.
        url: `${options.publicWebUrl}/${locale}/property/${id}${kind === 'new' ? '' : '#history'}`,
        price: formatPrice(offer, locale, currency, rates),
        photoUrl: offer.photo ? variantUrls(options.storage, offer.photo).card : null,
        kind,
      } satisfies OfferLine);
      lines.set(key, entry);
    }
    return entry;
  };
  /** The digest's offer lines as the JSON of its `offers` list, without the brackets. */
  const offerLines = (
    ids: readonly number[],
    locale: Locale,
    currency: Currency,
    wanted: readonly string[],
  ) => {
    const set = linesFor(locale, currency, wanted);
    let found = '';
    for (const id of ids) {
      let entry = set.get(id);
      if (entry === undefined) {
        entry = line(id, locale, currency, wanted);
        set.set(id, entry);
      }
      if (entry) found = found ? `${found},${entry}` : entry;
    }
    return found;
  };
  // A search's link is the same for every search of one filter set and language.
  const searchPaths = new Map<string, string>();
  const searchPathOf = (search: DueSearch, locale: Locale) => {
    if (search.searchPath !== null) return search.searchPath;
    const key = `${locale}|${search.filters}`;
    let path = searchPaths.get(key);
    if (path === undefined) {
      path = composeSearchPath(locale, filtersOf(search.filters));
      searchPaths.set(key, path);
    }
    return path;
  };
  const build = (batch: DueSearch[], matches: Map<number, SearchMatches>) => {
    const rows: string[] = [];
    for (const search of batch) {
      const match = matches.get(search.id);
      if (!match) continue;
      const period = periods.get(search.frequency as AlertFrequency)!;
      const locale = search.locale as Locale;
      const currency = search.currency as Currency;
      const unsubscribeUrl = `${options.publicApiUrl}/saved_searches/unsubscribe?token=${signUnsubscribeToken(options.keys, search.id)}`;
      // The renderer adds the List-Unsubscribe header from `unsubscribeUrl`.
      rows.push(
        outboxRow(
          {
            template: 'saved_search_alert',
            to: search.email,
            locale,
            data: {
              searchName: search.name,
              searchUrl: `${options.publicWebUrl}${searchPathOf(search, locale)}`,
              unsubscribeUrl,
            },
          },
          offerLines(match.ids, locale, currency, search.alertKinds),
          alertDedupeKey(search.id, period),
        ),
      );
    }
    return rows;
  };
  const queue = (batch: DueSearch[], rows: ReturnType<typeof build>, batchNumber: number) =>
    db.transaction(async (tx) => {
      let inserted = 0;
      // One JSON parameter per chunk: the outbox rows are built by the server from it, which
      // is far cheaper than binding thousands of parameters of a multi-row VALUES.
      for (let i = 0; i < rows.length; i += 2000) {
        const chunk = `[${rows.slice(i, i + 2000).join(',')}]`;
        const written = (await tx.execute(sql`
          with added as (
            insert into ${jobs} (kind, payload, run_at, dedupe_key)
            select 'email.saved_search_alert', r.payload, ${now.toISOString()}::timestamptz, r.dedupe_key
            from jsonb_to_recordset(${chunk}::jsonb) as r(payload jsonb, dedupe_key text)
            on conflict (dedupe_key) do nothing
            returning 1
          )
          select count(*)::int as n from added
        `)) as unknown as { rows: { n: number }[] };
        inserted += Number(written.rows[0]?.n ?? 0);
      }
      // Advance only searches still due: a concurrent run that got here first keeps its mark.
      await tx
        .update(savedSearches)
        .set({ lastNotifiedAt: now, lastMatchedActivatedAt: now })
        .where(
          and(sql`${savedSearches.id} = any(${idArray(batch.map((search) => search.id))})`, dueCondition),
        );
      await options.beforeCommit?.(batchNumber);
      result.emails += inserted;
      result.searches += batch.length;
    });

  // The next batch's e-mails are built while the database writes the previous one; a failed
  // batch stops the run before another one starts.
  let writing: Promise<void> | undefined;
  for (const { batch, matches } of due) {
    result.batches += 1;
    const rows = build(batch, matches);
    lap('build');
    if (writing) await writing;
    lap('queue');
    writing = queue(batch, rows, result.batches);
    // Handled when awaited; this keeps a failure from counting as unhandled meanwhile.
    writing.catch(() => {});
  }
  if (writing) await writing;
  lap('queue');
  return result;
}

type AlertPayload = EmailJobPayload<'saved_search_alert'>;
type OfferLine = AlertPayload['data']['offers'][number];

/**
 * One outbox row, `{payload, dedupe_key}`, as JSON text: the payload without its offers, then
 * `offers` spliced in from the lines' own JSON (`offersJson`, the list without brackets), each
 * made once a run. The payload is stored as jsonb, which keeps no key order: the row is the
 * one `JSON.stringify` would give.
 */
function outboxRow(
  payload: Omit<AlertPayload, 'data'> & { data: Omit<AlertPayload['data'], 'offers'> },
  offersJson: string,
  dedupeKey: string,
): string {
  const head = JSON.stringify(payload);
  // `head` ends with the closing braces of `data` and of the payload.
  return `{"payload":${head.slice(0, -2)},"offers":[${offersJson}]}},"dedupe_key":${JSON.stringify(dedupeKey)}}`;
}

/**
 * Takes each person's hidden offers out of their searches' matches and keeps the newest
 * `ALERT_OFFERS_PER_EMAIL`; a search left with none sends no e-mail (its mark still moves on).
 * One read for the batch: the hidden pairs among the matched offers of its people.
 */
async function leaveOutHidden(
  db: Db,
  batch: DueSearch[],
  matches: Map<number, SearchMatches>,
): Promise<void> {
  const matched = batch.filter((search) => matches.has(search.id));
  const offerIds = new Set<number>();
  for (const search of matched) for (const id of matches.get(search.id)!.ids) offerIds.add(id);
  // Each person's hidden offers among the matched ones: few people hide any.
  const hidden = new Map<number, Set<number>>();
  if (offerIds.size > 0) {
    const rows = await db
      .select({ userId: hiddenOffers.userId, offerId: hiddenOffers.offerId })
      .from(hiddenOffers)
      .where(
        and(
          sql`${hiddenOffers.userId} = any(${idArray([...new Set(matched.map((search) => search.userId))])})`,
          sql`${hiddenOffers.offerId} = any(${idArray([...offerIds])})`,
        ),
      );
    for (const row of rows) {
      const own = hidden.get(row.userId) ?? new Set<number>();
      own.add(row.offerId);
      hidden.set(row.userId, own);
    }
  }
  for (const search of matched) {
    const own = hidden.get(search.userId);
    const found = matches.get(search.id)!.ids;
    const ids = (own ? found.filter((id) => !own.has(id)) : found).slice(0, ALERT_OFFERS_PER_EMAIL);
    if (ids.length === 0) matches.delete(search.id);
    else matches.set(search.id, { ids });
  }
}

/**
 * Ids as one array parameter: a batch's 10,000 ids as separate parameters cost more to build
 * and bind than the statement costs to run.
 */
function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}

/** The kinds a search asked for, or undefined when it asked for every kind (no test needed). */
function wantedKinds(stored: readonly string[]): SavedSearchAlertKind[] | undefined {
  const kinds = SAVED_SEARCH_ALERT_KINDS.filter((kind) => stored.includes(kind));
  return kinds.length === SAVED_SEARCH_ALERT_KINDS.length ? undefined : kinds;
}
