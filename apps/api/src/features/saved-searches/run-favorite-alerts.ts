import { type Db, favoriteAlertDeliveries, jobs } from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import { type Currency, type FavoriteAlertChange, isLocale, type Locale } from '@estately/domain';
import { lte, sql } from 'drizzle-orm';
import type { JwtKey } from '../../lib/jwt.ts';
import type { EmailJobPayload } from '../mail/enqueue-email.ts';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { queryRows } from '../search/offer-conditions.ts';
import { formatAmount, loadOfferSummaries, offerTitle } from './alert-offer-lines.ts';
import { periodStart } from './alert-periods.ts';
import { signFavoriteAlertsToken } from './unsubscribe-token.ts';

/**
 * Changes older than this are never mailed: after an outage the alerts resume with the last
 * day's changes instead of a flood of stale ones. Ledger rows older than it are deleted.
 */
export const FAVORITE_ALERT_LOOKBACK_MS = 24 * 60 * 60_000;
/** Changes listed in one e-mail; the button leads to the favourites page for the rest. */
export const FAVORITE_CHANGES_PER_EMAIL = 30;

/** The state entries (decision 063) a person who favourited the offer is told about. */
const STATE_CHANGES = ['reserved', 'sold', 'rented', 'withdrawn', 'back_on_market'] as const;

export interface RunFavoriteAlertsOptions {
  db: Db;
  now?: Date;
  publicWebUrl: string;
  publicApiUrl: string;
  keys: readonly JwtKey[];
  storage: MediaStorage;
  /** Test hook: runs inside the transaction before it commits (a throw rolls it back). */
  beforeCommit?: () => Promise<void> | void;
}

export interface FavoriteAlertRunResult {
  /** Changes found in the window (price drops and state entries). */
  changes: number;
  /** (person, change) pairs queued by this run. */
  deliveries: number;
  /** E-mails queued. */
  emails: number;
}

interface DeliveryRow {
  user_id: number | string;
  change_key: string;
  property_id: number | string;
  changed_at: Date | string;
  change: FavoriteAlertChange;
  price: string | number | null;
  currency: string | null;
  old_price: string | number | null;
  email: string;
  locale: string;
  reader_currency: string;
}

/**
 * Alerts about favourite offers (issue 44 point 2, decision 070): every price drop and every
 * state change a visitor could see (reserved, sold, rented, withdrawn, back on the market) of an
 * offer a person favourited before the change, for people whose `notifyOfferUpdates` is on,
 * with or without a saved search. One e-mail per person and run lists their changes, each
 * linking to the offer's timeline, with a one-click unsubscribe.
 *
 * Changes are read up to the start of the current instant slot (alert-periods.ts), so a burst
 * of changes within minutes becomes one e-mail. No change is mailed twice to one person: one
 * transaction inserts a ledger row per (person, change) into `favorite_alert_deliveries`
 * (primary key) and the e-mails built from exactly the rows it inserted; a rerun finds the rows
 * and inserts nothing, and a concurrent run waits on the first one's keys, then skips them.
 */
