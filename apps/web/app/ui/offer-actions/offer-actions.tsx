// "Compare" and "Hide this offer" of one offer (issue 44 points 4 and 6, decision 072): two
// submit buttons of the page's one list form (offerListsBarHtml writes it), so that a results
// page of 25 cards carries the form's action and the page to come back to once. Each button
// sends `intent` as "kind:offer id"; the list action answers with a redirect back. No state, no
// handlers: they work before and without JavaScript.

/** The id of the page's one list form, which every offer's buttons send (their `form` attribute). */
export const OFFER_LISTS_FORM_ID = 'offer-lists';

/** The buttons' words in the page's locale. */
export interface OfferActionTexts {
  compare: string;
  /** The compare button's words once the offer is picked ("Remove from comparison"). */
  remove: string;
  hide: string;
}

/** `hide: false` leaves out "Hide this offer" (the favourites, which are kept on purpose). */
export function OfferActions(props: {
  offerId: number;
  picked: boolean;
  texts: OfferActionTexts;
  hide?: boolean;
}) {
  // The words say the state, so no aria-pressed; the buttons take their look from .offer-actions.
  const { offerId, picked, texts } = props;
  return (
    <p className="offer-actions">
      <button
        type="submit"
        form={OFFER_LISTS_FORM_ID}
        name="intent"
        value={`${picked ? 'uncompare' : 'compare'}:${offerId}`}
      >
        {picked ? texts.remove : texts.compare}
      </button>
      {props.hide !== false && (
        <button type="submit" form={OFFER_LISTS_FORM_ID} name="intent" value={`hide:${offerId}`}>
          {texts.hide}
        </button>
      )}
    </p>
  );
}
