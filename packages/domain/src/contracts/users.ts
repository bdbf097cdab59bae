// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { nameCharacters } from '../name-characters.ts';
import { checkPassword, PASSWORD_MAX_LENGTH } from '../password-policy.ts';
import { SELLER_TYPES } from '../value-sets.ts';

// Contracts of the user calls of spec 7 "Users" (issue 5): GET /user/me, GET /public/users/{id},
// PATCH /users/me, PATCH /users/me/new_password, PATCH /users/me/change-login-email and
// POST /v1/user/save-profile-picture. Users speak camelCase (DESIGN 4). Errors are message keys
// (CONVENTIONS habit 5).

/**
 * Message keys these calls emit besides the shared validation keys and the password policy's
 * (PASSWORD_POLICY_MESSAGE_KEYS); the i18n catalogs carry one message per key.
 */
export const USER_FORM_MESSAGE_KEYS = [
  'validation.required',
  'validation.invalid_value',
  'validation.invalid_boolean',
  'validation.invalid_email',
  'validation.invalid_phone',
  'validation.invalid_zip',
  'validation.too_long',
  'validation.invalid_characters',
  'validation.current_password_wrong',
  'validation.email_taken',
  'validation.email_unchanged',
  'validation.company_only',
  'validation.file_required',
  'validation.file_too_large',
  'validation.invalid_image',
  'validation.image_too_large',
] as const;
export type UserFormMessageKey = (typeof USER_FORM_MESSAGE_KEYS)[number];

