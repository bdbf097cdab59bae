import { type FavoriteTexts, FavoriteToggle } from '../favorite-toggle/favorite-toggle.tsx';
import { OfferActions, type OfferActionTexts } from '../offer-actions/offer-actions.tsx';
import { OfferCardItem } from './offer-card.tsx';
import type { OfferCardView } from './offer-card-view.ts';

/**
 * A result card with its favourite heart over the photo's corner, as an item of an offer grid's
 * list; `priority` for the first, whose photo is in a phone's first screen (the filters folded
 * above it).
 */
export function ResultCard(props: {
  offer: OfferCardView;
  favoriteTexts: FavoriteTexts;
  /** The compare and hide buttons' words, where the page has its list form (the results). */
  actionTexts?: OfferActionTexts;
  priority?: boolean;
}) {
  return (
    <li className="result-card">
      <OfferCardItem offer={props.offer} priority={props.priority} />
      {props.actionTexts && (
        <OfferActions
          offerId={props.offer.id}
          picked={props.offer.compared === true}
          texts={props.actionTexts}
        />
      )}
      <FavoriteToggle
        offerId={props.offer.id}
        texts={props.favoriteTexts}
        className="result-card__favorite"
      />
    </li>
  );
}
