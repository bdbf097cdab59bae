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

function Hidden(props: { back: string; offerId?: number }) {
  return (
    <>
      <input type="hidden" name="back" value={props.back} />
      {props.offerId !== undefined && <input type="hidden" name="offer_id" value={props.offerId} />}
    </>
  );
}

/** The compare toggle and the hide button of one offer. */
export function offerActionsHtml(context: OfferActionsContext, offerId: number): string {
  const { t, locale } = context;
  const picked = context.compare.includes(offerId);
  return renderStaticHtml(
    <form
      method="post"
      action={offerListsActionPath(locale)}
      className="offer-actions"
      data-testid="offer-actions"
    >
      <Hidden back={context.back} offerId={offerId} />
      <button
        type="submit"
        name="intent"
        value={picked ? 'uncompare' : 'compare'}
        className="offer-action"
        aria-pressed={picked}
        data-testid="compare-toggle"
      >
        {picked ? t('offer_lists.compare_remove') : t('offer_lists.compare')}
      </button>
      <button type="submit" name="intent" value="hide" className="offer-action" data-testid="hide-offer">
        {t('offer_lists.hide')}
      </button>
    </form>,
  );
}

/** The notice of the last list action (with "Undo" after hiding) and the compare tray. */
export function offerListsBarHtml(context: OfferActionsContext, notice: ListNotice | null): string {
  const { t, locale } = context;
  const action = offerListsActionPath(locale);
  const count = context.compare.length;
  return renderStaticHtml(
    <>
      {notice && (
        <div className="notice offer-lists-notice" role="status" data-testid="offer-lists-notice">
          {notice.kind === 'hidden' && (
            <form method="post" action={action}>
              <Hidden back={context.back} offerId={notice.id} />
              <span>{t('offer_lists.hidden_notice')}</span>{' '}
              <a href={hiddenOffersPath(locale)}>{t('hidden.title')}</a>{' '}
              <button type="submit" name="intent" value="unhide" className="button" data-testid="undo-hide">
                {t('offer_lists.undo')}
              </button>
            </form>
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
          <form method="post" action={action}>
            <Hidden back={context.back} />
            <button type="submit" name="intent" value="clear_compare" className="button">
              {t('offer_lists.tray_clear')}
            </button>
          </form>
        </section>
      )}
    </>,
  );
}
