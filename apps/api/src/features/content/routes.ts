import {
  ArticleParamsSchema,
  ArticleSchema,
  BLOG_PAGE_SIZE,
  BlogListQuerySchema,
  BlogListResponseSchema,
  BlogPostParamsSchema,
  BlogPostSchema,
  ContentLocaleQuerySchema,
  ErrorBodySchema,
  RedirectQuerySchema,
  RedirectSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getArticle } from './get-article.ts';
import { getBlogPost, listBlogPosts } from './list-blog-posts.ts';
import { resolveRedirect } from './resolve-redirect.ts';

// Read routes of the site's content (issue 8): legal articles, the blog and the redirect
// resolver the web app's global guard asks on every page.

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/articles/:key',
    {
      schema: {
        tags: ['content'],
        summary: 'Legal article',
        description:
          'Terms, cookie policy or privacy policy in `locale`; a locale without its own text gets its language’s, then English.',
        params: ArticleParamsSchema,
        querystring: ContentLocaleQuerySchema,
        response: { 200: ArticleSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return getArticle({ db: request.readDb, key: request.params.key, locale: request.query.locale });
    },
  );

  app.get(
    '/content/blog',
    {
      schema: {
        tags: ['content'],
        summary: 'Blog posts',
        description: `Published posts for \`locale\`, newest first, ${BLOG_PAGE_SIZE} a page; each post in the locale, else its language, else English.`,
        querystring: BlogListQuerySchema,
        response: { 200: BlogListResponseSchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return listBlogPosts({
        db: request.readDb,
        storage: app.storage,
        locale: request.query.locale,
        page: request.query.page,
        perPage: BLOG_PAGE_SIZE,
      });
    },
  );

  app.get(
    '/content/blog/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'Blog post',
        description:
          'A published post by its slug (in any of its translations), in `locale`’s text when there is one.',
        params: BlogPostParamsSchema,
        querystring: ContentLocaleQuerySchema,
        response: { 200: BlogPostSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return getBlogPost({
        db: request.readDb,
        storage: app.storage,
        locale: request.query.locale,
        slug: request.params.slug,
      });
    },
  );

  app.get(
    '/content/redirects/resolve',
    {
      schema: {
        tags: ['content'],
        summary: 'Resolve a redirect',
        description:
          'The stored redirect of `path` (spec 2 global guard), 404 when there is none. `to` is a path or an absolute URL.',
        querystring: RedirectQuerySchema,
        response: { 200: RedirectSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => resolveRedirect({ db: app.db, path: request.query.path }),
  );
};

export default contentRoutes;
