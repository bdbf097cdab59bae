// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { PageMetaSchema } from './search.ts';

// Read calls of the site's own content (issue 8): the three legal articles, the blog and the
// redirect resolver of spec 2's global guard. Content is stored per locale; a locale without its
// own text gets the text of its language, then English, so every locale has every page.

export const ARTICLE_KEYS = ['terms', 'cookie-policy', 'privacy-policy'] as const;
export type ArticleKey = (typeof ARTICLE_KEYS)[number];

export const ContentLocaleQuerySchema = z.object({
  locale: z.enum(LOCALES).default('cs').describe('Locale of the page asking (default cs)'),
});

export const ArticleParamsSchema = z.object({ key: z.enum(ARTICLE_KEYS) });

/** GET /content/articles/{key}: `locale` is the locale the text is written for. */
export const ArticleSchema = z.object({
  key: z.enum(ARTICLE_KEYS),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Markdown: `##` headings, paragraphs and `-` lists. */
  body: z.string(),
  updated_at: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

export const BLOG_PAGE_SIZE = 10;

export const BlogListQuerySchema = ContentLocaleQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const BlogPostSummarySchema = z.object({
  /** Translations of one post share the key. */
  key: z.string(),
  locale: z.enum(LOCALES),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string().nullable(),
  published_at: z.string(),
  cover_url: z.string().nullable(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogListResponseSchema = z.object({
  data: z.array(BlogPostSummarySchema),
  meta: PageMetaSchema,
});
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

export const BlogPostParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const BlogPostSchema = BlogPostSummarySchema.extend({
  body: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const RedirectQuerySchema = z.object({
  path: z.string().min(1).max(2000).startsWith('/').describe('Path (without query) the browser asked for'),
});

/** GET /content/redirects/resolve: 404 when the path has no redirect. */
export const RedirectSchema = z.object({
  /** A path on the site, or an absolute URL (the browser then navigates fully). */
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
});
export type Redirect = z.infer<typeof RedirectSchema>;
