import type { FavoriteTexts } from '../favorite-toggle/favorite-toggle.tsx';
import type { OfferCardView } from './offer-card-view.ts';
import { ResultCard } from './result-card.tsx';

// The offers of a public profile page (a company's, a seller's): a heading with the count, the
// cards, a sentence when there are none, and links to the previous and next pages.

export interface PagedOfferListProps {
  id: string;
  heading: string;
  offers: OfferCardView[];
  empty: string;
  favoriteTexts: FavoriteTexts;
  paging: { totalPages: number; previous: string | null; next: string | null };
  texts: { pagination: string; previous: string; next: string; pageOf: string };
  testId: string;
}

export function PagedOfferList(props: PagedOfferListProps) {
  const { paging, texts } = props;
  return (
    <section aria-labelledby={props.id} data-testid={props.testId}>
      <h2 id={props.id}>{props.heading}</h2>
      {props.offers.length === 0 ? (
        <p data-testid={`${props.testId}-empty`}>{props.empty}</p>
      ) : (
        <ul className="offer-grid">
          {props.offers.map((card) => (
            <ResultCard key={card.id} offer={card} favoriteTexts={props.favoriteTexts} />
          ))}
        </ul>
      )}
      {paging.totalPages > 1 && (
        <nav aria-label={texts.pagination} className="pagination" data-testid={`${props.testId}-paging`}>
          {paging.previous && (
            <a href={paging.previous} rel="prev">
              {texts.previous}
            </a>
          )}
          <span aria-current="page">{texts.pageOf}</span>
          {paging.next && (
            <a href={paging.next} rel="next">
              {texts.next}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
