import { FEED_DETAIL_KEYS, type FeedProblemView, PROPERTY_LIMITS } from '@estately/domain';
import { createTranslator, translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { toReportLines } from './feed-run-view.server.ts';

// A report line's reason in the page's language (issue 42): the general reason of its code, then
// the precise one its detail names, with the bound of the field when that message names one.

function reasonOf(problem: FeedProblemView, locale: 'cs' | 'de' = 'cs'): string {
  const [line] = toReportLines(
    [{ position: 1, externalId: 'A-1', rejected: false, problems: [problem] }],
    locale,
    createTranslator(locale),
  );
  return line?.problems[0]?.reason ?? '';
}

describe('report reasons', () => {
  it('a text too long says the limit of its field in the property contract', () => {
    const reason = reasonOf({ code: 'invalid_value', field: 'description', detail: 'validation.too_long' });
    expect(reason).toBe(
      `${translate('cs', 'feeds.problem.invalid_value')} ${translate('cs', 'validation.too_long', { max: PROPERTY_LIMITS.descriptionMax })}`,
    );
    expect(reason).toContain('10');
  });

  it('a number out of range says its bound, a contact part too', () => {
    expect(
      reasonOf({ code: 'invalid_value', field: 'latitude', detail: 'validation.number_too_large' }, 'de'),
    ).toBe(
      `${translate('de', 'feeds.problem.invalid_value')} ${translate('de', 'validation.number_too_large', { max: 90 })}`,
    );
    expect(
      reasonOf({ code: 'invalid_value', field: 'floor', detail: 'validation.number_too_small' }),
    ).toContain(translate('cs', 'validation.number_too_small', { min: PROPERTY_LIMITS.floorMin }));
    expect(
      reasonOf({ code: 'invalid_value', field: 'contact.contact_name', detail: 'validation.too_long' }),
    ).toContain(translate('cs', 'validation.too_long', { max: PROPERTY_LIMITS.textMax }));
  });

  it('a bound the report does not know leaves the general reason, never a raw message', () => {
    const reason = reasonOf({ code: 'invalid_value', field: 'external_id', detail: 'validation.too_long' });
    expect(reason).toBe(translate('cs', 'feeds.problem.invalid_value'));
  });

  it('every detail key reads as words in Czech, with no placeholder left', () => {
    for (const detail of FEED_DETAIL_KEYS) {
      const reason = reasonOf({ code: 'invalid_value', field: 'price', detail });
      expect(reason, detail).not.toMatch(/[{}]|feeds\.|validation\./);
    }
    expect(reasonOf({ code: 'malformed_listing', value: '7/9', detail: 'feeds.csv.column_count' })).toBe(
      `${translate('cs', 'feeds.problem.malformed_listing')} ${translate('cs', 'feeds.csv.column_count')}`,
    );
  });
});
