import { COMPARE_MAX, type Locale } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import type { ListNotice } from '../../lib/offer-lists.server.ts';
import { comparePath, hiddenOffersPath, offerListsActionPath } from '../../routing/offer-lists-paths.ts';
import { renderStaticHtml } from '../render-static.server.ts';

// "Compare" and "Hide this offer" on cards and offer pages, the tray of picked offers and the
// notice with "Undo" (issue 44 points 4 and 6, decision 072), written by the server as plain
// forms: they work before and without JavaScript, and the pages that show them (results, offer
// detail, home, whose first-load JavaScript is at its budget) load no code for them. Each form
// posts to the locale's list action, which answers with a redirect back to `back`.

export interface OfferActionsContext {
  locale: Locale;
  t: Translator;
  /** The offers picked for comparison (the browser's cookie). */
  compare: readonly number[];
  /** The page to come back to after a form is sent (path and query). */
  back: string;
}

/** The id of the page's one list form, which every card's buttons send (their `form` attribute). */
export const OFFER_LISTS_FORM_ID = 'offer-lists';

/**
 * The compare toggle and the hide button of one offer. They belong to the page's list form
 * (written once by offerListsBarHtml), so that a results page of 25 cards carries the action and
 * the page to come back to once, not 25 times: each button sends `intent` as "kind:offer id".
 */
export function offerActionsHtml(context: OfferActionsContext, offerId: number): string {
  const { t } = context;
  // The button's words say the state ("Compare", "Remove from comparison"), so no aria-pressed;
  // the buttons take their look from .offer-actions (a page has 25 of them: no class each).
  const picked = context.compare.includes(offerId);
  return renderStaticHtml(
    <p className="offer-actions">
      <button
        form={OFFER_LISTS_FORM_ID}
        name="intent"
        value={`${picked ? 'uncompare' : 'compare'}:${offerId}`}
      >
        {picked ? t('offer_lists.compare_remove') : t('offer_lists.compare')}
      </button>
      <button form={OFFER_LISTS_FORM_ID} name="intent" value={`hide:${offerId}`}>
        {t('offer_lists.hide')}
      </button>
    </p>,
  );
}

/**
 * The page's list form (the action and the page to come back to), the notice of the last list
 * action (with "Undo" after hiding) and the compare tray.
 */
export function offerListsBarHtml(context: OfferActionsContext, notice: ListNotice | null): string {
  const { t, locale } = context;
  const action = offerListsActionPath(locale);
  const count = context.compare.length;
  return renderStaticHtml(
    <>
      <form id={OFFER_LISTS_FORM_ID} method="post" action={action}>
        <input type="hidden" name="back" value={context.back} />
      </form>
      {notice && (
        <div className="notice offer-lists-notice" role="status" data-testid="offer-lists-notice">
          {notice.kind === 'hidden' && (
            <p>
              <span>{t('offer_lists.hidden_notice')}</span>{' '}
              <a href={hiddenOffersPath(locale)}>{t('hidden.title')}</a>{' '}
              <button
                form={OFFER_LISTS_FORM_ID}
                name="intent"
                value={`unhide:${notice.id}`}
                className="button"
                data-testid="undo-hide"
              >
                {t('offer_lists.undo')}
              </button>
            </p>
          )}
          {notice.kind === 'shown' && <span>{t('offer_lists.shown_notice')}</span>}
          {notice.kind === 'compare_full' && (
            <span>{t('offer_lists.compare_full', { max: COMPARE_MAX })}</span>
          )}
        </div>
      )}
      {count > 0 && (
        <section className="compare-tray" aria-label={t('offer_lists.tray_label')} data-testid="compare-tray">
          <span>{t('offer_lists.tray_count', { count })}</span>
          {count >= 2 ? (
            <a
              className="button button--primary"
              href={comparePath(locale, context.compare)}
              data-testid="compare-open"
            >
              {t('offer_lists.tray_open')}
            </a>
          ) : (
            <span className="compare-tray__hint">{t('offer_lists.tray_need_more')}</span>
          )}
          <button form={OFFER_LISTS_FORM_ID} name="intent" value="clear_compare" className="button">
            {t('offer_lists.tray_clear')}
          </button>
        </section>
      )}
    </>,
  );
}
