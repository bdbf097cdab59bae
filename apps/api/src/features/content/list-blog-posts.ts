import { blogPosts, type Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { type BlogListResponse, type BlogPost, type Locale, pageMeta, pageOffset } from '@estately/domain';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { chainRank, contentLocaleChain } from './content-locales.ts';

type Row = typeof blogPosts.$inferSelect;

/**
 * One row per post (group key): the best text for the locale's chain. Posts are few (an
 * editorial blog), so the choice is made in memory over the chain's rows.
 */
async function bestPerPost(db: Db, locale: Locale, now: Date): Promise<Row[]> {
  const chain = contentLocaleChain(locale);
  const rows = await db
    .select()
    .from(blogPosts)
    .where(
      and(
        inArray(blogPosts.locale, chain),
        isNotNull(blogPosts.publishedAt),
        lte(blogPosts.publishedAt, now),
      ),
    );
  const best = new Map<string, Row>();
  for (const row of rows) {
    const current = best.get(row.groupKey);
    if (!current || chainRank(chain, row.locale) < chainRank(chain, current.locale))
      best.set(row.groupKey, row);
  }
  return [...best.values()].sort(
    (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id,
  );
}

function summary(row: Row, storage: MediaStorage) {
  return {
    key: row.groupKey,
    locale: row.locale as Locale,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    cover_url: row.coverImageKey ? storage.url(row.coverImageKey) : null,
  };
}

/** GET /content/blog: published posts, newest first, a page of BLOG_PAGE_SIZE. */
export async function listBlogPosts(options: {
  db: Db;
  storage: MediaStorage;
  locale: Locale;
  page: number;
  perPage: number;
  now?: Date;
}): Promise<BlogListResponse> {
  const posts = await bestPerPost(options.db, options.locale, options.now ?? new Date());
  const offset = pageOffset(options.page, options.perPage);
  return {
    data: posts.slice(offset, offset + options.perPage).map((row) => summary(row, options.storage)),
    meta: pageMeta(posts.length, options.page, options.perPage),
  };
}

/**
 * GET /content/blog/{slug}: the post with that slug in the locale's chain. A slug of another
 * translation of the post (a link shared in another language) finds the locale's own text.
 */
export async function getBlogPost(options: {
  db: Db;
  storage: MediaStorage;
  locale: Locale;
  slug: string;
  now?: Date;
}): Promise<BlogPost> {
  const [bySlug] = await options.db
    .select({ groupKey: blogPosts.groupKey })
    .from(blogPosts)
    .where(eq(blogPosts.slug, options.slug))
    .limit(1);
  if (!bySlug) throw new AppError('not_found');
  const posts = await bestPerPost(options.db, options.locale, options.now ?? new Date());
  const row = posts.find((post) => post.groupKey === bySlug.groupKey);
  if (!row) throw new AppError('not_found');
  return { ...summary(row, options.storage), body: row.body };
}
