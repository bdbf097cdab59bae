import type { FeedProblem } from '../feed-listing.ts';

/** A feed's value as a report shows it: at most 200 characters (FeedProblem.value). */
export function reportValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

const THOUSANDS_DOTS = /^-?\d{1,3}(\.\d{3}){2,}$/;

/**
 * A number as CRMs write it: `84.5`, `84,5`, `1.250,00`, `1,250.00`, `1 250 000` (spaces and
 * no-break spaces group thousands). With both `.` and `,` the last one is the decimal mark; a
 * lone `,` is one too; two or more dots group thousands (`1.250.000`). `invalid` when the text
 * is no number at all.
 */
export function parseFeedNumber(text: string): number | 'invalid' {
  let value = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (value === '') return 'invalid';
  const dot = value.lastIndexOf('.');
  const comma = value.lastIndexOf(',');
  if (dot !== -1 && comma !== -1) {
    value = dot > comma ? value.replaceAll(',', '') : value.replaceAll('.', '').replace(',', '.');
  } else if (comma !== -1) {
    value = value.split(',').length === 2 ? value.replace(',', '.') : value.replaceAll(',', '');
  } else if (THOUSANDS_DOTS.test(value)) {
    value = value.replaceAll('.', '');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return 'invalid';
  const number = Number(value);
  return Number.isFinite(number) ? number : 'invalid';
}

/** The problem of a value that is no number, reported on `field`. */
export function notANumber(field: string, text: string): FeedProblem {
  return { code: 'invalid_value', field, value: reportValue(text), detail: 'validation.invalid_number' };
}

/** The problem of a feed value without an equivalent in our value sets. */
export function unmapped(field: string, value: string): FeedProblem {
  return { code: 'unmapped_value', field, value: reportValue(value) };
}
