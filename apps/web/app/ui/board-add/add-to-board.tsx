import type { BoardList } from '@estately/domain';
import { useId, useState } from 'react';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { PageLink } from '../../shell/page-link.tsx';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';

// "Add to a search board" (issue 44 point 3, decision 071) for a signed-in visitor: a disclosure
// that loads the visitor's boards when opened, a labelled choice and a button; the API keeps an
// offer once per board, so a second add changes nothing. Guests see nothing (the favourite
// heart already offers them the sign-in). A page loads this file only for a signed-in visitor
// (lazily: it is not part of any first load).

export interface AddToBoardTexts {
  open: string;
  board: string;
  add: string;
  added: string;
  none: string;
  boards: string;
  boardsHref: string;
}

export default function AddToBoard(props: { offerId: number; texts: AddToBoardTexts }) {
  const shell = useShellData();
  const toast = useToast();
  const id = useId();
  const [boards, setBoards] = useState<{ id: number; name: string }[] | null>(null);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const { texts } = props;
  if (!shell?.user) return null;
  const apiUrl = shell.publicConfig.apiUrl;

  const load = async () => {
    if (boards) return;
    try {
      const list = await (await loadBrowserApi(apiUrl)).get<BoardList>('/my/boards');
      setBoards(list.data.map((board) => ({ id: board.id, name: board.name })));
      setChoice(String(list.data[0]?.id ?? ''));
    } catch (error) {
      toast.showError(error);
    }
  };
  const add = async () => {
    if (busy || !choice) return;
    setBusy(true);
    try {
      await (await loadBrowserApi(apiUrl)).post(`/my/boards/${choice}/items`, { property_id: props.offerId });
      toast.show(texts.added, 'success');
    } catch (error) {
      toast.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details
      className="add-to-board"
      data-testid="add-to-board"
      onToggle={(event) => {
        if (event.currentTarget.open) void load();
      }}
    >
      <summary>{texts.open}</summary>
      {boards === null ? null : boards.length === 0 ? (
        <p>
          {texts.none} <PageLink to={texts.boardsHref}>{texts.boards}</PageLink>
        </p>
      ) : (
        <div className="inline-actions">
          <label htmlFor={`${id}-board`}>{texts.board}</label>
          <select
            id={`${id}-board`}
            value={choice}
            onChange={(event) => setChoice(event.currentTarget.value)}
          >
            {boards.map((board) => (
              <option key={board.id} value={board.id}>
                {board.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            onClick={add}
            disabled={busy}
            data-testid="add-to-board-submit"
          >
            {texts.add}
          </button>
        </div>
      )}
    </details>
  );
}
