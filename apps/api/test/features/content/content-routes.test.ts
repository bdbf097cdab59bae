import { articles, blogPosts, redirects } from '@estately/db';
import { ArticleSchema, BlogListResponseSchema, BlogPostSchema, RedirectSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// The content read routes of issue 8: articles and blog per locale with the locale -> language
// -> English fallback, and the redirect resolver of spec 2's global guard.

let api: TestApi;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

beforeAll(async () => {
  api = await buildTestApi();
  const { db } = api;
  await db.insert(articles).values([
    { key: 'terms', locale: 'cs', slug: 'terms', title: 'Podmínky', body: '## Úvod\n\nText.' },
    { key: 'terms', locale: 'en', slug: 'terms', title: 'Terms', body: '## Intro\n\nText.' },
    { key: 'terms', locale: 'de', slug: 'terms', title: 'AGB', body: '## Einleitung\n\nText.' },
  ]);
  await db.insert(blogPosts).values([
    {
      groupKey: 'a',
      locale: 'en',
      slug: 'first-post',
      title: 'First',
      excerpt: 'e',
      body: 'Body A',
      publishedAt: day(1),
    },
    {
      groupKey: 'a',
      locale: 'cs',
      slug: 'prvni-clanek',
      title: 'První',
      excerpt: 'c',
      body: 'Tělo A',
      publishedAt: day(1),
    },
    {
      groupKey: 'b',
      locale: 'en',
      slug: 'second-post',
      title: 'Second',
      excerpt: null,
      body: 'Body B',
      publishedAt: day(5),
    },
    // Not yet published: never listed.
    {
      groupKey: 'c',
      locale: 'en',
      slug: 'draft',
      title: 'Draft',
      excerpt: null,
      body: 'x',
      publishedAt: null,
    },
    {
      groupKey: 'd',
      locale: 'en',
      slug: 'future',
      title: 'Future',
      body: 'x',
      publishedAt: new Date(Date.now() + 86_400_000),
    },
  ]);
  await db.insert(redirects).values([
    { fromPath: '/cs/nabidky', toUrl: '/cs/inzeraty', statusCode: 301 },
    { fromPath: '/en/elsewhere', toUrl: 'https://example.org/page', statusCode: 302 },
  ]);
});

afterAll(async () => {
  await api?.close();
});

describe('GET /content/articles/{key}', () => {
  it('answers the locale’s own text', async () => {
    const response = await api.app.inject({ url: '/content/articles/terms?locale=cs' });
    expect(response.statusCode).toBe(200);
    const article = ArticleSchema.parse(response.json());
    expect(article).toMatchObject({ key: 'terms', locale: 'cs', title: 'Podmínky' });
  });

  it('falls back to the language, then English', async () => {
    const deAt = ArticleSchema.parse(
      (await api.app.inject({ url: '/content/articles/terms?locale=de-AT' })).json(),
    );
    expect(deAt.locale).toBe('de');
    const ar = ArticleSchema.parse(
      (await api.app.inject({ url: '/content/articles/terms?locale=ar' })).json(),
    );
    expect(ar).toMatchObject({ locale: 'en', title: 'Terms' });
  });

  it('answers 404 for an article without any text and 422 for an unknown key or locale', async () => {
    expect((await api.app.inject({ url: '/content/articles/privacy-policy?locale=cs' })).statusCode).toBe(
      404,
    );
    expect((await api.app.inject({ url: '/content/articles/imprint?locale=cs' })).statusCode).toBe(422);
    expect((await api.app.inject({ url: '/content/articles/terms?locale=xx' })).statusCode).toBe(422);
  });
});

describe('GET /content/blog', () => {
  it('lists published posts newest first, one text per post in the best locale', async () => {
    const cs = BlogListResponseSchema.parse(
      (await api.app.inject({ url: '/content/blog?locale=cs' })).json(),
    );
    expect(cs.data.map((post) => [post.key, post.locale, post.title])).toEqual([
      ['b', 'en', 'Second'],
      ['a', 'cs', 'První'],
    ]);
    expect(cs.meta).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    const tr = BlogListResponseSchema.parse(
      (await api.app.inject({ url: '/content/blog?locale=tr' })).json(),
    );
    expect(tr.data.map((post) => post.slug)).toEqual(['second-post', 'first-post']);
  });

  it('finds a post by the slug of any translation, in the asking locale’s text', async () => {
    const response = await api.app.inject({ url: '/content/blog/first-post?locale=cs' });
    expect(response.statusCode).toBe(200);
    expect(BlogPostSchema.parse(response.json())).toMatchObject({ slug: 'prvni-clanek', body: 'Tělo A' });
    expect((await api.app.inject({ url: '/content/blog/draft?locale=en' })).statusCode).toBe(404);
    expect((await api.app.inject({ url: '/content/blog/future?locale=en' })).statusCode).toBe(404);
    expect((await api.app.inject({ url: '/content/blog/nothing?locale=en' })).statusCode).toBe(404);
  });
});

describe('GET /content/redirects/resolve', () => {
  it('answers the stored target and counts the hit', async () => {
    const response = await api.app.inject({ url: '/content/redirects/resolve?path=/cs/nabidky/' });
    expect(response.statusCode).toBe(200);
    expect(RedirectSchema.parse(response.json())).toEqual({ to: '/cs/inzeraty', status: 301 });
    const [row] = await api.db.select().from(redirects).where(eq(redirects.fromPath, '/cs/nabidky'));
    expect(row?.hits).toBe(1);
    const absolute = await api.app.inject({ url: '/content/redirects/resolve?path=/en/elsewhere' });
    expect(absolute.json()).toEqual({ to: 'https://example.org/page', status: 302 });
  });

  it('answers 404 without a redirect and 422 for a path that is no path', async () => {
    expect((await api.app.inject({ url: '/content/redirects/resolve?path=/cs' })).statusCode).toBe(404);
    expect((await api.app.inject({ url: '/content/redirects/resolve?path=cs' })).statusCode).toBe(422);
  });
});
