import { LOCALES } from '@estately/domain';
import { createTranslator, translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { clientMessages } from '../shell/shell-data.server.ts';
import { localizedErrorText } from './error-text.ts';
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

  it('translates the status labels and the last resort', () => {
    const t = createTranslator('de');
    expect(localizedErrorText(new ApiError({ status: 503 }), t)).toBe(
      translate('de', 'status.service_unavailable'),
    );
    expect(localizedErrorText(new ApiError({ status: 418 }), t)).toBe(translate('de', 'error.generic'));
  });
});