export const ACCOUNT_TYPES = ['person', 'company'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Largest profile picture upload (POST /v1/user/save-profile-picture): 10 MiB, else 413. */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest accepted picture in pixels (decompression bombs): 50 megapixels, as offer photos. */
export const PROFILE_PICTURE_MAX_PIXELS = 50_000_000;
/** Edge lengths of the square WebP variants of a profile picture. */
export const PROFILE_PICTURE_SIZES = { small: 64, medium: 256, large: 512 } as const;
export type ProfilePictureSize = keyof typeof PROFILE_PICTURE_SIZES;

/**
 * Budgets per signed-in user (issue 5 limits). Password and login e-mail changes ask for the
 * password, so their budget also bounds guessing it with a stolen access token; pictures cost
 * an image decode each. A refused request answers 429 with Retry-After in seconds.
 */
export const USER_RATE_LIMITS = {
  passwordChange: { max: 5, windowMs: 15 * 60 * 1000 },
  loginEmailChange: { max: 5, windowMs: 60 * 60 * 1000 },
  profilePicture: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;

/** Hours a login e-mail change link stays valid. */
export const CHANGE_EMAIL_TOKEN_HOURS = 24;

// --- field rules --------------------------------------------------------------------------

/** "required" when the field is missing, else `key` (wrong type). */
function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

/** An empty or blank string clears a field, like null. */
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** A text field that may be cleared: trimmed, at most `max` characters, optionally matching `pattern`. */
function clearableText(
  max: number,
  pattern?: { regex: RegExp; key: string },
  kind: 'text' | 'name' = 'text',
) {
  let text = z.string({ error: 'validation.invalid_value' }).trim().max(max, 'validation.too_long');
  if (pattern) text = text.regex(pattern.regex, pattern.key);
  if (kind === 'name') text = nameCharacters(text);
  return z.preprocess(blankToNull, text.nullable().optional());
}

/** A clearable name: the rules of clearableText and no bidirectional controls (issue 37). */
const clearableName = (max: number) => clearableText(max, undefined, 'name');

const EMAIL_MAX = 254;

function normaliseEmail(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** A required e-mail address, trimmed and lower-cased (logins are stored lower-cased). */
const Email = z.preprocess(
  normaliseEmail,
  z
    .string({ error: requiredOr('validation.invalid_email') })
    .min(1, 'validation.required')
    .max(EMAIL_MAX, 'validation.too_long')
    .pipe(z.email({ error: 'validation.invalid_email' })),
);

const ClearableEmail = z.preprocess(
  (value) => blankToNull(normaliseEmail(value)),
  z
    .string({ error: 'validation.invalid_email' })
    .max(EMAIL_MAX, 'validation.too_long')
    .pipe(z.email({ error: 'validation.invalid_email' }))
    .nullable()
    .optional(),
);

/** Digits with an optional leading +, spaces, dashes, dots and parentheses; 6 to 20 digits (as offer messages). */
const PHONE = /^\+?[0-9 ().-]+$/;
const ClearablePhone = z.preprocess(
  blankToNull,
  z
    .string({ error: 'validation.invalid_phone' })
    .trim()
    .max(30, 'validation.too_long')
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 6 && digits <= 20;
    }, 'validation.invalid_phone')
    .nullable()
    .optional(),
);

/**
 * Postal codes of the countries the product serves and beyond: 3 to 10 letters and digits with
 * inner spaces or dashes ("110 00", "00-950", "1234 AB", "SW1A 1AA", "1000-001").
 */
const ZIP = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;
/** House numbers as written across Europe: "12", "1234/5a", "12-14", "7 B". */
const STREET_NUMBERS = /^[\p{L}\p{N}][\p{L}\p{N} /.,-]*$/u;
/** Company identifiers (IČO, Handelsregister, VAT ids): letters, digits, spaces, dots, dashes, slashes. */
const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

function flag() {
  return z.boolean({ error: 'validation.invalid_boolean' }).optional();
}

// --- GET /user/me -------------------------------------------------------------------------

/** URLs of the square WebP variants of a profile picture (64, 256 and 512 pixels). */
export const ProfilePictureUrlsSchema = z
  .object({
    small: z.string().describe('64x64 WebP'),
    medium: z.string().describe('256x256 WebP'),
    large: z.string().describe('512x512 WebP'),
  })
  .describe('Absolute URLs of the square variants');
export type ProfilePictureUrls = z.infer<typeof ProfilePictureUrlsSchema>;

/**
 * The signed-in user (spec 3 User, every field) with the account settings of the account
 * screens: company details, currency, notifications. Never the password hash or token state.
 */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string().describe('Login e-mail (changes only after the new address is confirmed)'),
  contactEmail: z.string().nullable().describe('Address shown to buyers instead of the login e-mail'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  addressStreet: z.string().nullable(),
  addressStreetNumbers: z.string().nullable(),
  addressZip: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressCountryCode: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  verified: z.boolean().describe('The login e-mail was confirmed'),
  preferredLanguage: z.enum(LOCALES).describe('The locale setting (spec 4) and the language of e-mails'),
  profilePicturePath: z
    .string()
    .nullable()
    .describe('Storage key of the 512 px picture; display through profilePictureUrls'),
  profilePictureUrls: ProfilePictureUrlsSchema.nullable(),
  isAdmin: z.boolean(),
  accountType: z.enum(ACCOUNT_TYPES),
  companyName: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
  companyVatNumber: z.string().nullable(),
  countryCode: z.string().nullable().describe('Country chosen at sign-up'),
  preferredCurrency: z.enum(CURRENCIES).describe('Currency prices are shown in'),
  isSubscribedToUpdates: z.boolean().describe('Product updates (asked at sign-up)'),
  notifySavedSearches: z.boolean().describe('E-mail new matches of watch-dogs'),
  notifyMessages: z.boolean().describe('E-mail messages and leads'),
  notifyOfferUpdates: z.boolean().describe('E-mail changes of favourite offers'),
  notifyNewsletter: z.boolean().describe('Newsletter'),
  sellerId: z.number().int().nullable().describe('Seller profile the account publishes under'),
  displayName: z.string().describe('First and last name if both exist, else the e-mail (spec 3)'),
  createdAt: z.string().describe('ISO 8601'),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

// --- GET /public/users/{id} ---------------------------------------------------------------

/** `{id}` of GET /public/users/{id}: a string, so an id that cannot exist answers 404 like an unknown one. */
export const PublicUserParamsSchema = z.object({
  id: z.string().describe('User id, digits only'),
});

/** A user id in a path, or null when it cannot name a user. */
export function parseUserId(value: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A contact person the seller shows on its offers (spec 3 Contact), hence public. */
export const PublicSellerContactSchema = z.object({
  id: z.number().int(),
  contactName: z.string(),
  contactEmail: z.string().nullable(),
  contactEmailSecond: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactPhoneSecond: z.string().nullable(),
});

export const PublicSellerSchema = z.object({
  id: z.number().int(),
  sellerType: z.enum(SELLER_TYPES),
  name: z.string(),
  registrationNumber: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  countryCode: z.string().nullable(),
  rating: z.number().nullable().describe('1.0 to 5.0 (spec 5)'),
  ratingCount: z.number().int(),
  trustScore: z.number().int().describe('0 to 100 (spec 5)'),
  isVerified: z.boolean(),
  contacts: z.array(PublicSellerContactSchema).describe('Contact persons the seller publishes on its offers'),
});

/**
 * The public profile of an account that sells. Personal account data (login and contact
 * e-mail, phone, address, the account's company ids) never appears: what a seller publishes is
 * its seller profile and the contact persons it puts on its offers.
 */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  displayName: z
    .string()
    .nullable()
    .describe('Company name for companies, else first and last name; never the e-mail'),
  accountType: z.enum(ACCOUNT_TYPES),
  companyName: z.string().nullable(),
  verified: z.boolean().describe('The account confirmed its e-mail'),
  profilePictureUrls: ProfilePictureUrlsSchema.nullable(),
  memberSince: z.string().describe('ISO 8601'),
  activeOffersCount: z.number().int().describe('Public offers right now'),
  seller: PublicSellerSchema.nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

// --- PATCH /users/me ----------------------------------------------------------------------

const profileFields = {
  contactEmail: ClearableEmail,
  firstName: clearableName(100),
  lastName: clearableName(100),
  phoneNumber: ClearablePhone,
  addressStreet: clearableText(200),
  addressStreetNumbers: clearableText(20, { regex: STREET_NUMBERS, key: 'validation.invalid_value' }),
  addressZip: clearableText(10, { regex: ZIP, key: 'validation.invalid_zip' }),
  addressCity: clearableText(100),
  addressCountryCode: z.preprocess(
    (value) => (typeof value === 'string' ? blankToNull(value.trim().toUpperCase()) : value),
    z
      .string({ error: 'validation.invalid_value' })
      .regex(/^[A-Z]{2}$/, 'validation.invalid_value')
      .nullable()
      .optional(),
  ),
  preferredLanguage: z.enum(LOCALES, { error: 'validation.invalid_value' }).optional(),
  preferredCurrency: z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional(),
  isSubscribedToUpdates: flag(),
  notifySavedSearches: flag(),
  notifyMessages: flag(),
  notifyOfferUpdates: flag(),
  notifyNewsletter: flag(),
  companyName: clearableName(200),
  companyRegistrationNumber: clearableText(30, { regex: COMPANY_ID, key: 'validation.invalid_value' }),
  companyVatNumber: clearableText(30, { regex: COMPANY_ID, key: 'validation.invalid_value' }),
};

/** Fields only company accounts have; a person sending one gets `validation.company_only`. */
export const COMPANY_FIELDS = ['companyName', 'companyRegistrationNumber', 'companyVatNumber'] as const;

/**
 * A partial update: absent fields stay as they are; null or an empty string clears an optional
 * text field. Fields that cannot be edited here (email, isAdmin, verified...) are refused by
 * name rather than ignored, so a client bug shows.
 */
export const UpdateUserBodySchema = z
  .object(profileFields, { error: 'validation.invalid_value' })
  // Unknown keys pass the shape and are refused one by one below, so each is reported under its
  // own name (a strict object reports them all on the body as a whole).
  .catchall(z.unknown())
  .superRefine(
    (value, ctx) => {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(profileFields, key))
          ctx.addIssue({ code: 'custom', path: [key], message: 'validation.invalid_value' });
      }
    },
    {
      when: (payload) =>
        typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
    },
  )
  .transform((value) => {
    const known: Record<string, unknown> = {};
    for (const key of Object.keys(profileFields)) if (value[key] !== undefined) known[key] = value[key];
    return known as ProfileFields;
  })
  .meta({ additionalProperties: false });
type ProfileFields = { [K in keyof typeof profileFields]?: z.output<(typeof profileFields)[K]> };
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

// --- PATCH /users/me/new_password ---------------------------------------------------------

const Password = z
  .string({ error: requiredOr('validation.invalid_value') })
  .min(1, 'validation.required')
  // No password the policy accepts is this long, so a longer one is wrong without hashing it.
  .max(PASSWORD_MAX_LENGTH * 4, 'validation.current_password_wrong');

/**
 * The policy is checked here without the e-mail; the operation checks it again with the
 * account's e-mail (`validation.password_same_as_email`).
 */
export const ChangePasswordBodySchema = z.object(
  {
    currentPassword: Password,
    newPassword: z.string({ error: requiredOr('validation.invalid_value') }).superRefine((value, ctx) => {
      for (const message of checkPassword(value)) ctx.addIssue({ code: 'custom', message });
    }),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

// --- PATCH /users/me/change-login-email ---------------------------------------------------

export const ChangeLoginEmailBodySchema = z.object(
  {
    email: Email.describe('The new login e-mail'),
    password: Password.describe('The current password'),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type ChangeLoginEmailBody = z.infer<typeof ChangeLoginEmailBodySchema>;

export const ChangeLoginEmailResponseSchema = z.object({
  pendingEmail: z.string().describe('The address the confirmation link was sent to'),
  expiresAt: z.string().describe('ISO 8601; the link stops working then'),
});
export type ChangeLoginEmailResponse = z.infer<typeof ChangeLoginEmailResponseSchema>;

// --- POST /v1/user/save-profile-picture ---------------------------------------------------

/** Documents the multipart body; the route reads the stream itself (size limit, content check). */
export const ProfilePictureBodySchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('The picture: JPEG, PNG, WebP, AVIF, GIF or TIFF'),
});
