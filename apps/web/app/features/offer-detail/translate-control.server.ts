import {
  type Locale,
  languageOf,
  type OfferDetail,
  OfferTranslationSchema,
  TranslationServiceSchema,
} from '@estately/domain';
import type { Translator } from '@estately/i18n';
import type { ApiClient } from '../../api/api-client.ts';
import type { DescriptionTranslationView } from './translate-control.tsx';

// The offer page's description translation (issue 39 point 17). The API says whether a machine
// translation service is configured (GET /public/translation_service); without one the page
// shows the description as written and asks for no translation. With one, and a description in
// another language than the page's, the page offers "Translate": `?translate=1` renders the
// translation (asked of offer_translation, which keeps it, so the service is asked once per
// description version and language) with the original one click away. A translation that cannot
// be had is no error: the page says so beside the original.

/** The query parameter that asks for the description in the page's language. */
export const TRANSLATE_PARAM = 'translate';

/** How long the API's answer about its translation service is reused (it changes on restart). */
const SERVICE_TTL_MS = 60_000;
/** How long an unanswered question about it counts as "none" before it is asked again. */
const SERVICE_RETRY_MS = 10_000;

const services = new Map<string, { available: boolean; until: number }>();

/** Whether the API at `apiUrl` translates descriptions by machine, asked at most once a minute. */
export async function translationServiceAvailable(
  client: ApiClient,
  apiUrl: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const now = Date.now();
  const known = services.get(apiUrl);
  if (known && known.until > now) return known.available;
  try {
    const answer = TranslationServiceSchema.parse(
      await client.get('/public/translation_service', { signal }),
    );
    services.set(apiUrl, { available: answer.available, until: now + SERVICE_TTL_MS });
    return answer.available;
  } catch {
    if (!signal?.aborted) services.set(apiUrl, { available: false, until: now + SERVICE_RETRY_MS });
    return false;
  }
}

/** The page's address with `?translate=1` set or removed, at the description. */
function hrefOf(url: URL, translate: boolean): string {
  const query = new URLSearchParams(url.search);
  if (translate) query.set(TRANSLATE_PARAM, '1');
  else query.delete(TRANSLATE_PARAM);
  const search = query.toString();
  return `${url.pathname}${search ? `?${search}` : ''}#description-heading`;
}

/** The language's name in the page's language ("čeština" on a Czech page, "Czech" in English). */
function languageName(language: string, pageLocale: Locale): string {
  try {
    return new Intl.DisplayNames([pageLocale], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/**
 * What the description's translation control needs, or null when the page shows the description
 * as it is: no description, written in the page's language, or no translation service.
 */
export async function loadDescriptionTranslation(options: {
  client: ApiClient;
  /** The API as the web server reaches it (the key of the service answer). */
  apiUrl: string;
  /** The API as browsers reach it: the control asks it directly once the page is live. */
  publicApiUrl: string;
  detail: Pick<OfferDetail, 'id' | 'locale' | 'description'>;
  locale: Locale;
  url: URL;
  t: Translator;
  signal?: AbortSignal;
}): Promise<DescriptionTranslationView | null> {
  const { client, detail, locale, url, t, signal } = options;
  if (!detail.description?.trim() || languageOf(detail.locale) === languageOf(locale)) return null;
  if (!(await translationServiceAvailable(client, options.apiUrl, signal))) return null;
  const view: DescriptionTranslationView = {
    offerId: detail.id,
    apiUrl: options.publicApiUrl,
    pageLocale: locale,
    originalLocale: detail.locale,
    translation: null,
    failed: false,
    translateHref: hrefOf(url, true),
    originalHref: hrefOf(url, false),
    texts: {
      translate: t('offer.translate'),
      showOriginal: t('offer.show_original'),
      machine: t('offer.machine_translation'),
      originalLanguage: t('offer.original_language', {
        language: languageName(languageOf(detail.locale), locale),
      }),
      unavailable: t('offer.translation_unavailable'),
    },
  };
  if (url.searchParams.get(TRANSLATE_PARAM) !== '1') return view;
  try {
    const answer = OfferTranslationSchema.parse(
      await client.get(`/public/offers/${detail.id}/offer_translation`, {
        headers: { 'accept-language': locale },
        signal,
      }),
    );
    if (answer.source !== 'original')
      view.translation = { locale: answer.locale, description: answer.description, source: answer.source };
  } catch {
    // No translation (the service failed or timed out): the original, and a word about it.
    view.failed = true;
  }
  return view;
}
