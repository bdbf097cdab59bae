import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OfferCard } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../app/document/csp.server.ts';
import { fetchFeaturedOffers } from '../app/features/search/home/fetch-featured-offers.server.ts';
import { seoLinks } from '../app/shell/shell-data.server.ts';
import { resolveMediaUrl, toOfferCardView } from '../app/ui/offers/offer-card-view.server.ts';
import { publicConfigOf, readWebConfig, WebConfigError } from '../app/web-config.ts';
import { offerFixture } from './fixtures/offers.ts';

describe('readWebConfig (CONVENTIONS habit 6)', () => {
  it('has defaults for a first run', () => {
    expect(readWebConfig({})).toEqual({
      port: 3000,
      apiUrl: 'http://localhost:3001',
      publicApiUrl: 'http://localhost:3001',
      publicWebUrl: null,
      maptiler: null,
      pmtiles: null,
      mediaOrigin: null,
      internalApiToken: null,
      trustProxy: false,
      metrics: null,
      accessLog: false,
    });
  });

  it('reads the environment, trimming trailing slashes', () => {
    const config = readWebConfig({
      WEB_PORT: '8080',
      API_URL: 'http://api.internal:3001/',
      PUBLIC_API_URL: 'https://api.example.com/',
      PUBLIC_WEB_URL: 'https://www.example.com',
      INTERNAL_API_TOKEN: ' shared-secret-of-the-web-tier-0123456789 ',
      WEB_TRUST_PROXY: '1',
      METRICS_PORT: '9464',
      WEB_ACCESS_LOG: 'on',
    });
    expect(config).toEqual({
      port: 8080,
      apiUrl: 'http://api.internal:3001',
      publicApiUrl: 'https://api.example.com',
      publicWebUrl: 'https://www.example.com',
      maptiler: null,
      pmtiles: null,
      mediaOrigin: null,
      internalApiToken: 'shared-secret-of-the-web-tier-0123456789',
      trustProxy: 1,
      metrics: { port: 9464, host: '127.0.0.1' },
      accessLog: true,
    });
  });

  it('lets explicit options win over the environment', () => {
    const config = readWebConfig({ API_URL: 'http://a:1' }, { port: 0, apiUrl: 'http://b:2' });
    expect(config.port).toBe(0);
    expect(config.apiUrl).toBe('http://b:2');
    expect(config.publicApiUrl).toBe('http://b:2');
  });

  it('lists every problem at once', () => {
    try {
      readWebConfig({ WEB_PORT: 'eighty', API_URL: 'not a url', PUBLIC_WEB_URL: 'ftp://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(WebConfigError);
      const problems = (error as WebConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/WEB_PORT/);
      expect(problems.join('\n')).toMatch(/API_URL/);
      expect(problems.join('\n')).toMatch(/PUBLIC_WEB_URL/);
    }
  });
});

describe('map configuration (decision 016)', () => {
  it('uses the offline basemap without a MapTiler key, and MapTiler style with one', () => {
    const offline = readWebConfig({});
    expect(publicConfigOf(offline).mapStyleUrl).toBe('/map/style.json');
    const maptiler = readWebConfig({ MAPTILER_API_KEY: 'Ab12_cd-34', MAPTILER_STYLE: 'basic-v2' });
    expect(maptiler.maptiler).toEqual({ apiKey: 'Ab12_cd-34', style: 'basic-v2' });
    expect(publicConfigOf(maptiler)).toEqual({
      apiUrl: 'http://localhost:3001',
      mapStyleUrl: 'https://api.maptiler.com/maps/basic-v2/style.json?key=Ab12_cd-34',
    });
  });

  it('rejects a key or style that could break out of the URL', () => {
    expect(() => readWebConfig({ MAPTILER_API_KEY: 'abc&x=1' })).toThrow(/MAPTILER_API_KEY/);
    expect(() => readWebConfig({ MAPTILER_API_KEY: 'abc', MAPTILER_STYLE: '../x' })).toThrow(
      /MAPTILER_STYLE/,
    );
  });

  it('knows where photos come from: the CDN of MEDIA_PUBLIC_URL, else the bucket of S3_URL', () => {
    expect(readWebConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' }).mediaOrigin).toBe(
      'https://cdn.example.com',
    );
    const s3 = 's3://KEY:se%2Fcret@s3.eu-central-1.amazonaws.com/estately-photos?region=eu-central-1';
    expect(readWebConfig({ S3_URL: s3 }).mediaOrigin).toBe(
      'https://estately-photos.s3.eu-central-1.amazonaws.com',
    );
    expect(
      readWebConfig({ S3_URL: 's3://KEY:SECRET@minio:9000/photos?forcePathStyle=true&tls=false' })
        .mediaOrigin,
    ).toBe('http://minio:9000');
    // The CDN wins over the bucket, as in the API's photo URLs.
    expect(readWebConfig({ S3_URL: s3, MEDIA_PUBLIC_URL: 'https://cdn.example.com/m' }).mediaOrigin).toBe(
      'https://cdn.example.com',
    );
    expect(() => readWebConfig({ MEDIA_PUBLIC_URL: 'cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL/);
    expect(() => readWebConfig({ S3_URL: 'https://bucket.example.com' })).toThrow(/S3_URL/);
  });

  it('lets images in from the photo host, and only from there besides our origin and the API', () => {
    const policy = contentSecurityPolicy('n0nce', 'http://api.test:3001', null, 'https://cdn.example.com');
    expect(policy).toContain("img-src 'self' data: http://api.test:3001 https://cdn.example.com;");
    expect(contentSecurityPolicy('n0nce', 'http://api.test:3001')).toContain(
      "img-src 'self' data: http://api.test:3001;",
    );
  });

  it('lets the map worker run from our origin only, and MapTiler in only when configured', () => {
    const strict = contentSecurityPolicy('n0nce', 'http://api.test:3001');
    expect(strict).toContain("worker-src 'self'");
    expect(strict).not.toMatch(/blob:|unsafe-inline|unsafe-eval|maptiler/);
    const withMaptiler = contentSecurityPolicy('n0nce', 'http://api.test:3001', 'https://api.maptiler.com');
    expect(withMaptiler).toContain("connect-src 'self' http://api.test:3001 https://api.maptiler.com");
    expect(withMaptiler).toContain("worker-src 'self'");
  });
});

describe('fetchFeaturedOffers against a real HTTP server', () => {
  let server: Server;
  let base = '';
  let mode: 'ok' | 'error' | 'garbage' | 'slow' = 'ok';
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (mode === 'error') {
        res.writeHead(503).end();
      } else if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"x"}]}');
      } else if (mode === 'slow') {
        // Never answers: the request must time out or be aborted.
      } else {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: [offerFixture()] }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks for the featured list in the requested currency', async () => {
    mode = 'ok';
    const result = await fetchFeaturedOffers({ apiUrl: base, currency: 'EUR' });
    expect(result.status).toBe('ok');
    expect(result.offers).toHaveLength(1);
    expect(seen.at(-1)).toBe('/properties?currency=EUR');
  });

  it('reports an API error as unavailable instead of throwing', async () => {
    mode = 'error';
    expect(await fetchFeaturedOffers({ apiUrl: base, currency: 'CZK' })).toEqual({
      status: 'unavailable',
      offers: [],
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    mode = 'garbage';
    expect((await fetchFeaturedOffers({ apiUrl: base, currency: 'CZK' })).status).toBe('unavailable');
  });

  it('gives up when the request is aborted', async () => {
    mode = 'slow';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await fetchFeaturedOffers({ apiUrl: base, currency: 'CZK', signal: controller.signal });
    expect(result.status).toBe('unavailable');
  });

  it('treats a closed port as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await fetchFeaturedOffers({ apiUrl: `http://127.0.0.1:${port}`, currency: 'CZK' })).status).toBe(
      'unavailable',
    );
  });
});

