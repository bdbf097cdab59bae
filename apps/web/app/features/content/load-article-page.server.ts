import { type ArticleKey, ArticleSchema } from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { requestApi } from '../../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { markdownBlocks } from './markdown-blocks.ts';

// An article's page (terms, cookie policy, privacy policy of spec 2), its text from the database
// per locale.

const ARTICLE_OF_SCREEN: Record<string, ArticleKey> = {
  articleTerms: 'terms',
  articleCookiePolicy: 'cookie-policy',
  articlePrivacyPolicy: 'privacy-policy',
};

export async function loadArticlePage({ request, context }: LoaderFunctionArgs) {
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
