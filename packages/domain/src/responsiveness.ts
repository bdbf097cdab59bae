// Seller responsiveness (issue 43 point 5, docs/decisions/065): what the reply figures count and
// how they read. The API writes them on the seller's account when a conversation is first
// answered and in a daily roll-up; offers and the seller page show them as stored.

/** Conversations started in this many days count. */
export const REPLY_WINDOW_DAYS = 90;
/**
 * An unanswered conversation counts only from this many hours old: a message of this morning
 * is not yet a message the seller failed to answer.
 */
export const REPLY_GRACE_HOURS = 48;
/** The figures are shown from this many counted conversations (fewer say too little). */
export const REPLY_MIN_THREADS = 3;

/** What the reply figures' statement counts for one seller. */
export interface ReplyCounts {
  /** Conversations counted (started in the window; answered, or older than the grace). */
  threads: number;
  /** Of them, answered by the seller in the product. */
  replied: number;
  /** Median seconds from the buyer's first message to the seller's first answer; null without answers. */
  medianSeconds: number | null;
}

/** The figures stored on the seller's account (users.reply_*). */
export interface ReplyFigures {
  threads: number;
  /** Whole percent answered; null below REPLY_MIN_THREADS. */
  ratePercent: number | null;
  /** Median time to the first answer in whole minutes (at least 1); null below REPLY_MIN_THREADS or without answers. */
  medianMinutes: number | null;
}

export function replyFigures(counts: ReplyCounts): ReplyFigures {
  const threads = Math.max(0, Math.trunc(counts.threads));
  if (threads < REPLY_MIN_THREADS) return { threads, ratePercent: null, medianMinutes: null };
  const replied = Math.min(threads, Math.max(0, Math.trunc(counts.replied)));
  return {
    threads,
    ratePercent: Math.round((replied / threads) * 100),
    medianMinutes:
      replied === 0 || counts.medianSeconds === null
        ? null
        : Math.max(1, Math.round(counts.medianSeconds / 60)),
  };
}

/** A reply time as the unit a person reads it in: minutes under an hour, hours under two days, else days. */
export function replyTimeUnit(minutes: number): { unit: 'minute' | 'hour' | 'day'; value: number } {
  if (minutes < 60) return { unit: 'minute', value: Math.max(1, Math.round(minutes)) };
  if (minutes < 48 * 60) return { unit: 'hour', value: Math.round(minutes / 60) };
  return { unit: 'day', value: Math.round(minutes / (24 * 60)) };
}
