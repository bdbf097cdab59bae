import type { FavoriteTexts } from '../favorites-toggle/favorite-toggle.tsx';
import type { OfferCardView } from '../offers/offer-card-view.ts';
import { ResultCard } from '../results/result-card.tsx';

// The page of an offer that was public and is no longer shown: withdrawn (paused, archived) or
// sold or rented more than 90 days ago. Answered 410 Gone with similar offers, so a buyer who
// kept the link finds a way on (docs/decisions/042).

export interface OfferGoneView {
  title: string;
  heading: string;
  text: string;
  similarHeading: string;
  similar: OfferCardView[];
  favoriteTexts: FavoriteTexts;
}

export function OfferGone(props: OfferGoneView) {
  return (
    <article className="container page" data-testid="offer-gone">
      <h1>{props.heading}</h1>
      <p>{props.text}</p>
      {props.similar.length > 0 && (
        <section aria-label={props.similarHeading} data-testid="similar-offers">
          <h2>{props.similarHeading}</h2>
          <ul className="offer-grid">
            {props.similar.map((card) => (
              <ResultCard key={card.id} offer={card} favoriteTexts={props.favoriteTexts} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
