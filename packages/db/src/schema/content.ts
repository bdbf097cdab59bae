import { LOCALES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, tstz, updatedAt } from './common.ts';

export const ARTICLE_KEYS = ['terms', 'cookie-policy', 'privacy-policy'] as const;
export type ArticleKey = (typeof ARTICLE_KEYS)[number];

/** Legal articles per locale (spec 2 /article/terms, cookie-policy, privacy-policy). */
export const articles = pgTable(
  'articles',
  {
    id: idColumn(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('articles_locale_check', oneOf(t.locale, LOCALES)),
    uniqueIndex('articles_key_locale_unique').on(t.key, t.locale),
    uniqueIndex('articles_locale_slug_unique').on(t.locale, t.slug),
  ],
);

/** Blog posts per locale (spec 2 /blog). `groupKey` links translations of one post. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: idColumn(),
    groupKey: text('group_key').notNull(),
    locale: text('locale').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    /** Markdown. */
    body: text('body').notNull(),
    coverImageKey: text('cover_image_key'),
    publishedAt: tstz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('blog_posts_locale_check', oneOf(t.locale, LOCALES)),
    uniqueIndex('blog_posts_locale_slug_unique').on(t.locale, t.slug),
    index('blog_posts_locale_published_idx').on(t.locale, t.publishedAt.desc()),
  ],
);

/**
 * Server-side redirect rules asked by the global route guard (spec 2 "redirect resolver").
 * `toUrl` is a path or an absolute URL (absolute means a full browser navigation).
 */
export const redirects = pgTable(
  'redirects',
  {
    id: idColumn(),
    fromPath: text('from_path').notNull(),
    toUrl: text('to_url').notNull(),
    statusCode: integer('status_code').notNull().default(301),
    hits: integer('hits').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('redirects_from_path_unique').on(t.fromPath),
    check('redirects_status_code_check', oneOf(t.statusCode, [301, 302, 307, 308])),
    check('redirects_from_path_check', sql`${t.fromPath} like '/%'`),
  ],
);
