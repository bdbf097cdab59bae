import { Form, Link, useNavigation } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import type { Text } from '../auth/form-ui.tsx';
import type { MyOffersData, MyOffersResult } from './my-offers.server.ts';

// My offers: each property with its photo, state, statistics and the state changes it allows,
// each a small form posting to the screen's action (works before the scripts load); the answer
// shows beside the property it changed.

export function MyOffersView(props: { offers: MyOffersData; t: Text; result: MyOffersResult | undefined }) {
  const { offers, t, result } = props;
  const navigation = useNavigation();
  return (
    <>
      <p>
        <Link to={offers.addHref} className="button button--primary" data-testid="add-property">
          {t('my_offers.add')}
        </Link>
      </p>
      <p data-testid="my-offers-total">{t(LIST_COUNT_KEYS.myOffers, { count: offers.total })}</p>
      {offers.items.length === 0 ? (
        <p>{t('account.my_offers_empty')}</p>
      ) : (
        <ul className="account-list my-offers" data-testid="my-offers">
          {offers.items.map((item) => {
            const mine = result?.intent === `set_state:${item.id}` ? result : undefined;
            const busy =
              navigation.state === 'submitting' && navigation.formData?.get('id') === String(item.id);
            return (
              <li key={item.id} data-testid="my-offer" data-id={item.id} data-state={item.state}>
                <div className="my-offer">
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
                  <legend className="visually-hidden">{t('my_offers.actions', { title: item.title })}</legend>
                  <Link to={item.editHref} className="button" data-testid="my-offer-edit">
                    {t('action.edit')}
                    <span className="visually-hidden">: {item.title}</span>
                  </Link>
                  {item.publicHref && (
                    <Link to={item.publicHref} className="button">
                      {t('editor.view_offer')}
                      <span className="visually-hidden">: {item.title}</span>
                    </Link>
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
