import {
  AUTH_FORM_MESSAGE_KEYS,
  type Locale,
  PASSWORD_POLICY_MESSAGE_KEYS,
  USER_FORM_MESSAGE_KEYS,
} from '@estately/domain';
import { getMessages, type MessageKey } from '@estately/i18n';
import type { ScreenMessages } from './form-ui.tsx';

/** Every key a form's field errors can carry: the contracts' keys and the summary. */
export const FORM_ERROR_KEYS: readonly MessageKey[] = [
  ...new Set<MessageKey>([
    ...(AUTH_FORM_MESSAGE_KEYS as readonly MessageKey[]),
    ...(USER_FORM_MESSAGE_KEYS as readonly MessageKey[]),
    ...(PASSWORD_POLICY_MESSAGE_KEYS as readonly MessageKey[]),
    'validation.summary',
    'validation.required',
    'validation.invalid_value',
    'validation.too_long',
    'status.too_many_requests',
    'error.generic',
    'error.network',
  ]),
];

/**
 * The raw messages a screen shows, from the catalog of its locale. The shell sends the browser
 * only its own short list (i18n/client-messages.ts); each account screen sends what it needs
 * beside its data, so form errors can be formatted in the browser before anything is sent.
 */
export function screenMessages(locale: Locale, keys: readonly MessageKey[]): ScreenMessages {
  const catalog = getMessages(locale);
  const messages: ScreenMessages = {};
  for (const key of [...FORM_ERROR_KEYS, ...keys]) messages[key] = catalog[key];
  return messages;
}
