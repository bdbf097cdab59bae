import { Link } from 'react-router';
import { loadBlogPage } from '../features/content/load-blog-page.server.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { Route } from './+types/blog.ts';

// The blog (spec 2 /{locale}/blog): posts from the database, newest first.

export const loader = (args: Route.LoaderArgs) => loadBlogPage(args);

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
