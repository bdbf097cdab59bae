// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';

/**
 * GET /public/translation_service: whether the API can translate offer descriptions by machine
 * (issue 39 point 17). Clients offer a "translate" control only when it can, and never ask
 * offer_translation for a translation that cannot exist.
 */
export const TranslationServiceSchema = z.object({
  /** A machine-translation service is configured (TRANSLATION_PROVIDER). */
  available: z.boolean(),
  /** Which: `libretranslate` or `deepl`; null when none. */
  provider: z.string().nullable(),
});
export type TranslationService = z.infer<typeof TranslationServiceSchema>;
