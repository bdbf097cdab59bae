import { COMPARE_MAX, type Locale } from '@estately/domain';
import type { Translator } from '@estately/i18n';
import type { ListNotice } from '../../lib/offer-lists.server.ts';
import { comparePath, hiddenOffersPath, offerListsActionPath } from '../../routing/offer-lists-paths.ts';
import { renderStaticHtml } from '../render-static.server.ts';
import { OFFER_LISTS_FORM_ID, OfferActions, type OfferActionTexts } from './offer-actions.tsx';

// The tray of picked offers, the notice with "Undo" and the page's one list form (issue 44 points
// 4 and 6, decision 072), and an offer page's compare and hide buttons (offer-actions.tsx),
// written by the server as plain HTML: they work before and without JavaScript and load no code.
// Every button posts the list form to the locale's list action, which answers with a redirect
// back to `back`.

export interface OfferActionsContext {
  locale: Locale;
  t: Translator;
  /** The offers picked for comparison (the browser's cookie). */
  compare: readonly number[];
  /** The page to come back to after a form is sent (path and query). */
  back: string;
}

/** The words of the compare and hide buttons in the context's locale. */
export function offerActionTexts(t: Translator): OfferActionTexts {
  return {
    compare: t('offer_lists.compare'),
    remove: t('offer_lists.compare_remove'),
    hide: t('offer_lists.hide'),
  };
}

/** The compare toggle and the hide button of one offer, for a page written by the server. */
export function offerActionsHtml(context: OfferActionsContext, offerId: number): string {
  return renderStaticHtml(
    <OfferActions
      offerId={offerId}
      picked={context.compare.includes(offerId)}
      texts={offerActionTexts(context.t)}
    />,
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
                type="submit"
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
          <button
            type="submit"
            form={OFFER_LISTS_FORM_ID}
            name="intent"
            value="clear_compare"
            className="button"
          >
            {t('offer_lists.tray_clear')}
          </button>
        </section>
      )}
    </>,
  );
}
