// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES, type Locale } from '../locales.ts';
import { nameCharacters } from '../name-characters.ts';
import { slugify } from '../slugify.ts';
import { COMPANY_KINDS } from '../value-sets.ts';
import { pagingQuery } from './favorites.ts';
import { OfferCardSchema } from './offers.ts';
import { PageMetaSchema } from './search.ts';

// Contracts of the company profile (issue 38 point 12): a company account's public profile
// (name, logo, address, registration number, website, phone, a description per language),
// edited by the account (GET/PUT /users/me/company-profile, POST/DELETE .../logo) and shown on
// the company's page (GET /public/companies/{id}) and on its offers' seller box. Users speak
// camelCase (DESIGN 4); the offers inside the public page are the search's cards.

/** Message keys these calls emit besides the shared validation keys. */
export const COMPANY_PROFILE_MESSAGE_KEYS = [
  'company.error.registration_number',
  'company.error.website',
  'company.error.duplicate_language',
  'company.error.description_required',
  'company.error.company_only',
] as const;

/** Longest description in one language (characters). */
export const COMPANY_DESCRIPTION_MAX_LENGTH = 3000;
/** Offers a page of the company's public page lists. */
export const COMPANY_OFFERS_PAGE_SIZE = 12;
/** Largest logo upload: 5 MiB, else 413. */
export const COMPANY_LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Largest accepted logo in pixels (decompression bombs): 25 megapixels. */
export const COMPANY_LOGO_MAX_PIXELS = 25_000_000;
/** Widths of the logo variants: the page's logo and the small one of the seller box and cards. */
export const COMPANY_LOGO_SIZES = { small: 96, large: 400 } as const;
/** Logo uploads per account and hour. */
export const COMPANY_LOGO_RATE_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 } as const;

// --- registration numbers -----------------------------------------------------------------

/** Czech and Slovak IČO: 8 digits, the last a weighted mod-11 check digit. */
export function isValidIco(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(value[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(value[7]);
}

/** Polish KRS and the 9- or 14-digit REGON are too many shapes for a check digit here: 10 digits for KRS. */
const COUNTRY_PATTERNS: Readonly<Record<string, RegExp>> = {
  // Handelsregister: court register and number, e.g. "HRB 12345", "HRA 1234 B".
  DE: /^(HRA|HRB|GnR|PR|VR) ?\d{1,6}( ?[A-Z])?$/,
  // Firmenbuchnummer: "FN 123456a".
  AT: /^(FN ?)?\d{1,6} ?[a-z]$/i,
  // KRS: ten digits.
  PL: /^\d{10}$/,
};
/** Elsewhere: letters, digits, spaces, dots, dashes and slashes, with at least one digit. */
const GENERIC_REGISTRATION = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 ./-]{1,29}$/;

/**
 * The registration number as stored, or null when it is not a valid one for `countryCode`.
 * CZ and SK numbers (IČO) lose their spaces and must pass the check digit.
 */
export function normalizeRegistrationNumber(value: string, countryCode: string | null): string | null {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (countryCode === 'CZ' || countryCode === 'SK') {
    const digits = trimmed.replace(/ /g, '');
    return isValidIco(digits) ? digits : null;
  }
  const pattern = countryCode ? COUNTRY_PATTERNS[countryCode] : undefined;
  if (pattern) return pattern.test(trimmed) ? trimmed : null;
  return GENERIC_REGISTRATION.test(trimmed) ? trimmed : null;
}

/** An https address with a host name that has a dot (no http, no javascript:, no user:password@). */
export function isValidCompanyWebsite(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname.replace(/^xn--/, ''))
  );
}

// --- fields -------------------------------------------------------------------------------

function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

function optionalText(max: number, pattern?: { regex: RegExp; key: string }) {
  let text = z.string({ error: 'validation.invalid_value' }).trim().max(max, 'validation.too_long');
  if (pattern) text = text.regex(pattern.regex, pattern.key);
  return z.preprocess(blankToNull, text.nullable().optional());
}

const ZIP = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;
const PHONE = /^\+?[0-9 ().-]+$/;

const Phone = z.preprocess(
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

const Website = z.preprocess(
  blankToNull,
  z
    .string({ error: 'company.error.website' })
    .trim()
    .max(200, 'validation.too_long')
    .refine(isValidCompanyWebsite, 'company.error.website')
    .nullable()
    .optional(),
);

const CountryCode = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.trim().toUpperCase()) : value),
  z
    .string({ error: 'validation.invalid_value' })
    .regex(/^[A-Z]{2}$/, 'validation.invalid_value')
    .nullable()
    .optional(),
);

export const CompanyDescriptionSchema = z.object({
  locale: z.enum(LOCALES, { error: 'validation.invalid_value' }),
  text: z
    .string({ error: 'validation.invalid_value' })
    .trim()
    .min(1, 'company.error.description_required')
    .max(COMPANY_DESCRIPTION_MAX_LENGTH, 'validation.too_long'),
});
export type CompanyDescription = z.infer<typeof CompanyDescriptionSchema>;

// --- PUT /users/me/company-profile --------------------------------------------------------

/**
 * The whole profile (a PUT): fields left out or blank are cleared, except the name, which is
 * required. `descriptions` is ordered; the first language is the one visitors in a language
 * without a text read.
 */
