import { ContentBody } from '../features/content/content-body.tsx';
import { loadArticlePage } from '../features/content/load-article-page.server.ts';
import type { Route } from './+types/article.ts';

// Terms, cookie policy and privacy policy (spec 2), their text from the database per locale.

export const loader = (args: Route.LoaderArgs) => loadArticlePage(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page article" lang={loaderData.lang}>
      <h1>{loaderData.heading}</h1>
      <ContentBody blocks={loaderData.blocks} />
    </article>
  );
}
