// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { PageMetaSchema } from './search.ts';

// The admins' table of stored redirects (issue 10 "redirects table"): the rules that spec 2's
// global guard follows through GET /content/redirects/resolve. Admin calls only; the same
// schemas check the web app's forms before anything is sent.

export const REDIRECT_STATUS_CODES = [301, 302, 307, 308] as const;
export type RedirectStatusCode = (typeof REDIRECT_STATUS_CODES)[number];
export const REDIRECTS_PAGE_SIZE = 25;
export const REDIRECT_URL_MAX = 2000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Keys the redirect schemas and the redirect operations emit. */
export const REDIRECT_MESSAGE_KEYS = [
  'validation.required',
  'validation.too_long',
  'validation.invalid_value',
  'redirects.invalid_from_path',
  'redirects.invalid_target',
  'redirects.from_path_taken',
  'redirects.loop',
] as const;

/**
 * The path a rule answers: a site path without query or fragment (the resolver is asked with
 * the path only), not `/` itself (home must never move away), a trailing slash dropped as the
 * resolver drops it.
 */
export const RedirectFromPathSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(REDIRECT_URL_MAX, 'validation.too_long')
  .transform((value) => (value.length > 1 ? value.replace(/\/+$/, '') : value))
  .refine(
    (value) =>
      /^\/[^/\s?#]/.test(value) && !/[\s?#]/.test(value) && !CONTROL.test(value) && !value.includes('//'),
    'redirects.invalid_from_path',
  )
  .describe('Path on this site, e.g. /cs/stara-stranka (no query, not /)');

/** Where a rule sends: a site path (the query the visitor came with is kept) or an http(s) URL. */
export const RedirectTargetSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(REDIRECT_URL_MAX, 'validation.too_long')
  .refine((value) => {
    if (/\s/.test(value) || CONTROL.test(value)) return false;
    if (value.startsWith('/')) return !value.startsWith('//');
    if (!/^https?:\/\//i.test(value)) return false;
    try {
      return Boolean(new URL(value).hostname);
    } catch {
      return false;
    }
  }, 'redirects.invalid_target')
  .describe('A path on this site (/en/listings) or an absolute http(s) URL (a full navigation)');

const StatusCodeSchema = z
  .union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)], {
    error: 'validation.invalid_value',
  })
  .describe('301 or 308 moved for good, 302 or 307 for now');

export const CreateRedirectBodySchema = z
  .object(
    {
      from_path: RedirectFromPathSchema,
      to_url: RedirectTargetSchema,
      status_code: StatusCodeSchema.default(301),
    },
    { error: 'validation.invalid_value' },
  )
  .strict();
export type CreateRedirectBody = z.infer<typeof CreateRedirectBodySchema>;

/** PATCH: any of the fields; the rule as a whole is checked again (loops, taken paths). */
export const UpdateRedirectBodySchema = z
  .object(
    {
      from_path: RedirectFromPathSchema.optional(),
      to_url: RedirectTargetSchema.optional(),
      status_code: StatusCodeSchema.optional(),
    },
    { error: 'validation.invalid_value' },
  )
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'validation.required',
    path: ['form'],
  });
export type UpdateRedirectBody = z.infer<typeof UpdateRedirectBodySchema>;

export const RedirectIdParamsSchema = z.object({ id: z.string().describe('Redirect id, digits only') });

export const RedirectsQuerySchema = z.object({
  page: z.coerce
    .number('validation.invalid_integer')
    .int('validation.invalid_integer')
    .min(1, 'validation.number_too_small')
    .default(1),
  per_page: z.coerce
    .number('validation.invalid_integer')
    .int('validation.invalid_integer')
    .min(1, 'validation.number_too_small')
    .max(100, 'validation.number_too_large')
    .default(REDIRECTS_PAGE_SIZE),
  q: z
    .string()
    .trim()
    .max(200, 'validation.too_long')
    .refine((value) => !CONTROL.test(value), 'validation.invalid_value')
    .optional()
    .describe('Part of the source path or the target to look for'),
});
export type RedirectsQuery = z.infer<typeof RedirectsQuerySchema>;

export const RedirectRuleSchema = z.object({
  id: z.number().int(),
  from_path: z.string(),
  to_url: z.string(),
  status_code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
  /** How many times the resolver followed it: rules nobody uses can go. */
  hits: z.number().int(),
  created_at: z.string(),
});
export type RedirectRule = z.infer<typeof RedirectRuleSchema>;

export const RedirectRuleListSchema = z.object({ data: z.array(RedirectRuleSchema), meta: PageMetaSchema });
export type RedirectRuleList = z.infer<typeof RedirectRuleListSchema>;
