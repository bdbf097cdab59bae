import {
  AddBoardNoteBodySchema,
  BOARD_ITEM_STATUSES,
  BOARD_POLL_SECONDS,
  type Board,
  BoardSchema,
  InviteToBoardBodySchema,
  type Locale,
  localToUtc,
  timeZoneOfCountry,
  UpdateBoardItemBodySchema,
  utcToLocal,
} from '@estately/domain';
import { formatDateTime, type MessageKey, type Translator } from '@estately/i18n';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { webConfigContext } from '../../config.server.ts';
import { pendingSetCookies } from '../../request-state.server.ts';
import { boardsPath } from '../../routing/boards-paths.ts';
import { displayCurrency, notFound, pageTitle } from '../../routing/screen.server.ts';
import { throwPageFailure } from '../../routing/unavailable.server.ts';
import { signInAgain } from '../../session/sign-in-again.server.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { toOfferCardView } from '../../ui/offers/offer-card-view.server.ts';
import { api, type Context, failureText, idOf, requestLocale } from './boards-shared.server.ts';

// `/{locale}/account/boards/{id}` (issue 44 point 3): one board with its offers (a status, a
// viewing date and notes each), its people and, for the owner, the invitation form. The page
// loads again when the live stream (board-live.ts) says another member changed something.

const MESSAGES: readonly MessageKey[] = [
  'boards.title',
  'boards.status_label',
  'boards.viewing_label',
  'boards.viewing_hint',
  'boards.save',
  'boards.notes',
  'boards.note_label',
  'boards.note_private',
  'boards.note_add',
  'boards.note_private_badge',
  'boards.note_delete',
  'boards.remove_item',
  'boards.offer_gone',
  'boards.items_empty',
  'boards.members',
  'boards.owner',
  'boards.you',
  'boards.remove_member',
  'boards.leave',
  'boards.invite_heading',
  'boards.invite_label',
  'boards.invite',
  'boards.invitations',
  'boards.invitation_withdraw',
  'boards.delete',
  'boards.live.on',
  'boards.live.polling',
  'boards.live.item_added',
  'boards.live.item_updated',
  'boards.live.item_removed',
  'boards.live.note_added',
  'boards.live.note_removed',
  'boards.live.member_joined',
  'boards.live.member_removed',
  'boards.live.board_renamed',
  'boards.live.someone',
  'boards.live.revoked',
  'boards.back',
];

function boardId(value: string | undefined): number {
  const id = idOf(value);
  if (id === null) notFound();
  return id;
}

/** The viewing's wall-clock time where the offer is, as a datetime-local field shows it. */
function viewingFields(iso: string | null, timeZone: string, locale: Locale) {
  if (!iso) return { local: '', text: null };
  const at = new Date(iso);
  const local = utcToLocal(at, timeZone);
  return { local: `${local.date}T${local.time}`, text: formatDateTime(at, locale, { timeZone }) };
}

function toBoardView(board: Board, locale: Locale, t: Translator, publicApiUrl: string) {
  return {
    id: board.id,
    name: board.name,
    owner: board.role === 'owner',
    you: board.you,
    members: board.members.map((member) => ({
      id: member.user_id,
      name: member.name,
      owner: member.role === 'owner',
      isYou: member.user_id === board.you,
    })),
    invitations: board.invitations.map((invitation) => ({ id: invitation.id, email: invitation.email })),
    items: board.items.map((item) => {
      const timeZone = timeZoneOfCountry(item.offer?.country_code);
      const viewing = viewingFields(item.viewing_at, timeZone, locale);
      const card = item.offer ? toOfferCardView(item.offer, locale, publicApiUrl) : null;
      return {
        id: item.id,
        card,
        title: card ? card.title : t('boards.offer_gone'),
        status: item.status,
        viewingLocal: viewing.local,
        viewingText: viewing.text,
        updatedBy: item.updated_by_name,
        notes: item.notes.map((note) => ({
          id: note.id,
          author: note.author_name ?? '',
          body: note.body,
          shared: note.shared,
          mine: note.author_id === board.you,
          when: formatDateTime(new Date(note.created_at), locale),
          whenIso: note.created_at,
        })),
      };
    }),
  };
}

export async function loadBoardPage({ request, context, params }: LoaderFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const id = boardId(params.id);
  const config = context.get(webConfigContext);
  try {
    const raw = BoardSchema.parse(
      await api(context, request).get(`/my/boards/${id}`, {
        query: { currency: displayCurrency(request, locale) },
      }),
    );
    const board = toBoardView(raw, locale, t, config.publicApiUrl);
    return {
      title: pageTitle(t, `${board.name} – ${t('boards.title')}`),
      messages: screenMessages(locale, MESSAGES),
      board,
      listHref: boardsPath(locale),
      pollSeconds: BOARD_POLL_SECONDS,
      statuses: BOARD_ITEM_STATUSES.map((value) => ({ value, label: t(`boards.status.${value}`) })),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 404) notFound();
    if (error instanceof ApiError && error.status === 401) throw signInAgain(context, request, locale);
    throwPageFailure(error, context);
  }
}

