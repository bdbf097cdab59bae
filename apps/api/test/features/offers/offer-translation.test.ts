import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { offerDescriptionTranslations, properties, propertyTranslations } from '@estately/db';
import { OfferTranslationSchema, TranslationServiceSchema } from '@estately/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { negotiateLocale } from '../../../src/features/offers/accept-language.ts';
import {
  descriptionHash,
  getOfferTranslation,
  NOT_CONFIGURED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../../../src/features/offers/get-offer-translation.ts';
import {
  deepl,
  LIBRETRANSLATE_LANGUAGES,
  libreTranslate,
} from '../../../src/features/offers/translation-provider.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { insertFullOffer, insertUser } from '../../support/offer-fixtures.ts';

// GET /public/offers/{id}/offer_translation with Accept-Language (spec 7, spec 4, issue 4).

const DESCRIPTION = 'Světlý byt s výhledem na Vltavu.';

/** A small LibreTranslate-compatible service on a local port that records what it was asked. */
async function startTranslator(
  handler: (body: Record<string, string>) => { status: number; json?: unknown } | null,
) {
  const requests: { url: string; body: Record<string, string>; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, string>;
      requests.push({ url: request.url ?? '', body, headers: request.headers });
      const answer = handler(body);
      if (answer === null) return; // never answers: the caller's timeout must end it
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('Accept-Language negotiation', () => {
  it('picks the best supported locale by quality, exact locale before base language', () => {
    expect(negotiateLocale('de-AT,de;q=0.9,en;q=0.8')).toBe('de-AT');
    expect(negotiateLocale('de-DE,en;q=0.5')).toBe('de');
    expect(negotiateLocale('en-US;q=0.4, fr-CH;q=0.9')).toBe('fr-CH');
    expect(negotiateLocale('el')).toBe('el-GR');
    expect(negotiateLocale('ja, zh;q=0.9, *;q=0.1')).toBeNull();
    expect(negotiateLocale('fr;q=0, it')).toBe('it');
    expect(negotiateLocale(undefined)).toBeNull();
  });
});

describe('TRANSLATION_PROVIDER configuration', () => {
  it('reads LibreTranslate and DeepL settings', () => {
    expect(
      loadConfig({ TRANSLATION_PROVIDER: 'libretranslate:http://translate:5000/' }).translationProvider,
    ).toEqual({
      kind: 'libretranslate',
      url: 'http://translate:5000',
      apiKey: undefined,
    });
    expect(
      loadConfig({ TRANSLATION_PROVIDER: 'libretranslate:https://lt.example#secret-key' })
        .translationProvider,
    ).toEqual({ kind: 'libretranslate', url: 'https://lt.example', apiKey: 'secret-key' });
    expect(loadConfig({ TRANSLATION_PROVIDER: 'deepl:0123456789abcdef:fx' }).translationProvider).toEqual({
      kind: 'deepl',
      apiKey: '0123456789abcdef:fx',
    });
    expect(loadConfig({}).translationProvider).toBeUndefined();
  });

  it('rejects a malformed value without echoing it', () => {
    for (const value of ['google:abc', 'libretranslate:not a url', 'deepl:', 'libretranslate:ftp://x']) {
      let error: unknown;
      try {
        loadConfig({ TRANSLATION_PROVIDER: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRANSLATION_PROVIDER: expected libretranslate:/);
      expect(problems[0]).not.toContain(value.slice(value.indexOf(':') + 1) || '\u0000');
    }
  });
});

describe('offer_translation without a machine-translation provider', () => {
  let api: TestApi;
  let offerId = 0;
  let bareOfferId = 0;

  beforeAll(async () => {
    api = await buildTestApi();
    const ownerId = await insertUser(api.db);
    offerId = await insertFullOffer(api.db, { ownerId, locale: 'cs', description: DESCRIPTION });
    bareOfferId = await insertFullOffer(api.db, { ownerId, locale: 'cs', description: null });
    await api.db.insert(propertyTranslations).values([
      { propertyId: offerId, locale: 'en', description: 'A bright flat overlooking the Vltava.' },
      { propertyId: offerId, locale: 'de', description: 'Helle Wohnung mit Blick auf die Moldau.' },
      { propertyId: offerId, locale: 'de-AT', description: 'Helle Wohnung mit Moldaublick.' },
    ]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const translation = (id: number, language?: string) =>
    api.app.inject({
      method: 'GET',
      url: `/public/offers/${id}/offer_translation`,
      headers: language ? { 'accept-language': language } : {},
    });

  it('answers a stored translation in the requested language', async () => {
    const response = await translation(offerId, 'en-US,en;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(OfferTranslationSchema.parse(response.json())).toEqual({
      offer_id: offerId,
      locale: 'en',
      description: 'A bright flat overlooking the Vltava.',
      source: 'stored',
    });
  });

  it('prefers the exact locale, then its base language', async () => {
    expect((await translation(offerId, 'de-AT')).json().description).toBe('Helle Wohnung mit Moldaublick.');
    expect((await translation(offerId, 'de-CH')).json()).toMatchObject({ locale: 'de', source: 'stored' });
  });

  it('answers the original when the offer is written in that language', async () => {
    const response = await translation(offerId, 'cs-CZ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      offer_id: offerId,
      locale: 'cs',
      description: DESCRIPTION,
      source: 'original',
    });
  });

  it('answers English without Accept-Language', async () => {
    expect((await translation(offerId)).json()).toMatchObject({ locale: 'en', source: 'stored' });
  });

  it('answers 404 when no translation exists and none can be made', async () => {
    for (const [id, language] of [
      [offerId, 'fr'],
      [bareOfferId, 'en'],
      [bareOfferId, 'cs'],
    ] as const) {
      const response = await translation(id, language);
      expect(response.statusCode, `${id} ${language}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    // A description that exists but cannot be translated says why: nothing is configured.
    expect((await translation(offerId, 'fr')).json().message).toBe(NOT_CONFIGURED_MESSAGE);
  });

  it('says that no translation service is configured', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/public/translation_service' });
    expect(response.statusCode).toBe(200);
    expect(TranslationServiceSchema.parse(response.json())).toEqual({ available: false, provider: null });
  });
});

describe('LibreTranslate language codes', () => {
  it('maps every locale to its language, regional locales to their base language', () => {
    expect(LIBRETRANSLATE_LANGUAGES).toMatchObject({
      'en-GB': 'en',
      'de-CH': 'de',
      'de-AT': 'de',
      'el-CY': 'el',
      'el-GR': 'el',
      'sr-ME': 'sr',
      hr: 'hr',
      bs: 'bs',
      pt: 'pt',
      ar: 'ar',
      'tr-CY': 'tr',
    });
    const provider = libreTranslate('http://127.0.0.1:9');
    expect(provider.target('fr-BE')).toBe(provider.target('fr'));
  });
});

describe('offer_translation through a LibreTranslate service', () => {
  let api: TestApi;
  let translator: Awaited<ReturnType<typeof startTranslator>>;
  let offerId = 0;

  beforeAll(async () => {
    translator = await startTranslator((body) =>
      body.target === 'pl'
        ? { status: 500, json: { error: 'down' } }
        : { status: 200, json: { translatedText: `[${body.target}] ${body.q}` } },
    );
    api = await buildTestApi({ TRANSLATION_PROVIDER: `libretranslate:${translator.url}` });
    const ownerId = await insertUser(api.db);
    offerId = await insertFullOffer(api.db, { ownerId, locale: 'cs', description: DESCRIPTION });
  });
  afterAll(async () => {
    await api?.close();
    await translator?.close();
  });

  it('says which translation service is configured', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/public/translation_service' });
    expect(response.json()).toEqual({ available: true, provider: 'libretranslate' });
  });

  it('translates once, keeps the result and answers it from the database afterwards', async () => {
    const first = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${offerId}/offer_translation`,
      headers: { 'accept-language': 'it-CH' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      offer_id: offerId,
      locale: 'it-CH',
      description: `[it] ${DESCRIPTION}`,
      source: 'machine',
    });
    expect(translator.requests).toHaveLength(1);
    expect(translator.requests[0]).toMatchObject({
      url: '/translate',
      body: { q: DESCRIPTION, source: 'cs', target: 'it', format: 'text' },
    });
    const kept = await api.db
      .select({
        provider: offerDescriptionTranslations.provider,
        target: offerDescriptionTranslations.target,
        sourceHash: offerDescriptionTranslations.sourceHash,
        description: offerDescriptionTranslations.description,
      })
      .from(offerDescriptionTranslations)
      .where(eq(offerDescriptionTranslations.propertyId, offerId));
    expect(kept).toEqual([
      {
        provider: 'libretranslate',
        target: 'it',
        sourceHash: descriptionHash(DESCRIPTION),
        description: `[it] ${DESCRIPTION}`,
      },
    ]);

    // Again, and in the other locale of the same language: the kept translation, no call.
    for (const language of ['it-CH', 'it']) {
      const again = await api.app.inject({
        method: 'GET',
        url: `/public/offers/${offerId}/offer_translation`,
        headers: { 'accept-language': language },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ description: `[it] ${DESCRIPTION}`, source: 'machine' });
    }
    expect(translator.requests).toHaveLength(1);
  });

  it('translates an edited description again and drops the old translation', async () => {
    const edited = 'Světlý byt s výhledem na Vltavu a s balkonem.';
    const ask = () =>
      api.app.inject({
        method: 'GET',
        url: `/public/offers/${offerId}/offer_translation`,
        headers: { 'accept-language': 'en-GB' },
      });
    const before = translator.requests.length;
    expect((await ask()).json()).toMatchObject({ description: `[en] ${DESCRIPTION}`, source: 'machine' });
    await api.db.update(properties).set({ description: edited }).where(eq(properties.id, offerId));
    try {
      const after = await ask();
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({
        locale: 'en-GB',
        description: `[en] ${edited}`,
        source: 'machine',
      });
      expect(translator.requests.slice(before).map((request) => request.body.q)).toEqual([
        DESCRIPTION,
        edited,
      ]);
      const kept = await api.db
        .select({ sourceHash: offerDescriptionTranslations.sourceHash })
        .from(offerDescriptionTranslations)
        .where(eq(offerDescriptionTranslations.propertyId, offerId));
      expect(kept.map((row) => row.sourceHash)).toEqual([descriptionHash(edited)]);
      // Asked again: the new version's translation is kept.
      expect((await ask()).json().description).toBe(`[en] ${edited}`);
      expect(translator.requests.length - before).toBe(2);
    } finally {
      await api.db.update(properties).set({ description: DESCRIPTION }).where(eq(properties.id, offerId));
    }
  });

  it('answers 404 and stores nothing when the service fails', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/offers/${offerId}/offer_translation`,
      headers: { 'accept-language': 'pl' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: UNAVAILABLE_MESSAGE });
    const stored = await api.db
      .select()
      .from(offerDescriptionTranslations)
      .where(
        and(
          eq(offerDescriptionTranslations.propertyId, offerId),
          eq(offerDescriptionTranslations.target, 'pl'),
        ),
      );
    expect(stored).toHaveLength(0);
  });

  it('answers 404, not an error, when the service is down', async () => {
    const down = await startTranslator(() => ({ status: 200 }));
    await down.close();
    const downApi = await buildTestApi({ TRANSLATION_PROVIDER: `libretranslate:${down.url}` });
    try {
      const ownerId = await insertUser(downApi.db);
      const id = await insertFullOffer(downApi.db, { ownerId, locale: 'cs', description: DESCRIPTION });
      const response = await downApi.app.inject({
        method: 'GET',
        url: `/public/offers/${id}/offer_translation`,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: UNAVAILABLE_MESSAGE });
      // The offer itself is unaffected.
      expect((await downApi.app.inject({ method: 'GET', url: `/public/offers/${id}` })).statusCode).toBe(200);
    } finally {
      await downApi.close();
    }
  });

  it('gives up after the timeout when the service does not answer', async () => {
    const silent = await startTranslator(() => null);
    try {
      const started = Date.now();
      const attempt = getOfferTranslation({
        db: api.db,
        id: offerId,
        locale: 'fr',
        provider: libreTranslate(silent.url),
        // Long enough for the request to reach the silent service on a busy machine (at 200 ms
        // it sometimes gave up before connecting), short against the bound below.
        timeoutMs: 1_000,
      });
      await expect(attempt).rejects.toMatchObject({ code: 'not_found' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(silent.requests).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it('speaks the DeepL API with the key in the Authorization header', async () => {
    const fake = await startTranslator(() => ({
      status: 200,
      json: { translations: [{ text: 'Bright flat.' }] },
    }));
    try {
      const text = await deepl('test-key', fake.url).translate({
        text: DESCRIPTION,
        from: 'cs',
        to: 'en-GB',
        signal: AbortSignal.timeout(2_000),
      });
      expect(text).toBe('Bright flat.');
      expect(fake.requests[0]).toMatchObject({
        url: '/v2/translate',
        body: { text: [DESCRIPTION], source_lang: 'CS', target_lang: 'EN-GB' },
      });
      expect(fake.requests[0]!.headers.authorization).toBe('DeepL-Auth-Key test-key');
    } finally {
      await fake.close();
    }
  });
});
