import { DEFAULT_RETRY_WAIT_SECONDS, errorToastText } from '../api/api-error.ts';
import type { ClientMessageKey } from './client-messages.ts';
import type { MessageValues } from './format-message.ts';

// Spec 8's text of a failure in the visitor's language, for toasts in the browser and for the
// forms' answers without JavaScript: a 429 names the wait (issue 36), the status labels and the
// last resort are translated. Fetched with the first error a page shows (toast-provider.tsx).

const STATUS_KEYS: Readonly<Record<number, ClientMessageKey>> = {
  400: 'status.bad_request',
  401: 'status.unauthorized',
  403: 'status.forbidden',
  404: 'status.not_found',
  415: 'status.unsupported_media_type',
  422: 'status.validation_errors',
  429: 'status.too_many_requests',
  500: 'status.internal_error',
  503: 'status.service_unavailable',
};

/** The text of `error` through `t` (the browser's client catalog or a server translator). */
export function localizedErrorText(
  error: unknown,
  t: (key: ClientMessageKey, values?: MessageValues) => string,
): string {
  return errorToastText(error, {
    statusText: (status) => (STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : undefined),
    generic: t('error.generic'),
    tooManyRequests: (seconds) => tooManyRequestsText(t, seconds),
  });
}

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
