import { useActionData } from 'react-router';
import editorStylesHref from '../features/property-editor/editor.css?url';
import { type EditorResult, PropertyEditor } from '../features/property-editor/editor-view.tsx';
import {
  loadPropertyEditorPage,
  propertyEditorPageAction,
} from '../features/property-editor/load-property-editor-page.server.ts';
import { useText } from '../ui/forms/form-ui.tsx';
import type { Route } from './+types/property-editor.ts';

// The property editor of issue 10 at /{locale}/account/my-offers/new (a new property) and
// /{locale}/account/my-offers/{id} (one of the person's own), inside the account layout and its
// sign-in guard. features/property-editor holds the data, the action and the views.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorStylesHref }];

export const loader = (args: Route.LoaderArgs) => loadPropertyEditorPage(args);

export const action = (args: Route.ActionArgs) => propertyEditorPageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function PropertyEditorPage({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<EditorResult>();
  return <PropertyEditor data={loaderData.editor} t={t} result={result} heading={loaderData.heading} />;
}
