import { Form, Link, useActionData } from 'react-router';
import { type FormResult, useText } from '../../ui/forms/form-ui.tsx';
import type { BoardInvitationPageData } from './load-board-invitation-page.server.ts';

/** An invitation to a shared search board: accept it, or sign in (or up) first. */
export function BoardInvitationScreen({ loaderData }: { loaderData: BoardInvitationPageData }) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  const { preview } = loaderData;
  return (
    <div className="container page">
      <section className="board-invitation" data-testid="screen-boardInvitation">
        <h1>{t('boards.invitation.title')}</h1>
        <p>{t('boards.invitation.text', { name: preview.inviter_name ?? '', board: preview.board_name })}</p>
        <p className="field__hint">{t('boards.invitation.for', { email: preview.email })}</p>
        {preview.status === 'used' ? (
          <p className="notice" role="status">
            {t('boards.invitation.used')}
          </p>
        ) : preview.status === 'expired' ? (
          <p className="notice" role="status" data-testid="board-invitation-expired">
            {t('boards.invitation.expired')}
          </p>
        ) : loaderData.signedIn ? (
          <Form method="post">
            <button type="submit" className="button button--primary" data-testid="board-invitation-accept">
              {t('boards.invitation.accept')}
            </button>
            {result?.formError && (
              <p className="field__error" role="alert">
                {result.formError}
              </p>
            )}
          </Form>
        ) : (
          <>
            <p>{t('boards.invitation.guest')}</p>
            <p className="inline-actions">
              <Link
                className="button button--primary"
                to={loaderData.signInHref}
                data-testid="board-invitation-sign-in"
              >
                {t('boards.invitation.sign_in')}
              </Link>
              <Link className="button" to={loaderData.signUpHref}>
                {t('boards.invitation.sign_up')}
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
