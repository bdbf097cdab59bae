import { DEFAULT_RETRY_WAIT_SECONDS } from '../api/retry-default.ts';
import type { ClientMessageKey } from './client-messages.ts';
import type { MessageValues } from './format-message.ts';

// A 429's wait in words, apart from error-text.ts: the error page (in every page's first load)
// needs only this, and error-text.ts's code and status tables are fetched with a page's first
// error toast (toasts/toast-provider.tsx), not with the shell.

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The message and the number that name a wait of a 429 the way a person says it. */
export type RetryWait =
  | { key: 'error.too_many_requests_text'; values: { seconds: number } }
  | { key: 'error.too_many_requests_minutes'; values: { minutes: number } }
  | { key: 'error.too_many_requests_hours'; values: { hours: number } };

/**
 * A login budget is per 15 minutes and a sign-up's per hour, so a Retry-After can be 843: nobody
 * says "843 seconds". Under 2 minutes the seconds, then whole minutes, from 2 hours whole hours,
 * each rounded up (waiting a little longer than asked works; a little less is refused again).
 * The unit is chosen by the rounded number, so 7,150 seconds read "2 hours", not "120 minutes".
 */
export function retryWait(seconds: number): RetryWait {
  const wait = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : DEFAULT_RETRY_WAIT_SECONDS;
  if (wait < 2 * MINUTE) return { key: 'error.too_many_requests_text', values: { seconds: wait } };
  const minutes = Math.ceil(wait / MINUTE);
  if (minutes * MINUTE < 2 * HOUR) return { key: 'error.too_many_requests_minutes', values: { minutes } };
  return { key: 'error.too_many_requests_hours', values: { hours: Math.ceil(wait / HOUR) } };
}

/**
 * "Too many requests, try again in …" for a 429 through `t`: every page, form and toast that
 * names the wait says it with this. `seconds` is the API's Retry-After; without one, a minute.
 */
export function tooManyRequestsText(
  t: (key: ClientMessageKey, values?: MessageValues) => string,
  seconds: number | null,
): string {
  const { key, values } = retryWait(seconds ?? DEFAULT_RETRY_WAIT_SECONDS);
  return t(key, values);
}
