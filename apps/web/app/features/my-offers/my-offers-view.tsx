import {
  BULK_PROPERTY_ACTIONS,
  type BulkPropertyAction,
  MY_PROPERTIES_QUERY_MAX,
  MY_PROPERTIES_SORTS,
  OFFER_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  RENEW_INTERVAL_DAYS,
} from '@estately/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import type { Text } from '../../ui/forms/form-ui.tsx';
import type { MyOffersData, MyOffersResult } from './my-offers.server.ts';

// My offers: a filter bar (a GET form: state, sale or rent, property type, search text, order),
// each property with its photo, state, statistics and the state changes it allows (each a small
// form posting to the screen's action), a check box per property and "select all on this page"
// feeding one bulk form (reserve, withdraw, renew, delete drafts), and "Duplicate", which opens
// the copy in the editor. Everything works before the scripts load; the scripts add the count
// of selected offers and a confirmation before withdrawing or deleting.

const BULK_FORM = 'my-offers-bulk';
/** Bulk actions that hide or remove offers: asked once before they go. */
const CONFIRMED: readonly BulkPropertyAction[] = ['withdraw', 'delete'];
const BULK_LABELS: Record<BulkPropertyAction, string> = {
  reserve: 'my_offers.mark_reserved',
  withdraw: 'my_offers.bulk.withdraw',
  renew: 'my_offers.bulk.renew',
  delete: 'my_offers.bulk.delete',
};

