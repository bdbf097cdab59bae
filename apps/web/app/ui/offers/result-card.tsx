import type { ReactNode } from 'react';
import { type FavoriteTexts, FavoriteToggle } from '../favorite-toggle/favorite-toggle.tsx';
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
  priority?: boolean;
  /** What the page puts under the card (the results' compare and hide buttons). */
  children?: ReactNode;
}) {
  return (
    <li className="result-card">
      <OfferCardItem offer={props.offer} priority={props.priority} />
      {props.children}
      <FavoriteToggle
        offerId={props.offer.id}
        texts={props.favoriteTexts}
        className="result-card__favorite"
      />
    </li>
  );
}
