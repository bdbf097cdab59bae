import { buildPath } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { localeFromPathname } from '../../locale/locale-path.ts';
import { pageUrl } from '../../routing/page-url.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { retryLaterOrRethrow, throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { EDITOR_MESSAGE_KEYS } from '../../ui/property-form/editor-texts.server.ts';
import { editorAction, loadEditor, parsePropertyId } from './editor.server.ts';

// The property editor's page, /{locale}/account/my-offers/new and /{locale}/account/my-offers/{id}
// (issue 10): its texts and the property, and the posts of its steps (editor.server.ts).

function localeOf(request: Request) {
  const locale = localeFromPathname(pageUrl(request).pathname);
  if (!locale) notFound();
  return locale;
}

export async function loadPropertyEditorPage({ request, context, params }: LoaderFunctionArgs) {
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

export async function propertyEditorPageAction({ request, context, params }: ActionFunctionArgs) {
  const locale = localeOf(request);
  return editorAction({
    context,
    request,
    locale,
    t: createTranslator(locale),
    propertyId: parsePropertyId(params.id ?? 'new'),
  });
}