describe('offer card view', () => {
  it('formats a sale price for the locale', () => {
    const offer: OfferCard = { ...offerFixture(), price: 250_000, currency_iso_code: 'EUR' };
    const view = toOfferCardView(offer, 'de', 'http://api.test');
    expect(view.price).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
        250_000,
      ),
    );
    expect(view.href).toBe(`/de/property/${offer.id}`);
    expect(view.layout).toBe('3 Zimmer mit Kochnische');
    expect(view.area).toMatch(/^75\s?m²$/);
  });

  it("names the seller's type in the locale", () => {
    expect(toOfferCardView({ ...offerFixture(), seller_type: 'agency' }, 'cs', '').seller).toBe(
      'Realitní kancelář',
    );
    expect(toOfferCardView({ ...offerFixture(), seller_type: 'private' }, 'en', '').seller).toBe(
      'Private seller',
    );
  });

  it('rounds a converted price to three significant figures (issue 39 point 18, X4)', () => {
    const offer: OfferCard = { ...offerFixture(), price: 952_380.95, currency_iso_code: 'AED' };
    const view = toOfferCardView(offer, 'en-GB', '');
    expect(view.price).toBe(
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'AED', maximumFractionDigits: 0 }).format(
        952_000,
      ),
    );
  });

  it('shows rent per period and a price on request', () => {
    const rent: OfferCard = {
      ...offerFixture(),
      offer_type: 'rent',
      rent_price_period: 'month',
      price: 18_000,
      currency_iso_code: 'CZK',
    };
    expect(toOfferCardView(rent, 'en', '').price).toMatch(/per month/);
    const onRequest: OfferCard = { ...offerFixture(), price_variant: 'on_request' };
    expect(toOfferCardView(onRequest, 'en', '').price).toBe('Price on request');
  });

  it('gives the photo an address the browser can load and a describing alt text', () => {
    const view = toOfferCardView(offerFixture(), 'en', 'https://api.example.com');
    expect(view.photo?.src).toBe('https://api.example.com/media/1/card.webp');
    expect(view.photo?.alt).toContain('Apartment for sale');
    expect(view.photo?.alt).toContain('Praha');
    expect(view.photo?.width).toBeGreaterThan(0);
    expect(view.photo?.height).toBeGreaterThan(0);
    expect(resolveMediaUrl('https://cdn.example.com/a.webp', 'http://x')).toBe(
      'https://cdn.example.com/a.webp',
    );
    expect(resolveMediaUrl('media/a.webp', 'http://x')).toBe('http://x/media/a.webp');
  });
});

describe('seoLinks', () => {
  it('lists all 30 locales plus x-default, canonical on the prefixed URL', () => {
    const seo = seoLinks('/', 'de', 'https://www.example.com');
    expect(seo?.canonical).toBe('https://www.example.com/de');
    expect(seo?.alternates).toHaveLength(31);
    expect(seo?.alternates).toContainEqual({ hrefLang: 'x-default', href: 'https://www.example.com/' });
    expect(seo?.alternates).toContainEqual({ hrefLang: 'de-AT', href: 'https://www.example.com/de-AT' });
    expect(seoLinks('/ar', 'ar', 'http://h')?.canonical).toBe('http://h/ar');
  });

  it('gives none for a page that is no screen', () => {
    expect(seoLinks('/xx-unknown', 'cs', 'http://h')).toBeNull();
  });
});
