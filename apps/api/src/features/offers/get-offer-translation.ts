import { type Db, offers, properties, propertyTranslations } from '@estately/db';
import type { Locale, OfferTranslation } from '@estately/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { languageOf } from './accept-language.ts';
import { isPublicProperty, offerNotFound } from './public-offer.ts';
import { TRANSLATION_TIMEOUT_MS, type TranslationProvider } from './translation-provider.ts';

export interface GetOfferTranslationOptions {
  db: Db;
  id: number;
  /** The locale Accept-Language asked for. */
  locale: Locale;
  provider: TranslationProvider | null;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

/**
 * GET /public/offers/{id}/offer_translation (spec 7): the description in `locale`.
 * - the offer is written in that language: the original;
 * - a stored translation in that locale (or its base language): that one;
 * - otherwise the configured machine-translation provider, bounded by a timeout; its answer is
 *   stored in property_translations, so the service is asked once per offer and locale.
 * Anything else (no description, no provider, provider failed) is not_found: the client then
 * falls back to English (spec 4).
 */
export async function getOfferTranslation(options: GetOfferTranslationOptions): Promise<OfferTranslation> {
  const { db, id, locale, provider, timeoutMs = TRANSLATION_TIMEOUT_MS } = options;
  const [offer] = await db
    .select({ description: properties.description, locale: properties.locale })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.id))
    .where(and(eq(offers.id, id), isPublicProperty()))
    .limit(1);
  if (!offer) throw offerNotFound();
  const description = offer.description?.trim() ? offer.description : null;
  if (!description) throw offerNotFound();
  const original = offer.locale as Locale;

  if (languageOf(original) === languageOf(locale))
    return { offer_id: id, locale: original, description, source: 'original' };

  const candidates = [...new Set([locale, languageOf(locale)])];
  const stored = await db
    .select({ locale: propertyTranslations.locale, description: propertyTranslations.description })
    .from(propertyTranslations)
    .where(and(eq(propertyTranslations.propertyId, id), inArray(propertyTranslations.locale, candidates)));
  // The exact locale before its base language (en-GB before en).
  const best = stored.find((row) => row.locale === locale) ?? stored[0];
  if (best)
    return { offer_id: id, locale: best.locale as Locale, description: best.description, source: 'stored' };

  if (!provider) throw offerNotFound();
  let translated: string;
  try {
    translated = await provider.translate({
      text: description,
      from: original,
      to: locale,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    options.log?.warn(
      { err: error, provider: provider.name, offerId: id, locale },
      'machine translation failed',
    );
    throw offerNotFound();
  }
  // Another request may have stored it meanwhile: keep the first, answer ours.
  await db
    .insert(propertyTranslations)
    .values({ propertyId: id, locale, description: translated })
    .onConflictDoNothing({ target: [propertyTranslations.propertyId, propertyTranslations.locale] });
  return { offer_id: id, locale, description: translated, source: 'machine' };
}
