import { BlogListResponseSchema, buildPath, type Locale } from '@estately/domain';
import { formatDateLong } from '@estately/i18n';
import { Link } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { requestApi } from '../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import type { Route } from './+types/blog.ts';

// The blog (spec 2 /{locale}/blog): posts from the database, newest first.

function blogPostPath(locale: Locale, slug: string): string {
  return `${buildPath('blog', locale)}/${encodeURIComponent(slug)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
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

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container page">
      <h1>{loaderData.heading}</h1>
      {loaderData.posts.length === 0 ? (
        <p className="notice">{t('blog.empty')}</p>
      ) : (
        <ul className="post-list">
          {loaderData.posts.map((post) => (
            <li key={post.href} lang={post.lang}>
              <article className="post-summary" data-testid="blog-post-summary">
                <h2>
                  <Link to={post.href}>{post.title}</Link>
                </h2>
                <p className="post-summary__date">
                  <time dateTime={post.dateTime}>{t('blog.published', { date: post.date })}</time>
                </p>
                {post.excerpt && <p>{post.excerpt}</p>}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
