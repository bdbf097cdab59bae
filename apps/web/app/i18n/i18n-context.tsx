import type { Locale } from '@estately/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ClientMessageKey, ClientMessages } from './client-messages.ts';
import { compileMessage, type MessageValues } from './format-message.ts';

// Translation in components. The catalogs of @estately/i18n hold every locale, far too much for
// the browser, so the root loader sends the messages of the request's locale that the UI uses
// (client-messages.ts) and components format them here (format-message.ts: the ICU subset the
// catalogs use, checked against the server's ICU engine by its test).

export type { MessageValues };
export type Translate = (key: ClientMessageKey, values?: MessageValues) => string;

export interface I18n {
  locale: Locale;
  /** BCP-47 tag for Intl. */
  tag: string;
  dir: 'ltr' | 'rtl';
  t: Translate;
}

/**
 * Spec 2 and 8 give English defaults for the error page. They are used only when the root loader
 * itself failed and no catalog reached the page.
 */
const ENGLISH_DEFAULTS: Partial<Record<ClientMessageKey, string>> = {
  'meta.site_name': 'Estately',
  'nav.skip_to_content': 'Skip to content',
  'error.not_found_title': 'Page Not Found',
  'error.server_error_title': 'Internal Server Error',
  'error.page_not_found_path': 'Page Not Found: {path}',
  'error.not_found_text': 'The page you are looking for does not exist or has been moved.',
  'error.server_error_text': 'Something went wrong on our side. Please try again in a moment.',
  'status.too_many_requests': 'Too Many Requests',
  'error.too_many_requests_text':
    '{seconds, plural, one {Too many requests in a short time. Please try again in # second.} other {Too many requests in a short time. Please try again in # seconds.}}',
  'error.too_many_requests_minutes':
    '{minutes, plural, one {Too many requests in a short time. Please try again in # minute.} other {Too many requests in a short time. Please try again in # minutes.}}',
  'error.too_many_requests_hours':
    '{hours, plural, one {Too many requests in a short time. Please try again in # hour.} other {Too many requests in a short time. Please try again in # hours.}}',
  'status.service_unavailable': 'Service Unavailable',
  'error.unavailable_text': 'The service is temporarily unavailable. Please try again in a few seconds.',
  'error.generic': 'An error occurred',
  'error.back_home': 'Back to home',
};

// Compiled messages by locale tag and text, kept for the process: a compiled plural holds its
// Intl.PluralRules and Intl.NumberFormat, which cost more to create than a page's whole text,
// so a server render must not make them again for every request.
// Keyed by tag, then by the text itself (not a key joining the two, which would be a new string
// to hash on every call: a page translates some 150 times).
const compiled = new Map<string, Map<string, (values?: MessageValues) => string>>();

export function createTranslate(tag: string, messages: ClientMessages): Translate {
  let ofTag = compiled.get(tag);
  if (!ofTag) {
    ofTag = new Map();
    compiled.set(tag, ofTag);
  }
  const formats = ofTag;
  return (key, values) => {
    const message = messages[key] ?? ENGLISH_DEFAULTS[key];
    if (message === undefined) return key;
    try {
      let format = formats.get(message);
      if (!format) {
        format = compileMessage(message, tag);
        formats.set(message, format);
      }
      return format(values);
    } catch {
      // A broken message or a missing value must not break the page.
      return message;
    }
  };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: {
  locale: Locale;
  tag: string;
  dir: 'ltr' | 'rtl';
  messages: ClientMessages;
  children?: ReactNode;
}) {
  const { locale, tag, dir, messages } = props;
  const value = useMemo<I18n>(
    () => ({ locale, tag, dir, t: createTranslate(tag, messages) }),
    [locale, tag, dir, messages],
  );
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside of I18nProvider');
  return i18n;
}
