import { LOCALES, PROPERTY_PHOTO_FORMATS, PROPERTY_PHOTO_MAX_BYTES } from '@estately/domain';
import { localeData, translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { PHOTO_ACCEPT, photoLimitValues } from './photo-formats.ts';

// Issue 38 defect 9: the upload hint and the refusal name the same formats, from the one list
// the API checks, and "too large" names the limit.

describe('photo formats and size', () => {
  it('the hint and the refusal name every accepted format in every locale', () => {
    for (const locale of LOCALES) {
      const values = photoLimitValues(localeData(locale).tag);
      const hint = translate(locale, 'editor.photos_hint', values);
      const refusal = translate(locale, 'validation.invalid_photo', values);
      for (const format of PROPERTY_PHOTO_FORMATS) {
        expect(hint, locale).toContain(format.name);
        expect(refusal, locale).toContain(format.name);
      }
    }
  });

  it('"too large" names the limit in megabytes', () => {
    const max = PROPERTY_PHOTO_MAX_BYTES / 1024 / 1024;
    for (const locale of LOCALES) {
      const values = photoLimitValues(localeData(locale).tag);
      expect(translate(locale, 'validation.photo_too_large', values), locale).toContain(String(max));
      expect(translate(locale, 'editor.photos_hint', values), locale).toContain(String(max));
    }
  });

  it('the file picker offers the media types of the same list', () => {
    expect(PHOTO_ACCEPT.split(',')).toEqual(PROPERTY_PHOTO_FORMATS.flatMap((format) => format.mediaTypes));
  });
});
