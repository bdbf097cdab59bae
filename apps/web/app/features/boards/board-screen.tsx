import type { BoardChange } from '@estately/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Link, useActionData, useRevalidator } from 'react-router';
import { useShellData } from '../../shell/use-shell-data.ts';
import { type FormResult, type Text, useText } from '../../ui/forms/form-ui.tsx';
import { OfferCardItem } from '../../ui/offers/offer-card.tsx';
import { useBoardLive } from './board-live.ts';
import type { BoardPageData } from './load-board-page.server.ts';

type BoardView = BoardPageData['board'];
type ItemView = BoardView['items'][number];

/** What an action answered for the form of `intent`, under that form. */
function Outcome({ result, intent }: { result: FormResult | undefined; intent: string }) {
  if (result?.intent !== intent) return null;
  return (
    <p
      className={result.done ? 'notice' : 'field__error'}
      role={result.done ? 'status' : 'alert'}
      data-testid="board-outcome"
    >
      {result.done ?? result.formError}
    </p>
  );
}

function ItemCard(props: {
  item: ItemView;
  t: Text;
  statuses: BoardPageData['statuses'];
  result: FormResult | undefined;
}) {
  const { item, t, statuses, result } = props;
  const base = `board-item-${item.id}`;
  // A note once added leaves an empty form, "private" unticked again: the next note starts afresh
  // (a form left as it was would make it private too without a word). Someone else's note,
  // arriving live, leaves a note being typed alone.
  const noteForm = useRef<HTMLFormElement>(null);
  const noteIntent = `note:${item.id}`;
  useEffect(() => {
    if (result?.intent === noteIntent && result.done) noteForm.current?.reset();
  }, [result, noteIntent]);
  return (
    <li className="board-item" data-testid="board-item" data-item-id={item.id}>
      <article aria-labelledby={`${base}-title`}>
        <h2 id={`${base}-title`} className="board-item__title">
          {item.card ? <Link to={item.card.href}>{item.title}</Link> : item.title}
        </h2>
        {item.card && <OfferCardItem offer={item.card} />}
        {/* Keyed by the values, so a change another member made replaces the fields' values. */}
        <Form
          method="post"
          className="board-item__state"
          key={`${item.status}|${item.viewingLocal}`}
          data-testid="board-item-form"
        >
          <input type="hidden" name="intent" value={`item:${item.id}`} />
          <input type="hidden" name="item_id" value={item.id} />
          <div className="field">
            <label htmlFor={`${base}-status`} className="field__label">
              {t('boards.status_label')}
            </label>
            <select
              id={`${base}-status`}
              name="status"
              defaultValue={item.status}
              data-testid="board-item-status"
            >
              {statuses.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${base}-viewing`} className="field__label">
              {t('boards.viewing_label')}
            </label>
            <input
              id={`${base}-viewing`}
              type="datetime-local"
              name="viewing_at"
              defaultValue={item.viewingLocal}
              aria-describedby={`${base}-viewing-hint`}
              data-testid="board-item-viewing"
            />
            <p id={`${base}-viewing-hint`} className="field__hint">
              {t('boards.viewing_hint')}
            </p>
          </div>
          <button type="submit" className="button">
            {t('boards.save')}
            <span className="visually-hidden">: {item.title}</span>
          </button>
          <Outcome result={result} intent={`item:${item.id}`} />
        </Form>
        <section className="board-item__notes" aria-labelledby={`${base}-notes`}>
          <h3 id={`${base}-notes`}>{t('boards.notes')}</h3>
          {item.notes.length > 0 && (
            <ul className="board-notes" data-testid="board-notes">
              {item.notes.map((note) => (
                <li key={note.id} className="board-note" data-testid="board-note">
                  {/* A note reads in its own direction; the author's address and the date are
                      isolated, so right to left they do not run into each other. */}
                  <p className="board-note__body" dir="auto">
                    {note.body}
                  </p>
                  <p className="board-note__meta">
                    <bdi>{note.author}</bdi> ·{' '}
                    <bdi>
                      <time dateTime={note.whenIso}>{note.when}</time>
                    </bdi>
                    {!note.shared && <span className="badge"> {t('boards.note_private_badge')}</span>}
                  </p>
                  {note.mine && (
                    <Form method="post">
                      <input type="hidden" name="intent" value={`delete_note:${note.id}`} />
                      <input type="hidden" name="item_id" value={item.id} />
                      <input type="hidden" name="note_id" value={note.id} />
                      <button type="submit" className="button button--link">
                        {t('boards.note_delete')}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Form ref={noteForm} method="post" className="board-note-form" data-testid="board-note-form">
            <input type="hidden" name="intent" value={`note:${item.id}`} />
            <input type="hidden" name="item_id" value={item.id} />
            <div className="field">
              <label htmlFor={`${base}-note`} className="field__label">
                {t('boards.note_label')}
              </label>
              <textarea id={`${base}-note`} name="body" rows={2} maxLength={2000} required />
            </div>
            <div className="field field--checkbox">
              <input id={`${base}-private`} type="checkbox" name="private" />
              <label htmlFor={`${base}-private`}>{t('boards.note_private')}</label>
            </div>
            <button type="submit" className="button">
              {t('boards.note_add')}
            </button>
            <Outcome result={result} intent={`note:${item.id}`} />
          </Form>
        </section>
        <Form method="post">
          <input type="hidden" name="intent" value={`remove_item:${item.id}`} />
          <input type="hidden" name="item_id" value={item.id} />
          <button type="submit" className="button button--danger">
            {t('boards.remove_item')}
            <span className="visually-hidden">: {item.title}</span>
          </button>
        </Form>
      </article>
    </li>
  );
}

function People({ board, t, result }: { board: BoardView; t: Text; result: FormResult | undefined }) {
  return (
    <aside className="board-people" aria-labelledby="board-people">
      <h2 id="board-people">{t('boards.members')}</h2>
      <ul className="board-members" data-testid="board-members">
        {board.members.map((member) => (
          <li key={member.id} data-testid="board-member">
            {member.name}
            {member.owner && <span className="badge"> {t('boards.owner')}</span>}
            {member.isYou && <span> ({t('boards.you')})</span>}
            {board.owner && !member.owner && (
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value={`remove_member:${member.id}`} />
                <input type="hidden" name="user_id" value={member.id} />
                <button type="submit" className="button button--link" data-testid="board-member-remove">
                  {t('boards.remove_member')}
                  <span className="visually-hidden">: {member.name}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {board.owner ? (
        <>
          <Form method="post" className="board-invite" data-testid="board-invite">
            <input type="hidden" name="intent" value="invite" />
            <h3>{t('boards.invite_heading')}</h3>
            <div className="field">
              <label htmlFor="board-invite-email" className="field__label">
                {t('boards.invite_label')}
              </label>
              <input
                id="board-invite-email"
                type="email"
                name="email"
                autoComplete="off"
                required
                maxLength={254}
              />
            </div>
            <button type="submit" className="button button--primary">
              {t('boards.invite')}
            </button>
            <Outcome result={result} intent="invite" />
          </Form>
          {board.invitations.length > 0 && (
            <>
              <h3>{t('boards.invitations')}</h3>
              <ul className="board-invitations" data-testid="board-invitations">
                {board.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    {invitation.email}
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value={`withdraw:${invitation.id}`} />
                      <input type="hidden" name="invitation_id" value={invitation.id} />
                      <button type="submit" className="button button--link">
                        {t('boards.invitation_withdraw')}
                        <span className="visually-hidden">: {invitation.email}</span>
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="delete_board" />
            <button type="submit" className="button button--danger">
              {t('boards.delete')}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="leave" />
          <input type="hidden" name="user_id" value={board.you} />
          <button type="submit" className="button button--danger">
            {t('boards.leave')}
          </button>
        </Form>
      )}
    </aside>
  );
}

/** One shared search board: its offers with status, viewing date and notes, its people, live. */
export function BoardScreen({ loaderData }: { loaderData: BoardPageData }) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  const { board } = loaderData;
  const shell = useShellData();
  const revalidator = useRevalidator();
  const [announcement, setAnnouncement] = useState('');
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Several changes in a moment load the page once.
  const reload = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void revalidator.revalidate();
    }, 150);
  }, [revalidator]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const onChange = useCallback(
    (change: BoardChange) => {
      if (!change.by_you)
        setAnnouncement(
          t(`boards.live.${change.kind}`, { name: change.actor_name ?? t('boards.live.someone') }),
        );
      reload();
    },
    [reload, t],
  );
  const mode = useBoardLive({
    apiUrl: shell?.publicConfig.apiUrl ?? '',
    boardId: board.id,
    pollSeconds: loaderData.pollSeconds,
    onChange,
    onPoll: reload,
  });

  return (
    <section className="board" data-testid="screen-board" data-live={mode}>
      <p>
        <Link to={loaderData.listHref}>{t('boards.back')}</Link>
      </p>
      <h1>{board.name}</h1>
      {mode === 'revoked' ? (
        <p className="notice" role="alert" data-testid="board-revoked">
          {t('boards.live.revoked')}
        </p>
      ) : (
        <p className="board__live" data-testid="board-live">
          {mode === 'polling'
            ? t('boards.live.polling', { seconds: loaderData.pollSeconds })
            : t('boards.live.on')}
        </p>
      )}
      {/* Others' changes, read out politely once the page has loaded them. */}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="board-announcement">
        {announcement}
      </p>
      <div className="board__layout">
        <div className="board__items">
          {board.items.length === 0 ? (
            <p data-testid="board-items-empty">{t('boards.items_empty')}</p>
          ) : (
            <ul className="board-items" data-testid="board-items">
              {board.items.map((item) => (
                <ItemCard key={item.id} item={item} t={t} statuses={loaderData.statuses} result={result} />
              ))}
            </ul>
          )}
        </div>
        <People board={board} t={t} result={result} />
      </div>
    </section>
  );
}
