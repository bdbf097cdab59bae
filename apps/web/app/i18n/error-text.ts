import { errorToastText } from '../api/api-error.ts';
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
    tooManyRequests: (seconds) => t('error.too_many_requests_text', { seconds }),
  });
}
