import {
  type CreateFeedBody,
  CreateFeedBodySchema,
  FEED_LIMITS,
  type UpdateFeedBody,
  UpdateFeedBodySchema,
} from '@estately/domain';
import type { FieldErrors } from '../../ui/forms/form-errors.ts';
import { contractErrors } from './contract-errors.ts';

// The feed forms (issue 42), read the same way in the browser (before sending) and in the action:
// a new feed's fields, or a feed's changes, checked with the API's own contract. Errors are
// message keys by field with the values they name. No server-only imports: this reaches the browser.

export const FEED_FORM_FIELDS = [
  'name',
  'format',
  'source',
  'url',
  'scheduleMinutes',
  'encoding',
  'defaultLocale',
] as const;

/** A feed's edit form: the address and schedule only for a feed with an address. */
export const FEED_EDIT_FIELDS = ['name', 'url', 'scheduleMinutes', 'encoding', 'defaultLocale'] as const;

/** Intervals the schedule offers, in minutes: the contract's bounds and steps people choose. */
export const SCHEDULE_CHOICES = [15, 30, 60, 120, 360, 720, 1440, 10_080] as const;

/** Values the validation keys of these fields name (`validation.too_long` names `max`). */
export const FEED_FIELD_VALUES = {
  name: { max: 100 },
  url: { max: 2000 },
  scheduleMinutes: { min: FEED_LIMITS.scheduleMin, max: FEED_LIMITS.scheduleMax },
} as const;

interface FormLike {
  get(name: string): FormDataEntryValue | null;
}

const text = (form: FormLike, name: string) => String(form.get(name) ?? '').trim();
const orNull = (value: string) => (value === '' ? null : value);

/** The body a new feed's form makes: an upload has no address and no schedule. */
export function feedBodyOf(form: FormLike): Record<string, unknown> {
  const source = text(form, 'source');
  const body: Record<string, unknown> = {
    name: text(form, 'name'),
    format: text(form, 'format'),
    source,
    encoding: orNull(text(form, 'encoding')),
    defaultLocale: orNull(text(form, 'defaultLocale')),
  };
  if (source === 'url') {
    const url = text(form, 'url');
    if (url !== '') body.url = url;
    const minutes = text(form, 'scheduleMinutes');
    if (minutes !== '') body.scheduleMinutes = Number(minutes);
  }
  return body;
}

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** A new feed's form checked with the contract; a URL feed needs its address. */
export function checkFeedForm(form: FormLike): Checked<CreateFeedBody> {
  const raw = feedBodyOf(form);
  const result = CreateFeedBodySchema.safeParse(raw);
  const errors = result.success ? {} : contractErrors(result.error.issues, FEED_FIELD_VALUES);
  if (raw.source === 'url' && raw.url === undefined && !errors.url)
    errors.url = [{ key: 'feeds.error.url_required' }];
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: result.data };
}

/**
 * A feed's changes as its edit form sends them (PATCH /users/me/feeds/{id}): the address and
 * schedule are in the form of an address feed only, so their absence leaves them as they are.
 */
export function checkFeedEditForm(form: FormLike): Checked<UpdateFeedBody> {
  const raw: Record<string, unknown> = {
    name: text(form, 'name'),
    encoding: orNull(text(form, 'encoding')),
    defaultLocale: orNull(text(form, 'defaultLocale')),
  };
  if (form.get('url') !== null) raw.url = text(form, 'url');
  if (form.get('scheduleMinutes') !== null) raw.scheduleMinutes = Number(text(form, 'scheduleMinutes'));
  const result = UpdateFeedBodySchema.safeParse(raw);
  const errors = result.success ? {} : contractErrors(result.error.issues, FEED_FIELD_VALUES);
  if (raw.url === '') errors.url = [{ key: 'feeds.error.url_required' }];
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: result.data };
}
