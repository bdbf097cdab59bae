/**
 * Media keys every storage must refuse (tests): ones that would leave the storage root or the
 * bucket prefix, empty segments, and characters a URL would need escaped.
 */
export const INVALID_MEDIA_KEYS: readonly string[] = [
  '../etc/passwd',
  '/abs',
  'a/../../b',
  'a//b',
  'a/./b',
  '',
  '.',
  '..',
  'a/..',
  'a/.',
  'a/',
  'a\\b',
  'a b',
  'a?x=1',
  'a#b',
  '%2e%2e',
];
