import { createHash } from 'node:crypto';
import {
  type Db,
  offerDescriptionTranslations,
  offers,
  properties,
  propertyTranslations,
} from '@estately/db';
import type { Locale, OfferTranslation } from '@estately/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { languageOf } from './accept-language.ts';
import { offerNotFound } from './public-offer.ts';
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

/** The version of a description a machine translation belongs to: SHA-256 of its text, hex. */
export function descriptionHash(description: string): string {
  return createHash('sha256').update(description, 'utf8').digest('hex');
}

/** 404 when nothing can be made because no machine translation is configured (a quiet answer). */
export const NOT_CONFIGURED_MESSAGE = 'No translation is stored and machine translation is not configured';
/** 404 when the translation service failed or did not answer in time. */
export const UNAVAILABLE_MESSAGE = 'No translation is available';

/**
 * GET /public/offers/{id}/offer_translation (spec 7): the description in `locale`.
 * - the offer is written in that language: the original;
 * - a stored translation in that locale (or its base language): that one;
 * - otherwise the configured machine-translation provider: a translation of this version of the
 *   description made earlier (offer_description_translations, keyed by the description's hash
 *   and the service's language code), else a new one, bounded by a timeout and then kept, so a
 *   page view asks the service once per description version and language. Translations of an
 *   earlier version of the description are dropped when the new one is kept.
 * Anything else is 404 `not_found`, its message saying which: no description, machine
 * translation not configured (NOT_CONFIGURED_MESSAGE), or the service failed (UNAVAILABLE_MESSAGE).
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

  if (!provider) throw new AppError('not_found', { message: NOT_CONFIGURED_MESSAGE });
  const key = {
    propertyId: id,
    provider: provider.name,
    target: provider.target(locale),
    sourceHash: descriptionHash(description),
  };
  const [kept] = await db
    .select({ description: offerDescriptionTranslations.description })
    .from(offerDescriptionTranslations)
    .where(
      and(
        eq(offerDescriptionTranslations.propertyId, key.propertyId),
        eq(offerDescriptionTranslations.provider, key.provider),
        eq(offerDescriptionTranslations.target, key.target),
        eq(offerDescriptionTranslations.sourceHash, key.sourceHash),
      ),
    )
    .limit(1);
  if (kept) return { offer_id: id, locale, description: kept.description, source: 'machine' };

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
    throw new AppError('not_found', { message: UNAVAILABLE_MESSAGE });
  }
  // Another request may have kept it meanwhile: keep the first, answer ours. Translations of the
  // description's earlier versions are of no use any more.
  await db
    .insert(offerDescriptionTranslations)
    .values({ ...key, description: translated })
    .onConflictDoNothing();
  await db
    .delete(offerDescriptionTranslations)
    .where(
      and(
        eq(offerDescriptionTranslations.propertyId, id),
        ne(offerDescriptionTranslations.sourceHash, key.sourceHash),
      ),
    );
  return { offer_id: id, locale, description: translated, source: 'machine' };
}
