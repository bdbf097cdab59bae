import { buildPath } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { redirect, useActionData } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import editorStylesHref from '../features/property-editor/editor.css?url';
import { editorAction, loadEditor, parsePropertyId } from '../features/property-editor/editor.server.ts';
import { EDITOR_MESSAGE_KEYS } from '../features/property-editor/editor-texts.server.ts';
import { type EditorResult, PropertyEditor } from '../features/property-editor/editor-view.tsx';
import { localeFromPathname } from '../locale/locale-path.ts';
import { pageUrl } from '../routing/page-url.ts';
import { notFound, pageTitle } from '../routing/screen.server.ts';
import { retryLaterOrRethrow, throwPageFailure } from '../routing/unavailable.server.ts';
import { loadSession } from '../session/session.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/property-editor.ts';

// The property editor of issue 10 at /{locale}/account/my-offers/new (a new property) and
// /{locale}/account/my-offers/{id} (one of the person's own), inside the account layout and its
// sign-in guard. features/property-editor holds the data, the action and the views.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorStylesHref }];

function localeOf(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname);
  if (!locale) notFound();
  return locale;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeOf(request);
  const propertyId = parsePropertyId(params.id ?? 'new');
  const session = await loadSession(context, request, context.get(webConfigContext));
  if (!session.user) {
    if (session.failure) throwPageFailure(session.failure, context);
    const url = pageUrl(request);
    throw redirect(`${buildPath('auth', locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const t = createTranslator(locale);
  const heading = propertyId === null ? t('my_offers.add') : t('editor.edit_title');
  return {
    title: pageTitle(t, heading),
    heading,
    messages: screenMessages(locale, EDITOR_MESSAGE_KEYS),
    // A 429 or an unavailable API is the page to try again later; anything else as it was.
    editor: await loadEditor(context, request, locale, t, propertyId).catch(retryLaterOrRethrow(context)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = localeOf(request);
  return editorAction({
    context,
    request,
    locale,
    t: createTranslator(locale),
    propertyId: parsePropertyId(params.id ?? 'new'),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function PropertyEditorPage({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<EditorResult>();
  return <PropertyEditor data={loaderData.editor} t={t} result={result} heading={loaderData.heading} />;
}
