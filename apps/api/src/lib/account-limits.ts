import { PROPERTY_LIMITS, PROPERTY_PHOTO_MAX_BYTES, PROPERTY_PHOTOS_CEILING } from '@estately/domain';
import { z } from 'zod';

// How much one account may store and send (issue 37 point 5, docs/decisions/020's addendum and
// 041's budgets): counts checked when something is added (422 with a message key, nothing
// stored) and per-period budgets through the one rate limiter (429 with Retry-After). Every
// value comes from the environment, validated at boot with the rest of config.ts; the defaults
// suit a real portal, where a private seller has a handful of properties and an agency
// hundreds to a few thousand, each with its photos.

export type AccountType = 'person' | 'company';

/** A count or budget per kind of account. */
export interface PerAccountType {
  person: number;
  company: number;
}

export interface AccountLimits {
  /** Properties an account holds in every state, drafts and archived ones included. */
  properties: PerAccountType;
  /** Photos of one property. */
  photosPerProperty: number;
  /** Photos of all the account's properties together. */
  photos: PerAccountType;
  /** Bytes of property photos an account uploads within any hour (counted in whole MiB). */
  uploadBytesPerHour: PerAccountType;
  /** Messages to sellers within any 24 hours, per sender (the account, a guest by address). */
  messagesPerDay: number;
  /** Offer reports within any 24 hours, per reporter (the account, a guest by address). */
  reportsPerDay: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  properties: { person: 50, company: 5_000 },
  photosPerProperty: PROPERTY_LIMITS.photosMax,
  photos: { person: 1_000, company: 100_000 },
  uploadBytesPerHour: { person: 1024 * 1024 * 1024, company: 10 * 1024 * 1024 * 1024 },
  messagesPerDay: 50,
  reportsPerDay: 20,
};

const MIB = 1024 * 1024;

// An hour's upload budget holds at least one photo of the largest size.
const UPLOAD_MIB_MIN = Math.ceil(PROPERTY_PHOTO_MAX_BYTES / MIB);

const whole = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `expected a whole number of ${what} (${min}..${max})`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `expected a whole number of ${what} (${min}..${max})`);

/**
 * The variables of the account limits, merged into config.ts's schema (README's configuration
 * table lists them). Each has its default above; 0 is refused, as it would lock every account out.
 */
export const ACCOUNT_LIMIT_VARIABLES = {
  ACCOUNT_MAX_PROPERTIES: whole('properties', 1, 1_000_000).default(DEFAULT_ACCOUNT_LIMITS.properties.person),
  COMPANY_MAX_PROPERTIES: whole('properties', 1, 1_000_000).default(
    DEFAULT_ACCOUNT_LIMITS.properties.company,
  ),
  PROPERTY_MAX_PHOTOS: whole('photos', 1, PROPERTY_PHOTOS_CEILING).default(
    DEFAULT_ACCOUNT_LIMITS.photosPerProperty,
  ),
  ACCOUNT_MAX_PHOTOS: whole('photos', 1, 100_000_000).default(DEFAULT_ACCOUNT_LIMITS.photos.person),
  COMPANY_MAX_PHOTOS: whole('photos', 1, 100_000_000).default(DEFAULT_ACCOUNT_LIMITS.photos.company),
  ACCOUNT_UPLOAD_MB_PER_HOUR: whole('MiB', UPLOAD_MIB_MIN, 1_000_000).default(
    DEFAULT_ACCOUNT_LIMITS.uploadBytesPerHour.person / MIB,
  ),
  COMPANY_UPLOAD_MB_PER_HOUR: whole('MiB', UPLOAD_MIB_MIN, 1_000_000).default(
    DEFAULT_ACCOUNT_LIMITS.uploadBytesPerHour.company / MIB,
  ),
  MESSAGES_PER_DAY: whole('messages', 1, 100_000).default(DEFAULT_ACCOUNT_LIMITS.messagesPerDay),
  REPORTS_PER_DAY: whole('reports', 1, 100_000).default(DEFAULT_ACCOUNT_LIMITS.reportsPerDay),
};

type AccountLimitValues = { [K in keyof typeof ACCOUNT_LIMIT_VARIABLES]: number };

/** The limits from the parsed variables. */
export function accountLimitsOf(values: AccountLimitValues): AccountLimits {
  return {
    properties: { person: values.ACCOUNT_MAX_PROPERTIES, company: values.COMPANY_MAX_PROPERTIES },
    photosPerProperty: values.PROPERTY_MAX_PHOTOS,
    photos: { person: values.ACCOUNT_MAX_PHOTOS, company: values.COMPANY_MAX_PHOTOS },
    uploadBytesPerHour: {
      person: values.ACCOUNT_UPLOAD_MB_PER_HOUR * MIB,
      company: values.COMPANY_UPLOAD_MB_PER_HOUR * MIB,
    },
    messagesPerDay: values.MESSAGES_PER_DAY,
    reportsPerDay: values.REPORTS_PER_DAY,
  };
}

/** The value of `limit` for an account of `accountType` (an unknown type counts as a person). */
export function limitFor(limit: PerAccountType, accountType: string | null | undefined): number {
  return accountType === 'company' ? limit.company : limit.person;
}

/** The upload budget is counted in whole MiB, rounded up (the limiter counts hits). */
export const UPLOAD_BUDGET_UNIT_BYTES = MIB;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
