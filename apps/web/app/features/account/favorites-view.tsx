import { Form, Link, useSubmit } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import { OfferActions, type OfferActionTexts } from '../../ui/offer-actions/offer-actions.tsx';
import { OfferCardItem } from '../../ui/offers/offer-card.tsx';
import type { OfferCardView } from '../../ui/offers/offer-card-view.ts';
import { ServerHtml } from '../../ui/server-html.tsx';
import { Done } from './account-parts.tsx';

// The favourite offers, by offer type, a page at a time; each can be picked for comparison (the
// compare tray above the list, as on the results), moved to a search board or removed.

export interface FavoritesData {
  offerType: string | null;
  items: { id: number; card: OfferCardView; compared: boolean }[];
  /** The page's list form, the compare tray and the last list action's notice (server HTML). */
  listBar: string;
  actionTexts: OfferActionTexts;
  total: number;
  page: number;
  pages: number;
  previous: string | null;
  next: string | null;
  offerTypes: { value: string; label: string }[];
  /** The user's search boards a favourite can move to (issue 44 point 3). */
  boards: { id: number; name: string }[];
  boardsHref: string;
}

export function FavoritesView(props: { favorites: FavoritesData; t: Text; result: FormResult | undefined }) {
  const { favorites, t, result } = props;
  const submit = useSubmit();
  return (
    <>
      {/* A GET form: the filter is part of the address, and works without scripts. */}
      <Form method="get" className="inline-actions" data-testid="favorites-filter">
        <div className="field">
          <label htmlFor="favorites-offer-type" className="field__label">
            {t('filter.offer_type')}
          </label>
          <select
            id="favorites-offer-type"
            name="offer_type"
            defaultValue={favorites.offerType ?? ''}
            onChange={(event) => submit(event.currentTarget.form)}
          >
            {favorites.offerTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('action.search')}
        </button>
      </Form>
      <p data-testid="favorites-total">{t(LIST_COUNT_KEYS.favorites, { count: favorites.total })}</p>
      <ServerHtml html={favorites.listBar} />
      <Done result={result} intent="remove_favorite" />
      <Done result={result} intent="move_to_board" />
      {favorites.items.length > 0 && favorites.boards.length === 0 && (
        <p data-testid="favorites-no-boards">
          {t('boards.no_boards')} <Link to={favorites.boardsHref}>{t('boards.title')}</Link>
        </p>
      )}
      {favorites.items.length === 0 ? (
        <p>{t('account.favorites_empty')}</p>
      ) : (
        <ul className="account-list account-list--cards" data-testid="favorites-list">
          {favorites.items.map((item) => (
            <li key={item.id} data-testid="favorite-item">
              <OfferCardItem offer={item.card} />
              <OfferActions
                offerId={item.id}
                picked={item.compared}
                texts={favorites.actionTexts}
                hide={false}
              />
              {favorites.boards.length > 0 && (
                <Form method="post" className="inline-actions" data-testid="favorite-move">
                  <input type="hidden" name="intent" value={`move_to_board:${item.id}`} />
                  <input type="hidden" name="offer_id" value={item.id} />
                  <label htmlFor={`favorite-board-${item.id}`} className="visually-hidden">
                    {t('boards.choose_board')}: {item.card.title}
                  </label>
                  <select id={`favorite-board-${item.id}`} name="board_id">
                    {favorites.boards.map((board) => (
                      <option key={board.id} value={board.id}>
                        {board.name}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="button">
                    {t('boards.move_to_board')}
                    <span className="visually-hidden">: {item.card.title}</span>
                  </button>
                </Form>
              )}
              <Form method="post">
                <input type="hidden" name="intent" value="remove_favorite" />
                <input type="hidden" name="offer_id" value={item.id} />
                <button type="submit" className="button button--danger">
                  {t('offer.remove_favorite')}
                  <span className="visually-hidden">: {item.card.title}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {favorites.pages > 1 && (
        <nav className="pagination" aria-label={t('results.pagination')}>
          {favorites.previous && <Link to={favorites.previous}>{t('results.previous')}</Link>}
          <span>{t('results.page', { page: favorites.page, pages: favorites.pages })}</span>
          {favorites.next && <Link to={favorites.next}>{t('results.next')}</Link>}
        </nav>
      )}
    </>
  );
}