/** Where the viewing happens, for the wall-clock time of the form: read back from the board. */
async function itemTimeZone(context: Context, request: Request, board: number, item: number) {
  const raw = BoardSchema.parse(await api(context, request).get(`/my/boards/${board}`));
  return timeZoneOfCountry(raw.items.find((entry) => entry.id === item)?.offer?.country_code);
}

export async function boardPageAction({ request, context, params }: ActionFunctionArgs) {
  const { locale, t } = requestLocale(request);
  const id = boardId(params.id);
  const form = await request.formData();
  const fullIntent = String(form.get('intent') ?? '');
  const intent = fullIntent.split(':')[0] ?? '';
  const client = api(context, request);
  const refused = (text: string, status = 422) =>
    data<FormResult>({ intent: fullIntent, formError: text }, { status });
  const done = (text: string) => data<FormResult>({ intent: fullIntent, done: text });
  const base = `/my/boards/${id}`;
  try {
    switch (intent) {
      case 'item': {
        const item = idOf(form.get('item_id'));
        if (item === null) return refused(t('error.generic'));
        const local = String(form.get('viewing_at') ?? '');
        let viewingAt: string | null = null;
        if (local !== '') {
          const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
          if (!match) return refused(t('validation.invalid_date'));
          viewingAt = localToUtc(
            { date: match[1] as string, time: match[2] as string },
            await itemTimeZone(context, request, id, item),
          ).toISOString();
        }
        const body = { status: String(form.get('status') ?? ''), viewing_at: viewingAt };
        const checked = UpdateBoardItemBodySchema.safeParse(body);
        if (!checked.success) return refused(t(checked.error.issues[0]?.message as MessageKey));
        await client.patch(`${base}/items/${item}`, checked.data);
        return done(t('boards.saved'));
      }
      case 'note': {
        const item = idOf(form.get('item_id'));
        if (item === null) return refused(t('error.generic'));
        const checked = AddBoardNoteBodySchema.safeParse({
          body: String(form.get('body') ?? ''),
          shared: form.get('private') !== 'on',
        });
        if (!checked.success)
          return refused(t(checked.error.issues[0]?.message as MessageKey, { max: 2000 }));
        await client.post(`${base}/items/${item}/notes`, checked.data);
        return done(t('boards.saved'));
      }
      case 'delete_note': {
        const item = idOf(form.get('item_id'));
        const note = idOf(form.get('note_id'));
        if (item === null || note === null) return refused(t('error.generic'));
        await client.delete(`${base}/items/${item}/notes/${note}`);
        return done(t('boards.saved'));
      }
      case 'remove_item': {
        const item = idOf(form.get('item_id'));
        if (item === null) return refused(t('error.generic'));
        await client.delete(`${base}/items/${item}`);
        return done(t('boards.saved'));
      }
      case 'invite': {
        const checked = InviteToBoardBodySchema.safeParse({ email: String(form.get('email') ?? ''), locale });
        if (!checked.success) return refused(t(checked.error.issues[0]?.message as MessageKey, { max: 254 }));
        await client.post(`${base}/invitations`, checked.data);
        return done(t('boards.invited', { email: checked.data.email }));
      }
      case 'withdraw': {
        const invitation = idOf(form.get('invitation_id'));
        if (invitation === null) return refused(t('error.generic'));
        await client.delete(`${base}/invitations/${invitation}`);
        return done(t('boards.saved'));
      }
      case 'remove_member':
      case 'leave': {
        const member = idOf(form.get('user_id'));
        if (member === null) return refused(t('error.generic'));
        await client.delete(`${base}/members/${member}`);
        if (intent === 'leave') return redirectWithCookies(context, boardsPath(locale));
        return done(t('boards.saved'));
      }
      case 'delete_board': {
        await client.delete(base);
        return redirectWithCookies(context, boardsPath(locale));
      }
      default:
        return refused(t('error.generic'), 400);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) return signInAgain(context, request, locale);
    return refused(failureText(error, t), error instanceof ApiError ? error.status : 502);
  }
}

function redirectWithCookies(context: Context, to: string) {
  const headers = new Headers();
  for (const cookie of pendingSetCookies(context)) headers.append('Set-Cookie', cookie);
  return redirect(to, { headers });
}

export type BoardPageData = NonNullable<Awaited<ReturnType<typeof loadBoardPage>>>;
