import { type ArticleKey, ArticleSchema } from '@estately/domain';
import { ApiError } from '../api/api-error.ts';
import { webConfigContext } from '../config.server.ts';
import { ContentBody } from '../features/content/content-body.tsx';
import { markdownBlocks } from '../features/content/markdown-blocks.ts';
import { requestApi } from '../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { throwPageFailure } from '../routing/unavailable.server.ts';
import type { Route } from './+types/article.ts';

// Terms, cookie policy and privacy policy (spec 2), their text from the database per locale.

const ARTICLE_OF_SCREEN: Record<string, ArticleKey> = {
  articleTerms: 'terms',
  articleCookiePolicy: 'cookie-policy',
  articlePrivacyPolicy: 'privacy-policy',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = context.get(webConfigContext);
  const { screen, locale, t } = screenOf(request);
  const key = ARTICLE_OF_SCREEN[screen];
  if (!key) notFound();
  let raw: unknown;
  try {
    raw = await requestApi(context, request, config).client.get(`/content/articles/${key}`, {
      query: { locale },
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
  const article = ArticleSchema.parse(raw);
  return {
    title: pageTitle(t, `${article.title} – ${screenTitle(t, screen)}`),
    heading: article.title,
    // The text's own language, for screen readers and hyphenation when a fallback is shown.
    lang: article.locale === locale ? undefined : article.locale,
    blocks: markdownBlocks(article.body),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page article" lang={loaderData.lang}>
      <h1>{loaderData.heading}</h1>
      <ContentBody blocks={loaderData.blocks} />
    </article>
  );
}
