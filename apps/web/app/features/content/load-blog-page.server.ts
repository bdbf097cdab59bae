import { BlogListResponseSchema, buildPath, type Locale } from '@estately/domain';
import { formatDateLong } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';

// The blog (spec 2 /{locale}/blog): posts from the database, newest first.

function blogPostPath(locale: Locale, slug: string): string {
  return `${buildPath('blog', locale)}/${encodeURIComponent(slug)}`;
}

export async function loadBlogPage({ request, context }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t, url } = screenOf(request);
  const pageParam = url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(pageParam)) notFound();
  let list: ReturnType<typeof BlogListResponseSchema.parse>;
  try {
    list = BlogListResponseSchema.parse(
      await requestApi(context, request, config).client.get('/content/blog', {
        query: { locale, page: pageParam },
        signal: request.signal,
      }),
    );
  } catch (error) {
    throwPageFailure(error, context);
  }
  const heading = screenTitle(t, screen);
  return {
    title: pageTitle(t, heading),
    heading,
    posts: list.data.map((post) => ({
      href: blogPostPath(locale, post.slug),
      title: post.title,
      excerpt: post.excerpt,
      lang: post.locale === locale ? undefined : post.locale,
      date: formatDateLong(post.published_at, locale),
      dateTime: post.published_at,
    })),
  };
}
