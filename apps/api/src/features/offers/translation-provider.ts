import type { Locale } from '@estately/domain';
import type { TranslationProviderConfig } from '../../config.ts';
import { languageOf } from './accept-language.ts';

/**
 * Machine translation of offer descriptions (issue 4), pluggable through TRANSLATION_PROVIDER.
 * A provider answers the translated text, or throws; callers bound every call by a timeout so
 * a slow service never holds a detail page.
 */
export interface TranslationProvider {
  readonly name: string;
  /**
   * The service's code for the language a locale is translated into: locales of one language
   * share it (and so share one stored translation), unless the service tells them apart.
   */
  target(locale: Locale): string;
  translate(request: { text: string; from: Locale; to: Locale; signal: AbortSignal }): Promise<string>;
}

/**
 * LibreTranslate's language codes for the 30 locales (its /languages lists what an instance has
 * loaded). Regional locales take their language: en-GB, en-MT and en-AE `en`; de-AT, de-CH and
 * de-LU `de`; el-CY `el`; tr-CY `tr`; sr-ME `sr`. Croatian, Serbian and Bosnian keep their own
 * codes: an instance without that language answers an error and the page keeps the original.
 */
export const LIBRETRANSLATE_LANGUAGES: Readonly<Record<Locale, string>> = {
  cs: 'cs',
  sk: 'sk',
  en: 'en',
  'en-GB': 'en',
  'en-MT': 'en',
  'en-AE': 'en',
  de: 'de',
  'de-AT': 'de',
  'de-CH': 'de',
  'de-LU': 'de',
  fr: 'fr',
  'fr-CH': 'fr',
  'fr-BE': 'fr',
  it: 'it',
  'it-CH': 'it',
  es: 'es',
  pt: 'pt',
  pl: 'pl',
  nl: 'nl',
  'nl-BE': 'nl',
  ar: 'ar',
  'el-GR': 'el',
  'el-CY': 'el',
  tr: 'tr',
  'tr-CY': 'tr',
  bg: 'bg',
  hr: 'hr',
  sr: 'sr',
  'sr-ME': 'sr',
  bs: 'bs',
};

/** How long one provider call may take before the translation counts as unavailable. */
export const TRANSLATION_TIMEOUT_MS = 5_000;

export class TranslationProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TranslationProviderError';
  }
}

async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new TranslationProviderError(`translation service answered ${response.status}`);
  return response.json();
}

/** LibreTranslate (self-hostable): POST {url}/translate {q, source, target, format}. Takes language codes. */
export function libreTranslate(url: string, apiKey?: string): TranslationProvider {
  return {
    name: 'libretranslate',
    target: (locale) => LIBRETRANSLATE_LANGUAGES[locale],
    async translate({ text, from, to, signal }) {
      const body: Record<string, string> = {
        q: text,
        source: LIBRETRANSLATE_LANGUAGES[from],
        target: LIBRETRANSLATE_LANGUAGES[to],
        format: 'text',
      };
      if (apiKey) body.api_key = apiKey;
      const result = (await postJson(`${url}/translate`, body, {}, signal)) as { translatedText?: unknown };
      if (typeof result.translatedText !== 'string' || result.translatedText.trim() === '')
        throw new TranslationProviderError('translation service gave no text');
      return result.translatedText;
    },
  };
}

/** DeepL target codes where the bare language is ambiguous or deprecated. */
function deeplTarget(locale: Locale): string {
  if (locale === 'en-GB' || locale === 'en-MT') return 'EN-GB';
  if (locale.startsWith('en')) return 'EN-US';
  if (locale === 'pt') return 'PT-PT';
  return languageOf(locale).toUpperCase();
}

/** DeepL API v2; free-plan keys end in `:fx` and use the free endpoint. */
export function deepl(apiKey: string, baseUrl?: string): TranslationProvider {
  const endpoint =
    baseUrl ?? (apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
  return {
    name: 'deepl',
    target: deeplTarget,
    async translate({ text, from, to, signal }) {
      const result = (await postJson(
        `${endpoint}/v2/translate`,
        { text: [text], source_lang: languageOf(from).toUpperCase(), target_lang: deeplTarget(to) },
        { authorization: `DeepL-Auth-Key ${apiKey}` },
        signal,
      )) as { translations?: { text?: unknown }[] };
      const translated = result.translations?.[0]?.text;
      if (typeof translated !== 'string' || translated.trim() === '')
        throw new TranslationProviderError('translation service gave no text');
      return translated;
    },
  };
}

/** The provider TRANSLATION_PROVIDER names, or null when none is configured. */
export function createTranslationProvider(
  config: TranslationProviderConfig | undefined,
): TranslationProvider | null {
  if (!config) return null;
  return config.kind === 'libretranslate' ? libreTranslate(config.url, config.apiKey) : deepl(config.apiKey);
}
