import { LOCALES } from '@estately/domain';
import { createTranslator, translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { clientMessages } from '../shell/shell-data.server.ts';
import { localizedErrorText, retryWait, tooManyRequestsText } from './error-text.ts';
import { createTranslate } from './i18n-context.tsx';

const limited = new ApiError({ status: 429, serverMessage: 'Too many requests', retryAfterSeconds: 7 });

describe('the text of a failure in the visitor’s language', () => {
  it('names the wait of a 429 in every locale, with the browser’s catalog as with the server’s', () => {
    for (const locale of LOCALES) {
      const expected = translate(locale, 'error.too_many_requests_text', { seconds: 7 });
      expect(expected, locale).toContain('7');
      expect(localizedErrorText(limited, createTranslator(locale)), locale).toBe(expected);
      expect(localizedErrorText(limited, createTranslate(locale, clientMessages(locale))), locale).toBe(
        expected,
      );
    }
    expect(localizedErrorText(limited, createTranslator('cs'))).toBe(
      'Příliš mnoho požadavků v krátké době. Zkuste to prosím znovu za 7 sekund.',
    );
    expect(localizedErrorText(limited, createTranslator('en'))).toBe(
      'Too many requests in a short time. Please try again in 7 seconds.',
    );
  });

  it('names a long wait in minutes or hours, as a person says it', () => {
    // A login budget is per 15 minutes: 843 seconds is "15 minutes", in the toast as on the forms.
    const afterLogins = new ApiError({ status: 429, retryAfterSeconds: 843 });
    expect(localizedErrorText(afterLogins, createTranslator('en'))).toBe(
      'Too many requests in a short time. Please try again in 15 minutes.',
    );
    expect(localizedErrorText(afterLogins, createTranslate('cs', clientMessages('cs')))).toBe(
      'Příliš mnoho požadavků v krátké době. Zkuste to prosím znovu za 15 minut.',
    );
    expect(tooManyRequestsText(createTranslator('cs'), 180)).toBe(
      'Příliš mnoho požadavků v krátké době. Zkuste to prosím znovu za 3 minuty.',
    );
    // Arabic: 15 takes the singular (many), 3 to 10 the plural (few), 2 the dual.
    expect(tooManyRequestsText(createTranslator('ar'), 843)).toBe(
      'طلبات كثيرة جدًا خلال وقت قصير. يُرجى المحاولة مرة أخرى بعد 15 دقيقة.',
    );
    expect(tooManyRequestsText(createTranslator('ar'), 300)).toBe(
      'طلبات كثيرة جدًا خلال وقت قصير. يُرجى المحاولة مرة أخرى بعد 5 دقائق.',
    );
    expect(tooManyRequestsText(createTranslator('ar'), 7200)).toBe(
      'طلبات كثيرة جدًا خلال وقت قصير. يُرجى المحاولة مرة أخرى بعد ساعتين.',
    );
    expect(tooManyRequestsText(createTranslator('pl'), 18_000)).toBe(
      'Zbyt wiele żądań w krótkim czasie. Spróbuj ponownie za 5 godzin.',
    );
    const en = createTranslator('en');
    expect(tooManyRequestsText(en, 90)).toBe(
      'Too many requests in a short time. Please try again in 90 seconds.',
    );
    expect(tooManyRequestsText(en, 7200)).toBe(
      'Too many requests in a short time. Please try again in 2 hours.',
    );
    // Without a Retry-After: a minute.
    expect(tooManyRequestsText(en, null)).toBe(
      'Too many requests in a short time. Please try again in 60 seconds.',
    );
  });

  it('picks seconds under 2 minutes, whole minutes rounded up, whole hours rounded up from 2 hours', () => {
    const cases: [number, ReturnType<typeof retryWait>][] = [
      [0, { key: 'error.too_many_requests_text', values: { seconds: 0 } }],
      [1, { key: 'error.too_many_requests_text', values: { seconds: 1 } }],
      [90, { key: 'error.too_many_requests_text', values: { seconds: 90 } }],
      [119, { key: 'error.too_many_requests_text', values: { seconds: 119 } }],
      [120, { key: 'error.too_many_requests_minutes', values: { minutes: 2 } }],
      [121, { key: 'error.too_many_requests_minutes', values: { minutes: 3 } }],
      [843, { key: 'error.too_many_requests_minutes', values: { minutes: 15 } }],
      [3600, { key: 'error.too_many_requests_minutes', values: { minutes: 60 } }],
      [7140, { key: 'error.too_many_requests_minutes', values: { minutes: 119 } }],
      // 1 h 59 min 1 s rounds up to 120 minutes: that is 2 hours.
      [7141, { key: 'error.too_many_requests_hours', values: { hours: 2 } }],
      [7200, { key: 'error.too_many_requests_hours', values: { hours: 2 } }],
      [7201, { key: 'error.too_many_requests_hours', values: { hours: 3 } }],
      [86_400, { key: 'error.too_many_requests_hours', values: { hours: 24 } }],
    ];
    for (const [seconds, expected] of cases) expect(retryWait(seconds), String(seconds)).toEqual(expected);
  });

  it('names minutes and hours in every locale, with the browser’s catalog as with the server’s', () => {
    for (const locale of LOCALES) {
      for (const [seconds, number] of [
        [843, '15'],
        [7200, '2'],
        [18_000, '5'],
      ] as const) {
        const server = tooManyRequestsText(createTranslator(locale), seconds);
        const inSeconds = translate(locale, 'error.too_many_requests_text', { seconds });
        expect(server, `${locale} ${seconds}`).not.toBe(inSeconds);
        // Arabic writes 2 as a dual word, without the digit.
        if (!(locale === 'ar' && number === '2')) expect(server, `${locale} ${seconds}`).toContain(number);
        expect(tooManyRequestsText(createTranslate(locale, clientMessages(locale)), seconds), locale).toBe(
          server,
        );
      }
      // Minutes and hours are different words.
      expect(tooManyRequestsText(createTranslator(locale), 300), locale).not.toBe(
        tooManyRequestsText(createTranslator(locale), 5 * 3600),
      );
    }
  });

  it('translates the status labels and the last resort', () => {
    const t = createTranslator('de');
    expect(localizedErrorText(new ApiError({ status: 503 }), t)).toBe(
      translate('de', 'status.service_unavailable'),
    );
    expect(localizedErrorText(new ApiError({ status: 418 }), t)).toBe(translate('de', 'error.generic'));
  });

  // Issue 37: a 415 has its own code and label, in the browser's catalog as in the server's.
  it('names a 415 as an unsupported media type in every locale', () => {
    const unsupported = new ApiError({ status: 415, code: 'unsupported_media_type' });
    for (const locale of LOCALES) {
      const expected = translate(locale, 'status.unsupported_media_type');
      expect(localizedErrorText(unsupported, createTranslator(locale)), locale).toBe(expected);
      expect(localizedErrorText(unsupported, createTranslate(locale, clientMessages(locale))), locale).toBe(
        expected,
      );
    }
    expect(localizedErrorText(unsupported, createTranslator('de'))).toBe('Nicht unterstützter Medientyp');
  });

  // Issue 39: a second report answered "This offer has already been reported by you" in English
  // to a Czech visitor. The API's message never reaches a visitor: its code is told in their language.
  it('tells a failure by its code in the visitor’s language, never by the API’s English message', () => {
    const conflict = new ApiError({
      status: 409,
      code: 'conflict',
      serverMessage: 'This offer has already been reported by you',
    });
    const down = new ApiError({ status: 500, code: 'internal_error', serverMessage: 'Favourites are down' });
    for (const locale of LOCALES) {
      for (const t of [createTranslator(locale), createTranslate(locale, clientMessages(locale))]) {
        expect(localizedErrorText(conflict, t), locale).toBe(translate(locale, 'status.conflict'));
        expect(localizedErrorText(down, t), locale).toBe(translate(locale, 'status.internal_error'));
        // A browser's own failure (a refused clipboard) is worded in English by the browser.
        expect(localizedErrorText(new Error('Write permission denied.'), t), locale).toBe(
          translate(locale, 'error.generic'),
        );
      }
    }
    expect(localizedErrorText(conflict, createTranslator('cs'))).toBe('Konflikt');
    // A text the caller chose for the failure (already in the page's language) still wins.
    expect(
      localizedErrorText(
        new ApiError({ status: 500, text: 'Profil se nepodařilo uložit' }),
        createTranslator('cs'),
      ),
    ).toBe('Profil se nepodařilo uložit');
  });
});