export async function runFavoriteAlerts(options: RunFavoriteAlertsOptions): Promise<FavoriteAlertRunResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const until = periodStart('instant', now);
  const since = new Date(until.getTime() - FAVORITE_ALERT_LOOKBACK_MS);
  const from = since.toISOString();
  const to = until.toISOString();
  const result: FavoriteAlertRunResult = { changes: 0, deliveries: 0, emails: 0 };
  const rates = await loadExchangeRates(db);
  const states = sql.raw(STATE_CHANGES.map((kind) => `'${kind}'`).join(', '));

  await db.transaction(async (tx) => {
    const delivered = await queryRows<DeliveryRow & { found: number }>(
      tx as unknown as Db,
      sql`
        with changes as materialized (
          -- A drop: a price below the one before it in the same currency, while the offer is public.
          select 'p' || h.id as change_key, h.property_id, h.changed_at, 'price_drop' as change,
            h.price, h.currency, prev.price as old_price
          from price_history h
          cross join lateral (
            select p2.price, p2.currency from price_history p2
            where p2.property_id = h.property_id and (p2.changed_at, p2.id) < (h.changed_at, h.id)
            order by p2.changed_at desc, p2.id desc
            limit 1
          ) prev
          join properties p on p.id = h.property_id and p.state in ('active', 'reserved')
          where h.changed_at > ${from}::timestamptz and h.changed_at <= ${to}::timestamptz
            and prev.currency = h.currency and h.price < prev.price
          union all
          select 's' || s.id, s.property_id, s.changed_at, s.kind, s.price, s.currency, null
          from property_state_history s
          where s.changed_at > ${from}::timestamptz and s.changed_at <= ${to}::timestamptz
            and s.kind in (${states})
        ),
        recipients as materialized (
          select f.user_id, c.*, u.email, u.preferred_language as locale, u.preferred_currency as reader_currency
          from changes c
          join properties p on p.id = c.property_id and p.struck_at is null
          -- Favourited before the change: a change is news only to those who already watched.
          join favourites f on f.offer_id = c.property_id and f.created_at < c.changed_at
          join users u on u.id = f.user_id and u.notify_offer_updates
        ),
        added as (
          insert into favorite_alert_deliveries (user_id, change_key, property_id, changed_at, queued_at)
          select user_id, change_key, property_id, changed_at, ${now.toISOString()}::timestamptz from recipients
          on conflict do nothing
          returning user_id, change_key
        )
        select r.*, (select count(*) from changes)::int as found
        from added a
        join recipients r on r.user_id = a.user_id and r.change_key = a.change_key
        order by r.user_id, r.changed_at, r.change_key
      `,
    );
    if (delivered.length === 0) {
      // Nothing new for anyone; the count of changes still says what the run saw.
      const [counted] = await queryRows<{ n: number }>(
        tx as unknown as Db,
        sql`select ((select count(*) from price_history where changed_at > ${from}::timestamptz and changed_at <= ${to}::timestamptz)
          + (select count(*) from property_state_history where changed_at > ${from}::timestamptz and changed_at <= ${to}::timestamptz and kind in (${states})))::int as n`,
      );
      result.changes = Number(counted?.n ?? 0);
      await options.beforeCommit?.();
      return delivered;
    }
    result.changes = Number(delivered[0]!.found);
    result.deliveries = delivered.length;

    const summaries = await loadOfferSummaries(tx as unknown as Db, [
      ...new Set(delivered.map((row) => Number(row.property_id))),
    ]);
    const byUser = new Map<number, DeliveryRow[]>();
    for (const row of delivered) {
      const userId = Number(row.user_id);
      const list = byUser.get(userId) ?? [];
      list.push(row);
      byUser.set(userId, list);
    }
    const outbox: { payload: EmailJobPayload<'favorite_alert'>; dedupe_key: string }[] = [];
    for (const [userId, changes] of byUser) {
      const first = changes[0]!;
      const locale: Locale = isLocale(first.locale) ? first.locale : 'en';
      const currency = first.reader_currency as Currency;
      const lines = changes.slice(-FAVORITE_CHANGES_PER_EMAIL).flatMap((change) => {
        const offer = summaries.get(Number(change.property_id));
        if (!offer) return [];
        const priced = (change.currency ?? offer.currency) as Currency;
        const price = change.price ?? offer.price;
        return [
          {
            change: change.change,
            title: offerTitle(offer, locale),
            // The exact change: the offer's page at its timeline (decision 063).
            url: `${options.publicWebUrl}/${locale}/property/${offer.id}#history`,
            price: price === null ? '' : formatAmount(Number(price), priced, locale, currency, rates),
            oldPrice:
              change.old_price === null
                ? null
                : formatAmount(Number(change.old_price), priced, locale, currency, rates),
            photoUrl: offer.photo ? variantUrls(options.storage, offer.photo).card : null,
          },
        ];
      });
      if (lines.length === 0) continue;
      outbox.push({
        payload: {
          template: 'favorite_alert',
          to: first.email,
          locale,
          data: {
            favoritesUrl: `${options.publicWebUrl}/${locale}/account/favorites`,
            unsubscribeUrl: `${options.publicApiUrl}/user/favorite_alerts/unsubscribe?token=${signFavoriteAlertsToken(options.keys, userId)}`,
            changes: lines,
          },
        },
        // The ledger makes each change key this person's once, so the first key names this e-mail alone.
        dedupe_key: `favorite_alert:${userId}:${first.change_key}`,
      });
    }
    for (let i = 0; i < outbox.length; i += 2000) {
      const chunk = outbox.slice(i, i + 2000);
      const written = await queryRows<{ n: number }>(
        tx as unknown as Db,
        sql`
          with added as (
            insert into ${jobs} (kind, payload, run_at, dedupe_key)
            select 'email.favorite_alert', r.payload, ${now.toISOString()}::timestamptz, r.dedupe_key
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(payload jsonb, dedupe_key text)
            on conflict (dedupe_key) do nothing
            returning 1
          )
          select count(*)::int as n from added
        `,
      );
      result.emails += Number(written[0]?.n ?? 0);
    }
    await options.beforeCommit?.();
    return delivered;
  });

  // Ledger rows of changes the window no longer reaches can never be matched again.
  await db.delete(favoriteAlertDeliveries).where(lte(favoriteAlertDeliveries.changedAt, since));
  return result;
}