export const UpdateCompanyProfileBodySchema = z
  .strictObject(
    {
      name: nameCharacters(
        z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, 'validation.required')
          .max(200, 'validation.too_long'),
      ),
      street: optionalText(200),
      city: optionalText(100),
      postcode: optionalText(10, { regex: ZIP, key: 'validation.invalid_zip' }),
      countryCode: CountryCode,
      registrationNumber: optionalText(40),
      website: Website,
      phone: Phone,
      descriptions: z
        .array(CompanyDescriptionSchema, { error: 'validation.invalid_value' })
        .max(LOCALES.length, 'validation.too_long')
        .optional(),
      /** The kind of seller the company is (its offers' seller type, issue 42); left out: unchanged. */
      companyKind: z.enum(COMPANY_KINDS, 'validation.invalid_value').optional(),
    },
    { error: 'validation.invalid_value' },
  )
  .superRefine((value, ctx) => {
    if (value.registrationNumber) {
      const normalized = normalizeRegistrationNumber(value.registrationNumber, value.countryCode ?? null);
      if (normalized === null)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationNumber'],
          message: 'company.error.registration_number',
        });
    }
    const seen = new Set<string>();
    for (const [index, description] of (value.descriptions ?? []).entries()) {
      if (seen.has(description.locale))
        ctx.addIssue({
          code: 'custom',
          path: ['descriptions', index, 'locale'],
          message: 'company.error.duplicate_language',
        });
      seen.add(description.locale);
    }
  })
  .transform((value) => ({
    name: value.name,
    street: value.street ?? null,
    city: value.city ?? null,
    postcode: value.postcode ?? null,
    countryCode: value.countryCode ?? null,
    registrationNumber: value.registrationNumber
      ? normalizeRegistrationNumber(value.registrationNumber, value.countryCode ?? null)
      : null,
    website: value.website ?? null,
    phone: value.phone ?? null,
    descriptions: value.descriptions ?? [],
    companyKind: value.companyKind,
  }));
export type UpdateCompanyProfileBody = z.output<typeof UpdateCompanyProfileBodySchema>;

export const CompanyLogoUrlsSchema = z
  .object({
    small: z.string().describe(`${COMPANY_LOGO_SIZES.small} px wide WebP`),
    large: z.string().describe(`${COMPANY_LOGO_SIZES.large} px wide WebP`),
  })
  .describe('Absolute URLs of the logo variants');
export type CompanyLogoUrls = z.infer<typeof CompanyLogoUrlsSchema>;

/** GET /users/me/company-profile: the profile as saved, or the account's defaults before the first save. */
export const CompanyProfileSchema = z.object({
  userId: z.number().int(),
  saved: z.boolean().describe('False until the first save: the fields are the account’s sign-up data'),
  name: z.string(),
  logoUrls: CompanyLogoUrlsSchema.nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  countryCode: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  descriptions: z.array(CompanyDescriptionSchema),
  /** What kind of seller the company is: its offers carry it as their seller type (issue 42). */
  companyKind: z.enum(COMPANY_KINDS),
  /** Path of the public page under a locale: `company/{id}-{slug}`. */
  pagePath: z.string(),
  updatedAt: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

// --- GET /public/companies/{id} -----------------------------------------------------------

export const PublicCompanyParamsSchema = z.object({
  id: z.string().describe('Company account id, digits only (a trailing -slug is allowed and ignored)'),
});

/** The company account id of `{id}` or `{id}-{slug}`, or null. */
export function parseCompanyId(value: string): number | null {
  const match = /^([1-9]\d{0,15})(?:-[a-z0-9-]*)?$/.exec(value);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** `{id}-{slug}` of a company page (the slug only for reading; the id decides). */
export function companySlug(id: number, name: string): string {
  const slug = slugify(name).slice(0, 60).replace(/-+$/, '');
  return slug ? `${id}-${slug}` : String(id);
}

/** The text for a visitor in `locale`: that language's, else the company's first language's. */
export function companyDescriptionFor(
  descriptions: readonly CompanyDescription[],
  locale: Locale,
): CompanyDescription | null {
  const base = locale.split('-')[0];
  return (
    descriptions.find((d) => d.locale === locale) ??
    descriptions.find((d) => d.locale.split('-')[0] === base) ??
    descriptions[0] ??
    null
  );
}

export const PublicCompanyQuerySchema = z.object({
  ...pagingQuery(COMPANY_OFFERS_PAGE_SIZE),
  currency: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional(),
    )
    .describe('Currency of the offers’ prices (default CZK)'),
});
export type PublicCompanyQuery = z.infer<typeof PublicCompanyQuerySchema>;

export const PublicCompanySchema = z.object({
  id: z.number().int(),
  slug: z.string().describe('`{id}-{slug}` of the page address'),
  name: z.string(),
  logoUrls: CompanyLogoUrlsSchema.nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  countryCode: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  descriptions: z.array(CompanyDescriptionSchema),
  memberSince: z.string().describe('ISO 8601'),
  offers: z.object({ data: z.array(OfferCardSchema), meta: PageMetaSchema }),
});
export type PublicCompany = z.infer<typeof PublicCompanySchema>;

/** The company of an offer for its seller box: name, small logo and page. */
export const OfferCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable().describe(`${COMPANY_LOGO_SIZES.small} px wide WebP`),
});
export type OfferCompany = z.infer<typeof OfferCompanySchema>;
