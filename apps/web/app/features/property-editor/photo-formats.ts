import {
  PROPERTY_PHOTO_FORMATS,
  PROPERTY_PHOTO_MAX_MEGABYTES,
  propertyPhotoFormatNames,
} from '@estately/domain';

// The photo formats and size as the editor names them (issue 38 defect 9): from the one list the
// API checks (PROPERTY_PHOTO_FORMATS), so the hint, the file picker and the refusal agree.

/** The file picker's `accept`: every media type of the accepted formats. */
export const PHOTO_ACCEPT = PROPERTY_PHOTO_FORMATS.flatMap((format) => format.mediaTypes).join(',');

/** `{formats}` and `{max}` of the hint and the refusals, in the page's language ("JPEG, PNG … or AVIF"). */
export function photoLimitValues(tag: string): { formats: string; max: number } {
  return {
    formats: new Intl.ListFormat(tag, { type: 'disjunction' }).format(propertyPhotoFormatNames()),
    max: PROPERTY_PHOTO_MAX_MEGABYTES,
  };
}
