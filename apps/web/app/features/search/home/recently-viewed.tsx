import type { Locale } from '@estately/domain';
import { useEffect, useState } from 'react';
import { offerListsActionPath } from '../../../routing/offer-lists-paths.ts';
import { OfferCardItem } from '../../../ui/offers/offer-card.tsx';
import type { OfferCardView } from '../../../ui/offers/offer-card-view.ts';

// "Recently viewed" under the featured offers (issue 44 point 6, decision 072): asked from the
// browser once the page has run, so the cached home page stays the same for everyone. Only a
// browser that has viewed an offer (its cookie) or is signed in asks at all.
const HAS_LIST = /(^|;\s*)(recently_viewed|token)=[^;]/;

export function RecentlyViewed(props: { locale: Locale }) {
  const [list, setList] = useState<{ title: string; cards: OfferCardView[] } | null>(null);
  useEffect(() => {
    if (!HAS_LIST.test(document.cookie)) return;
    fetch(`${offerListsActionPath(props.locale)}/recent`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then(setList, () => undefined);
  }, [props.locale]);
  if (!list || list.cards.length === 0) return null;
  return (
    <section className="container" aria-labelledby="recent-heading" data-testid="recently-viewed">
      <h2 id="recent-heading" className="section-title">
        {list.title}
      </h2>
      <ul className="offer-grid">
        {list.cards.map((offer) => (
          <li key={offer.id}>
            <OfferCardItem offer={offer} />
          </li>
        ))}
      </ul>
    </section>
  );
}
