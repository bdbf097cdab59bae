import { articles, type Db } from '@estately/db';
import type { Article, ArticleKey, Locale } from '@estately/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { chainRank, contentLocaleChain } from './content-locales.ts';

/** GET /content/articles/{key}: the article in the locale, else its language, else English. */
export async function getArticle(options: { db: Db; key: ArticleKey; locale: Locale }): Promise<Article> {
  const chain = contentLocaleChain(options.locale);
  const rows = await options.db
    .select()
    .from(articles)
    .where(and(eq(articles.key, options.key), inArray(articles.locale, chain)));
  const best = rows.sort((a, b) => chainRank(chain, a.locale) - chainRank(chain, b.locale))[0];
  if (!best) throw new AppError('not_found');
  return {
    key: options.key,
    locale: best.locale as Locale,
    title: best.title,
    body: best.body,
    updated_at: best.updatedAt.toISOString(),
  };
}
