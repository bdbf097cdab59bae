import { ApiError, errorToastText } from '../api/api-error.ts';
import type { ClientMessageKey } from './client-messages.ts';
import type { MessageValues } from './format-message.ts';
import { tooManyRequestsText } from './retry-wait.ts';

export { type RetryWait, retryWait, tooManyRequestsText } from './retry-wait.ts';

// Spec 8's text of a failure in the visitor's language (never the API's English message), for toasts in the browser and for the
// forms' answers without JavaScript: a 429 names the wait (issue 36), the status labels and the
// last resort are translated. Fetched with the first error a page shows (toast-provider.tsx).

const STATUS_KEYS: Readonly<Record<number, ClientMessageKey>> = {
  400: 'status.bad_request',
  401: 'status.unauthorized',
  403: 'status.forbidden',
  404: 'status.not_found',
  409: 'status.conflict',
  410: 'status.gone',
  412: 'status.precondition_failed',
  415: 'status.unsupported_media_type',
  422: 'status.validation_errors',
  429: 'status.too_many_requests',
  500: 'status.internal_error',
  503: 'status.service_unavailable',
};

/**
 * The API's error codes (apps/api/src/lib/app-error.ts) and their texts: a failure is told by its
 * code, else its status, never by the API's own (English) message (issue 39).
 */
const CODE_KEYS: Readonly<Record<string, ClientMessageKey>> = {
  bad_request: 'status.bad_request',
  unauthorized: 'status.unauthorized',
  forbidden: 'status.forbidden',
  not_found: 'status.not_found',
  gone: 'status.gone',
  conflict: 'status.conflict',
  precondition_failed: 'status.precondition_failed',
  unsupported_media_type: 'status.unsupported_media_type',
  validation_errors: 'status.validation_errors',
  too_many_requests: 'status.too_many_requests',
  internal_error: 'status.internal_error',
  service_unavailable: 'status.service_unavailable',
};

/** The text of `error` through `t` (the browser's client catalog or a server translator). */
export function localizedErrorText(
  error: unknown,
  t: (key: ClientMessageKey, values?: MessageValues) => string,
): string {
  // A browser's own failure (a refused clipboard, a module that did not load) is worded in the
  // browser's English: the visitor reads the generic text in their language instead.
  if (!(error instanceof ApiError)) return t('error.generic');
  const codeKey = error.code ? CODE_KEYS[error.code] : undefined;
  return errorToastText(error, {
    statusText: (status) => {
      const key = codeKey ?? STATUS_KEYS[status];
      return key ? t(key) : undefined;
    },
    generic: t('error.generic'),
    tooManyRequests: (seconds) => tooManyRequestsText(t, seconds),
    // The API's message is English: a visitor reads the status's label in their language instead.
    serverMessage: false,
  });
}
