import {
  feedDetailOf,
  type PropertyFields,
  PropertyFieldsSchema,
  PUBLISH_REQUIRED_FIELDS,
  RENT_REQUIRED_FIELDS,
} from '@estately/domain';
import type { FeedItem, FeedListing, FeedPhotoSource, FeedProblem } from '../feed-listing.ts';
import { reportValue } from './feed-values.ts';

type PublishRequiredField = (typeof PUBLISH_REQUIRED_FIELDS)[number];

/**
 * Fields a listing is rejected without: what an offer is (type, price, size, place, text).
 * The other fields a published offer needs are completed by the import or only reported.
 */
export const FEED_REQUIRED_FIELDS = [
  'offer_type',
  'property_type',
  'price',
  'currency_iso_code',
  'disposition',
  'useful_area',
  'city',
  'country_code',
  'description',
] as const satisfies readonly PublishRequiredField[];

/**
 * Fields a published offer needs that the import completes when the feed lacks them:
 * coordinates from the gazetteer by the city (as the property form does), the contact from
 * the account. Every other field of PUBLISH_REQUIRED_FIELDS (and, for rent, of
 * RENT_REQUIRED_FIELDS) that is missing is reported as `missing_field` on the listing.
 */
export const FEED_COMPLETED_FIELDS = [
  'latitude',
  'longitude',
  'contact',
] as const satisfies readonly PublishRequiredField[];

const REPORTED_MISSING: readonly string[] = PUBLISH_REQUIRED_FIELDS.filter(
  (field) =>
    !(FEED_REQUIRED_FIELDS as readonly string[]).includes(field) &&
    !(FEED_COMPLETED_FIELDS as readonly string[]).includes(field),
);

/** The longest external id (the column's check). */
export const EXTERNAL_ID_MAX = 100;

/** One listing as a format reads it, before validation. */
export interface RawFeedListing {
  externalId: string | undefined;
  action: FeedListing['action'];
  /** Values by our field names, not yet validated. */
  fields: Record<string, unknown>;
  photos: FeedPhotoSource[];
  problems: FeedProblem[];
}

/** A listing read from nothing yet: no id, no fields; the formats fill it in. */
export function emptyRawListing(): RawFeedListing {
  return { externalId: undefined, action: 'upsert', fields: {}, photos: [], problems: [] };
}

const missing = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Makes a FeedItem of what a format read: the fields validated by PropertyFieldsSchema (the
 * property form's own rules), each refused value reported as `invalid_value` with its
 * validation key and left out. The listing is rejected when it has no id, when a value a
 * published offer needs was refused (a negative price, a latitude of 91), or when a field of
 * FEED_REQUIRED_FIELDS is missing. A withdrawal needs nothing but its id.
 */
export function finishFeedListing(position: number, raw: RawFeedListing): FeedItem {
  const externalId = raw.externalId?.trim();
  if (!externalId) return { kind: 'rejected', position, rejection: { problems: [{ code: 'missing_id' }] } };
  if (externalId.length > EXTERNAL_ID_MAX) {
    const problem: FeedProblem = {
      code: 'invalid_value',
      field: 'external_id',
      value: reportValue(externalId),
      detail: 'validation.too_long',
    };
    return { kind: 'rejected', position, rejection: { problems: [problem] } };
  }
  if (raw.action === 'withdraw') {
    return {
      kind: 'listing',
      position,
      listing: { externalId, action: 'withdraw', fields: {}, photos: [], problems: [] },
    };
  }

  const { fields, refused, problems: invalid } = validateFields(raw.fields);
  // A value the format itself could not read (`abc` for a price) is refused as the schema's
  // are; a list that lost only some items (one unknown room) is not.
  for (const problem of raw.problems) {
    if (problem.code === 'invalid_value' && problem.field && raw.fields[problem.field] === undefined)
      refused.add(problem.field);
  }
  const problems = [...raw.problems, ...invalid];
  const rent = fields.offer_type === 'rent';
  const publishRequired: readonly string[] = rent
    ? [...PUBLISH_REQUIRED_FIELDS, ...RENT_REQUIRED_FIELDS]
    : PUBLISH_REQUIRED_FIELDS;
  let reject = publishRequired.some((field) => refused.has(field));
  const record = fields as Record<string, unknown>;
  for (const field of FEED_REQUIRED_FIELDS) {
    if (field === 'price' && fields.price_variant === 'on_request') continue;
    if (!missing(record[field])) continue;
    reject = true;
    if (!refused.has(field)) problems.push({ code: 'missing_field', field });
  }
  const reported = rent ? [...REPORTED_MISSING, ...RENT_REQUIRED_FIELDS] : REPORTED_MISSING;
  for (const field of reported) {
    if (missing(record[field]) && !refused.has(field)) problems.push({ code: 'missing_field', field });
  }
  if (reject) return { kind: 'rejected', position, rejection: { externalId, problems } };
  return {
    kind: 'listing',
    position,
    listing: { externalId, action: 'upsert', fields, photos: raw.photos, problems },
  };
}

/**
 * Validates with the property form's schema and leaves each refused value out, until what
 * is left passes. A refused part of the contact (`contact.contact_email`) leaves the rest of
 * the contact in.
 */
function validateFields(input: Record<string, unknown>): {
  fields: PropertyFields;
  refused: Set<string>;
  problems: FeedProblem[];
} {
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  );
  const refused = new Set<string>();
  const problems: FeedProblem[] = [];
  // Each round leaves out at least one value, so the rounds end; three are plenty in practice.
  for (let round = 0; round < 50; round += 1) {
    const result = PropertyFieldsSchema.safeParse(values);
    if (result.success) return { fields: result.data, refused, problems };
    for (const issue of result.error.issues) {
      const [field, part] = issue.path.map(String);
      if (field === undefined) {
        // Only a name the schema does not know (a bug of a format's table): left out whole.
        const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.map(String) : [];
        for (const key of keys) delete values[key];
        continue;
      }
      const contact = values.contact;
      if (field === 'contact' && part !== undefined && contact && typeof contact === 'object') {
        const rest: Record<string, unknown> = { ...contact };
        problems.push(invalidValue(`contact.${part}`, rest[part], issue.message));
        delete rest[part];
        if (Object.keys(rest).length === 0) delete values.contact;
        else values.contact = rest;
        continue;
      }
      if (!(field in values)) continue;
      problems.push(invalidValue(field, values[field], issue.message));
      refused.add(field);
      delete values[field];
    }
  }
  return { fields: {}, refused, problems };
}

function invalidValue(field: string, value: unknown, message: string): FeedProblem {
  return { code: 'invalid_value', field, value: reportValue(value), detail: feedDetailOf(message) };
}

/**
 * The same external id a second time in one file: the later listing is refused, as the sync
 * could apply only one of them (the FeedProblem code `duplicate_id`).
 */
export function refuseDuplicate(item: FeedItem, seen: Set<string>): FeedItem {
  const externalId = item.kind === 'listing' ? item.listing.externalId : item.rejection.externalId;
  if (externalId === undefined) return item;
  if (!seen.has(externalId)) {
    seen.add(externalId);
    return item;
  }
  return {
    kind: 'rejected',
    position: item.position,
    rejection: { externalId, problems: [{ code: 'duplicate_id', value: reportValue(externalId) }] },
  };
}
