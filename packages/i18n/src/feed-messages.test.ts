import {
  API_KEY_SCOPES,
  COMPANY_KINDS,
  FEED_DETAIL_KEYS,
  FEED_FILE_ERRORS,
  FEED_MESSAGE_KEYS,
  FEED_PHOTO_FAILURES,
  FEED_PROBLEM_CODES,
  FEED_RUN_STATES,
  FEED_RUN_TRIGGERS,
  LOCALES,
} from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './catalogs.ts';
import { en } from './messages/en.ts';

// Issue 42: a feed run's report is read in the account's language. Every code the feed contract
// can put in a report (a listing's problem, a photo's failure, a file's error, each reason a
// report line's detail names) and every key the feeds and partner calls emit has a message in
// all 30 locales, in the language itself.

const REPORT_KEYS = [
  ...FEED_PROBLEM_CODES.map((code) => `feeds.problem.${code}`),
  ...FEED_PHOTO_FAILURES.map((reason) => `feeds.photo.${reason}`),
  ...FEED_FILE_ERRORS.map((code) => `feeds.error.${code}`),
  ...FEED_MESSAGE_KEYS,
  ...FEED_DETAIL_KEYS,
  // The feed contract's address fields refuse with this one.
  'validation.invalid_url',
];

const SCREEN_KEYS = [
  ...FEED_RUN_STATES.map((state) => `feeds.run_state.${state}`),
  ...FEED_RUN_TRIGGERS.map((trigger) => `feeds.run_trigger.${trigger}`),
  ...API_KEY_SCOPES.map((scope) => `api_keys.scope.${scope.replace(':', '_')}`),
  'feeds.saved',
];

describe('feed reports and screens in every locale', () => {
  it('the source catalog has every code of the feed contract', () => {
    const missing = [...REPORT_KEYS, ...SCREEN_KEYS].filter((key) => !Object.hasOwn(en, key));
    expect(missing).toEqual([]);
    expect(REPORT_KEYS.length).toBe(
      FEED_PROBLEM_CODES.length +
        FEED_PHOTO_FAILURES.length +
        FEED_FILE_ERRORS.length +
        FEED_MESSAGE_KEYS.length +
        FEED_DETAIL_KEYS.length +
        1,
    );
  });

  it('the seller kinds a company may choose are labelled', () => {
    for (const kind of COMPANY_KINDS) expect(Object.hasOwn(en, `value.seller_type.${kind}`), kind).toBe(true);
  });

  it.each(LOCALES.filter((locale) => !locale.startsWith('en')))(
    '%s says each reason in its own words',
    (locale) => {
      const catalog: Readonly<Record<string, string>> = resolveCatalog(locale);
      const english: Readonly<Record<string, string>> = en;
      const untranslated = REPORT_KEYS.filter(
        (key) => !catalog[key]?.trim() || catalog[key] === english[key],
      );
      expect(untranslated).toEqual([]);
    },
  );
});
