import { BlogPostSchema, buildPath } from '@estately/domain';
import { createTranslator, formatDateLong } from '@estately/i18n';
import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { requestApi } from '../../request-state.server.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle, screenTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { markdownBlocks } from './markdown-blocks.ts';

// One blog post at /{locale}/blog/{slug}. A slug of another translation of the post redirects to
// the locale's own slug, so every post has one address per locale.

export async function loadBlogPostPage({ request, context, params }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const url = pageUrl(request);
  const locale = localeFromPathname(url.pathname);
  if (!locale || !params.slug) notFound();
  const t = createTranslator(locale);
  let raw: unknown;
  try {
    raw = await requestApi(context, request, config).client.get(
      `/content/blog/${encodeURIComponent(params.slug)}`,
      {
        query: { locale },
        signal: request.signal,
      },
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound();
    throwPageFailure(error, context);
  }
  const post = BlogPostSchema.parse(raw);
  if (post.slug !== params.slug)
    throw redirect(`${buildPath('blog', locale)}/${encodeURIComponent(post.slug)}`, 301);
  return {
    title: pageTitle(t, `${post.title} – ${screenTitle(t, 'blog')}`),
    description: post.excerpt,
    heading: post.title,
    lang: post.locale === locale ? undefined : post.locale,
    date: t('blog.published', { date: formatDateLong(post.published_at, locale) }),
    dateTime: post.published_at,
    blocks: markdownBlocks(post.body),
    blogHref: buildPath('blog', locale),
  };
}
