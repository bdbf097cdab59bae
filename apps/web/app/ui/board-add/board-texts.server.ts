import type { Locale } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { boardsPath } from '../../routing/boards-paths.ts';
import type { AddToBoardTexts } from './add-to-board.tsx';

/** The texts of "add to a search board" in the page's locale (issue 44 point 3). */
export function addToBoardTexts(locale: Locale): AddToBoardTexts {
  const t = createTranslator(locale);
  return {
    open: t('boards.add_to_board'),
    board: t('boards.choose_board'),
    add: t('boards.add_to_board'),
    added: t('boards.added'),
    none: t('boards.no_boards'),
    boards: t('boards.title'),
    boardsHref: boardsPath(locale),
  };
}
