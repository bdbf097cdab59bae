import { type FavoriteTexts, FavoriteToggle } from '../favorites-toggle/favorite-toggle.tsx';
import { OfferCardItem } from '../offers/offer-card.tsx';
import type { OfferCardView } from '../offers/offer-card-view.ts';

/** A result card with its favourite heart over the photo's corner. */
export function ResultCard(props: { offer: OfferCardView; favoriteTexts: FavoriteTexts }) {
  return (
    <div className="result-card">
      <OfferCardItem offer={props.offer} />
      <FavoriteToggle
        offerId={props.offer.id}
        texts={props.favoriteTexts}
        className="result-card__favorite"
      />
    </div>
  );
}
