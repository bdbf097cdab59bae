import { Link } from 'react-router';
import { ContentBody } from '../features/content/content-body.tsx';
import { loadBlogPostPage } from '../features/content/load-blog-post-page.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { Route } from './+types/blog-post.ts';

// One blog post at /{locale}/blog/{slug} (features/content/load-blog-post-page.server.ts).

export const loader = (args: Route.LoaderArgs) => loadBlogPostPage(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        ...(loaderData.description ? [{ name: 'description', content: loaderData.description }] : []),
      ]
    : [];

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <article className="container page article" lang={loaderData.lang}>
      <p>
        <Link to={loaderData.blogHref}>{t('blog.back')}</Link>
      </p>
      <h1>{loaderData.heading}</h1>
      <p className="post-summary__date">
        <time dateTime={loaderData.dateTime}>{loaderData.date}</time>
      </p>
      <ContentBody blocks={loaderData.blocks} />
    </article>
  );
}
