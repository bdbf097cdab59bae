import { type BoardList, BoardNameBodySchema } from '@estately/domain';
import { formatDateTime, type MessageKey } from '@estately/i18n';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { pendingSetCookies } from '../../request-state.server.ts';
import { boardPath } from '../../routing/boards-paths.ts';
import { pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { api, failureText, requestLocale } from './boards-shared.server.ts';

// `/{locale}/account/boards` (issue 44 point 3): the boards the user owns or was invited to, and
// the form that creates one.

const MESSAGES: readonly MessageKey[] = [
  'boards.title',
  'boards.intro',
  'boards.empty',
  'boards.create_label',
  'boards.create',
  'boards.open',
  'boards.owner',
  'validation.required',
];

export async function loadBoardsPage({ request, context }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const heading = t('boards.title');
  try {
    const answer = await api(context, request).get<BoardList>('/my/boards');
    return {
      title: pageTitle(t, heading),
      heading,
      messages: screenMessages(locale, MESSAGES),
      boards: answer.data.map((board) => ({
        id: board.id,
        name: board.name,
        href: boardPath(locale, board.id),
        owned: board.role === 'owner',
        counts: t('boards.counts', { items: board.items_count, members: board.members_count }),
        sharedBy: board.role === 'owner' ? null : t('boards.shared_by', { name: board.owner_name ?? '' }),
        updated: formatDateTime(new Date(board.updated_at), locale),
        updatedIso: board.updated_at,
      })),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) throw signInAgain(context, request, locale);
    throwPageFailure(error, context);
  }
}

export async function boardsPageAction({ request, context }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const form = await request.formData();
  const intent = 'create';
  const checked = BoardNameBodySchema.safeParse({ name: String(form.get('name') ?? '') });
  if (!checked.success)
    return data<FormResult>(
      { intent, formError: t(checked.error.issues[0]?.message as MessageKey, { max: 80 }) },
      { status: 422 },
    );
  try {
    const created = await api(context, request).post<{ id: number }>('/my/boards', checked.data);
    const headers = new Headers();
    for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
    return redirect(boardPath(locale, created.id), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return data<FormResult>({ intent, formError: failureText(error, t) }, { status: 400 });
  }
}

export type BoardsPageData = NonNullable<Awaited<ReturnType<typeof loadBoardsPage>>>;