function FilterBar(props: { offers: MyOffersData; t: Text }) {
  const { offers, t } = props;
  const { filters } = offers;
  return (
    <Form method="get" role="search" className="my-offers-filters" data-testid="my-offers-filters">
      <h2 className="visually-hidden">{t('my_offers.filters')}</h2>
      <div className="my-offers-filters__field my-offers-filters__field--search">
        <label htmlFor="my-offers-q">{t('my_offers.search')}</label>
        <input
          id="my-offers-q"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={MY_PROPERTIES_QUERY_MAX}
          aria-describedby="my-offers-q-hint"
          data-testid="my-offers-q"
        />
        <small id="my-offers-q-hint">{t('my_offers.search_hint')}</small>
      </div>
      <div className="my-offers-filters__field">
        <label htmlFor="my-offers-state">{t('account.offer_state')}</label>
        <select
          id="my-offers-state"
          name="state"
          defaultValue={filters.state ?? ''}
          data-testid="my-offers-state"
        >
          <option value="">{t('my_offers.all_states')}</option>
          {PROPERTY_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`value.property_state.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="my-offers-filters__field">
        <label htmlFor="my-offers-kind">{t('my_offers.filter_kind')}</label>
        <select
          id="my-offers-kind"
          name="kind"
          defaultValue={filters.kind ?? ''}
          data-testid="my-offers-kind"
        >
          <option value="">{t('my_offers.all_kinds')}</option>
          {OFFER_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {t(`value.offer_type.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="my-offers-filters__field">
        <label htmlFor="my-offers-type">{t('my_offers.filter_type')}</label>
        <select
          id="my-offers-type"
          name="type"
          defaultValue={filters.type ?? ''}
          data-testid="my-offers-type"
        >
          <option value="">{t('my_offers.all_types')}</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`value.property_type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="my-offers-filters__field">
        <label htmlFor="my-offers-sort">{t('my_offers.sort')}</label>
        <select id="my-offers-sort" name="sort" defaultValue={filters.sort} data-testid="my-offers-sort">
          {MY_PROPERTIES_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`my_offers.sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="my-offers-filters__buttons">
        <button type="submit" className="button button--primary" data-testid="my-offers-apply">
          {t('my_offers.apply_filters')}
        </button>
        {offers.filtered && (
          <Link to={offers.clearHref} className="button" data-testid="my-offers-clear">
            {t('my_offers.clear_filters')}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** The ticked boxes of the bulk form (rendered per row, tied to the form by its id). */
function tickedBoxes(): HTMLInputElement[] {
  return [
    ...document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=ids][form=${BULK_FORM}]`),
  ];
}

function BulkBar(props: {
  offers: MyOffersData;
  t: Text;
  result: MyOffersResult | undefined;
  selected: number;
  onSelectAll: (on: boolean) => void;
  allRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { offers, t, result, selected } = props;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'bulk';
  const mine = result?.intent === 'bulk' ? result : undefined;
  const confirmDestructive = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value as BulkPropertyAction | undefined;
    if (!action || !CONFIRMED.includes(action)) return;
    const count = props.allRef.current?.checked
      ? offers.items.length
      : tickedBoxes().filter((box) => box.checked).length;
    if (count === 0) return; // the server answers "select at least one offer"
    if (!window.confirm(t(`my_offers.bulk_confirm.${action}`, { count }))) event.preventDefault();
  };
  return (
    <Form
      id={BULK_FORM}
      method="post"
      className="my-offers-bulk"
      aria-labelledby="my-offers-bulk-heading"
      onSubmit={confirmDestructive}
      data-testid="my-offers-bulk"
    >
      <h2 id="my-offers-bulk-heading" className="visually-hidden">
        {t('my_offers.bulk_actions')}
      </h2>
      <input type="hidden" name="intent" value="bulk" />
      {offers.items.map((item) => (
        <span key={item.id} hidden>
          <input type="hidden" name="page_ids" value={item.id} />
          <input type="hidden" name={`title_${item.id}`} value={item.title} />
        </span>
      ))}
      <label className="my-offers-bulk__all">
        <input
          ref={props.allRef}
          type="checkbox"
          name="all"
          value="page"
          onChange={(event) => props.onSelectAll(event.currentTarget.checked)}
          data-testid="my-offers-select-all"
        />{' '}
        {t('my_offers.select_all')}
      </label>
      <span className="my-offers-bulk__count" aria-live="polite" data-testid="my-offers-selected">
        {t('my_offers.selected_count', { count: selected })}
      </span>
      <span className="inline-actions">
        {BULK_PROPERTY_ACTIONS.map((action) => (
          <button
            key={action}
            type="submit"
            name="bulk"
            value={action}
            className={`button${CONFIRMED.includes(action) ? ' button--danger' : ''}`}
            disabled={busy}
            data-testid={`bulk-${action}`}
          >
            {t(BULK_LABELS[action])}
          </button>
        ))}
      </span>
      <p className="my-offers-bulk__hint">{t('my_offers.renew_hint', { days: RENEW_INTERVAL_DAYS })}</p>
      <div role="status" data-testid="my-offers-bulk-result">
        {mine?.formError && <p className="account-form__error">{mine.formError}</p>}
        {mine?.bulk && (
          <div className="notice">
            {mine.bulk.done && <p data-testid="bulk-done">{mine.bulk.done}</p>}
            {mine.bulk.refusedTitle && (
              <>
                <p data-testid="bulk-refused-title">{mine.bulk.refusedTitle}</p>
                <ul data-testid="bulk-refused">
                  {mine.bulk.refused.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </Form>
  );
}

/** One offer's one-button action (a form posting its intent), named with the offer's title for screen readers. */
function RowAction(props: {
  intent: string;
  id: number;
  busy: boolean;
  testId: string;
  label: string;
  title: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      <button type="submit" className="button" disabled={props.busy} data-testid={props.testId}>
        {props.label}
        <span className="visually-hidden">: {props.title}</span>
      </button>
    </Form>
  );
}

export function MyOffersView(props: { offers: MyOffersData; t: Text; result: MyOffersResult | undefined }) {
  const { offers, t, result } = props;
  const navigation = useNavigation();
  const allRef = useRef<HTMLInputElement | null>(null);
  const [selected, setSelected] = useState(0);
  // The count follows the boxes themselves, so ticks made before the scripts came are counted.
  const recount = useCallback(() => {
    const boxes = tickedBoxes();
    const ticked = boxes.filter((box) => box.checked).length;
    if (allRef.current) allRef.current.checked = boxes.length > 0 && ticked === boxes.length;
    setSelected(ticked);
  }, []);
  // A new list (filters, paging, after an action) starts with what the browser shows ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recount again whenever the list changes
  useEffect(recount, [recount, offers]);
  // A bulk action done: the selection it acted on is cleared (the summary says what happened).
  useEffect(() => {
    if (result?.intent !== 'bulk' || !result.bulk) return;
    for (const box of tickedBoxes()) box.checked = false;
    if (allRef.current) allRef.current.checked = false;
    setSelected(0);
  }, [result]);
  const selectAll = (on: boolean) => {
    for (const box of tickedBoxes()) box.checked = on;
    setSelected(on ? tickedBoxes().length : 0);
  };
  return (
    <>
      <p>
        <Link to={offers.addHref} className="button button--primary" data-testid="add-property">
          {t('my_offers.add')}
        </Link>
      </p>
      <FilterBar offers={offers} t={t} />
      <p data-testid="my-offers-total">{t(LIST_COUNT_KEYS.myOffers, { count: offers.total })}</p>
      {offers.items.length === 0 ? (
        <p data-testid="my-offers-empty">
          {t(offers.filtered ? 'my_offers.no_match' : 'account.my_offers_empty')}
        </p>
      ) : (
        <>
          <BulkBar
            offers={offers}
            t={t}
            result={result}
            selected={selected}
            onSelectAll={selectAll}
            allRef={allRef}
          />
          <ul className="account-list my-offers" data-testid="my-offers">
            {offers.items.map((item) => {
              const mine =
                result?.intent === `set_state:${item.id}` ||
                result?.intent === `duplicate:${item.id}` ||
                result?.intent === `availability:${item.id}`
                  ? result
                  : undefined;
              const busy =
                navigation.state === 'submitting' && navigation.formData?.get('id') === String(item.id);
              return (
                <li key={item.id} data-testid="my-offer" data-id={item.id} data-state={item.state}>
                  <div className="my-offer">
                    <input
                      id={`my-offer-select-${item.id}`}
                      type="checkbox"
                      name="ids"
                      value={item.id}
                      form={BULK_FORM}
                      className="my-offer__select"
                      onChange={recount}
                      data-testid="my-offer-select"
                    />
                    <label htmlFor={`my-offer-select-${item.id}`} className="visually-hidden">
                      {t('my_offers.select', { title: item.title })}
                    </label>
                    {item.photo ? (
                      <img src={item.photo} alt="" width={160} height={120} className="my-offer__photo" />
                    ) : (
                      <span className="my-offer__photo my-offer__photo--none" aria-hidden="true" />
                    )}
                    <div>
                      <h2 className="my-offer__title">
                        <Link to={item.editHref}>{item.title}</Link>
                      </h2>
                      <p>{item.address}</p>
                      {item.price && <p className="my-offer__price">{item.price}</p>}
                      <p>
                        {t('account.offer_state')}:{' '}
                        <strong className={`state state--${item.state}`} data-testid="my-offer-state">
                          {item.stateLabel}
                        </strong>
                      </p>
                      {item.strike && (
                        <p className="notice" data-testid="my-offer-strike">
                          {item.strike}
                        </p>
                      )}
                      {item.underReview && (
                        <p className="notice" data-testid="my-offer-under-review">
                          {item.underReview}
                        </p>
                      )}
                      {item.unconfirmed && (
                        <p className="notice" data-testid="my-offer-unconfirmed">
                          {item.unconfirmed}
                        </p>
                      )}
                      {item.groupedBehind && (
                        <p className="notice" data-testid="my-offer-grouped">
                          {item.groupedBehind}
                        </p>
                      )}
                      <ul className="my-offer__stats" data-testid="my-offer-stats">
                        <li data-testid="stat-views">{t('account.views', { count: item.views })}</li>
                        <li data-testid="stat-favourites">
                          {t('nav.favorites_count', { count: item.favourites })}
                        </li>
                        <li data-testid="stat-leads">{t('account.leads', { count: item.leads })}</li>
                      </ul>
                    </div>
                  </div>
                  <div role="status">
                    {mine?.done && (
                      <p className="notice" data-testid="my-offer-done">
                        {mine.done}
                      </p>
                    )}
                    {mine?.formError && (
                      <p className="account-form__error" data-testid="my-offer-error">
                        {mine.formError}{' '}
                        {mine.missing && <Link to={mine.missing.href}>{t('my_offers.complete')}</Link>}
                      </p>
                    )}
                  </div>
                  <fieldset className="inline-actions my-offer__actions">
                    <legend className="visually-hidden">
                      {t('my_offers.actions', { title: item.title })}
                    </legend>
                    <Link to={item.editHref} className="button" data-testid="my-offer-edit">
                      {t('action.edit')}
                      <span className="visually-hidden">: {item.title}</span>
                    </Link>
                    <Link to={item.statsHref} className="button" data-testid="my-offer-stats-link">
                      {t('offer_stats.link')}
                      <span className="visually-hidden">: {item.title}</span>
                    </Link>
                    {item.publicHref && (
                      <Link to={item.publicHref} className="button">
                        {t('editor.view_offer')}
                        <span className="visually-hidden">: {item.title}</span>
                      </Link>
                    )}
                    <RowAction
                      intent="duplicate"
                      id={item.id}
                      busy={busy}
                      testId="my-offer-duplicate"
                      label={t('my_offers.duplicate')}
                      title={item.title}
                    />
                    {item.state === 'active' && !item.strike && (
                      // "Still available" (decision 065): the clock of the availability question starts again.
                      <RowAction
                        intent="confirm_availability"
                        id={item.id}
                        busy={busy}
                        testId="my-offer-confirm-availability"
                        label={t('my_offers.confirm_availability')}
                        title={item.title}
                      />
                    )}
                    {item.actions.map((action) => (
                      <Form
                        key={action.to}
                        method="post"
                        onSubmit={(event) => {
                          // Archiving hides the offer from everyone: ask once (after hydration).
                          if (action.to === 'archived' && !window.confirm(t('my_offers.confirm_archive')))
                            event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="intent" value="set_state" />
                        <input type="hidden" name="id" value={item.id} />
                        <input type="hidden" name="state" value={action.to} />
                        <input type="hidden" name="etag" value={item.etag} />
                        <button
                          type="submit"
                          className={`button${action.to === 'archived' ? ' button--danger' : ''}`}
                          disabled={busy}
                          data-testid={`set-state-${action.to}`}
                        >
                          {action.label}
                          <span className="visually-hidden">: {item.title}</span>
                        </button>
                      </Form>
                    ))}
                  </fieldset>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {offers.pages > 1 && (
        <nav className="pagination" aria-label={t('results.pagination')}>
          {offers.previous && <Link to={offers.previous}>{t('results.previous')}</Link>}
          <span>{t('results.page', { page: offers.page, pages: offers.pages })}</span>
          {offers.next && <Link to={offers.next}>{t('results.next')}</Link>}
        </nav>
      )}
    </>
  );
}
