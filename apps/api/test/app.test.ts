import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../src/lib/version.ts';
import { buildTestApi, type TestApi } from './support/helpers.ts';

describe('API shell: health, docs, errors, security headers, media', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await buildTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('GET /health answers ok with the database up', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    // buildTestApi starts no background load: the index fills on first use.
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: API_VERSION,
      searchIndex: 'cold',
    });
  });

  it('GET /health reports the search index as ready once it has loaded', async () => {
    await api.app.facetIndex.warm(api.app.readDb);
    const response = await api.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok', searchIndex: 'ready' });
  });

  it('serves a valid OpenAPI 3.1 document at /docs/json listing /health and /properties', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/properties']));
    // The UI's own routes are not part of the API description.
    expect(Object.keys(document.paths).some((p) => p.startsWith('/docs'))).toBe(false);

    const featured = document.paths['/properties'].get;
    expect(featured.tags).toEqual(['properties']);
    expect(featured.summary).toBe('Featured offers');
    const currency = featured.parameters.find((p: { name: string }) => p.name === 'currency');
    expect(currency).toMatchObject({ in: 'query', required: false });
    expect(currency.schema.enum).toContain('EUR');
    const ok = featured.responses['200'].content['application/json'].schema;
    expect(ok.properties.data.type).toBe('array');
    expect(featured.responses['422']).toBeDefined();

    expect(document.paths['/health'].get.responses['503']).toBeDefined();
  });

  it('declares every tag it uses and marks the routes that need a bearer token', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const declared = new Set(document.tags.map((tag: { name: string }) => tag.name));
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item as object),
    ) as Array<{
      tags?: string[];
      security?: unknown;
    }>;
    const undeclared = operations.flatMap((op) => op.tags ?? []).filter((tag) => !declared.has(tag));
    expect(undeclared).toEqual([]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/user/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/user/favorite_offers/ids'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/public/offers'].get.security).toBeUndefined();
    expect(document.paths['/auth/login'].post.security).toBeUndefined();
  });

  it('serves the interactive docs at /docs with a policy that lets the page run', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers an unknown route with 404 and the error body of spec 8', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'not_found', message: 'Not Found' });
  });

  it('sends strict security headers on API responses', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS for the web origin only', async () => {
    const preflight = (origin: string) =>
      api.app.inject({
        method: 'OPTIONS',
        url: '/properties',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const denied = await preflight('https://evil.example');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves media files with long-lived cache headers, embeddable cross-origin', async () => {
    const dir = path.join(api.config.mediaDir, 'photos', 'ab');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'card.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    const response = await api.app.inject({ method: 'GET', url: '/media/photos/ab/card.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toBe('RIFF0000WEBPVP8 ');
  });

  it('answers a missing media file or a path escaping the media folder with a JSON 404', async () => {
    writeFileSync(path.join(api.config.dataDir, 'secret.txt'), 'do not serve');
    for (const url of ['/media/photos/none.webp', '/media/../secret.txt', '/media/%2e%2e/secret.txt']) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('do not serve');
    }
    const missing = await api.app.inject({ method: 'GET', url: '/media/photos/none.webp' });
    expect(missing.json()).toEqual({ code: 'not_found', message: 'Not Found' });
  });
});

describe('GET /health with the database down', () => {
  it('answers 503 and says the database is down', async () => {
    const api = await buildTestApi();
    try {
      await api.database.cleanup();
      const response = await api.app.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'down',
        version: API_VERSION,
        searchIndex: 'cold',
      });
    } finally {
      await api.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with the error body once a client exceeds its budget', async () => {
    const api = await buildTestApi({ RATE_LIMIT_MAX: '2' });
    try {
      const statuses: number[] = [];
      let last = await api.app.inject({ method: 'GET', url: '/properties' });
      statuses.push(last.statusCode);
      for (let i = 0; i < 2; i++) {
        last = await api.app.inject({ method: 'GET', url: '/properties' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last.json()).toEqual({ code: 'too_many_requests', message: 'Too Many Requests' });
      // Health probes are never throttled.
      expect((await api.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });
});
