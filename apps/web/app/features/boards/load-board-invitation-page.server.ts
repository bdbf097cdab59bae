import { type BoardInvitationPreview, BoardInvitationPreviewSchema, buildPath } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { pendingSetCookies } from '../../request-state.server.ts';
import { boardInvitationPath, boardPath } from '../../routing/boards-paths.ts';
import { notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { loadSession } from '../../session/session.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { api, failureText, requestLocale } from './boards-shared.server.ts';

// `/{locale}/board-invitation/{token}` (issue 44 point 3): the page the invitation e-mail opens.
// A signed-in visitor accepts and lands on the board; a guest signs in or signs up first and
// comes back here (the auth screens' `redirect`), then accepts.

const MESSAGES: readonly MessageKey[] = [
  'boards.invitation.title',
  'boards.invitation.text',
  'boards.invitation.for',
  'boards.invitation.accept',
  'boards.invitation.sign_in',
  'boards.invitation.sign_up',
  'boards.invitation.used',
  'boards.invitation.expired',
  'boards.invitation.guest',
];

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function loadBoardInvitationPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const token = params.token ?? '';
  if (!TOKEN.test(token)) notFound();
  const config = context.get(webConfigContext);
  let preview: BoardInvitationPreview;
  try {
    preview = BoardInvitationPreviewSchema.parse(
      await api(context, request).get(`/public/board-invitations/${token}`),
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    throwPageFailure(error, context);
  }
  const session = await loadSession(context, request, config);
  const back = encodeURIComponent(boardInvitationPath(locale, token));
  return {
    title: pageTitle(t, t('boards.invitation.title')),
    messages: screenMessages(locale, MESSAGES),
    preview,
    signedIn: session.user !== null,
    signInHref: `${buildPath('authSignin', locale)}?redirect=${back}`,
    signUpHref: `${buildPath('authSignup', locale)}?redirect=${back}`,
  };
}

export async function boardInvitationPageAction({ request, context, params }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const token = params.token ?? '';
  if (!TOKEN.test(token)) notFound();
  try {
    const accepted = await api(context, request).post<{ board_id: number }>('/my/board-invitations', {
      token,
    });
    const headers = new Headers();
    for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
    return redirect(boardPath(locale, accepted.board_id), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return data<FormResult>({ intent: 'accept', formError: failureText(error, t) }, { status: 400 });
  }
}

export type BoardInvitationPageData = Awaited<ReturnType<typeof loadBoardInvitationPage>>;
