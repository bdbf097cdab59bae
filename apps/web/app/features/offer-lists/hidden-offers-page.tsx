import type { Packed } from '../../routing/packed-data.ts';
import { unpack } from '../../routing/packed-data.ts';
import { OfferCardItem } from '../../ui/offers/offer-card.tsx';
import type { loadHiddenPage } from './load-hidden-page.server.ts';

type PageData = Awaited<ReturnType<typeof loadHiddenPage>>['page'] extends Packed<infer T> ? T : never;

/** Hidden offers (issue 44 point 6): each card with "Show again". */
export function HiddenOffersPage({ loaderData }: { loaderData: { page: Packed<PageData> } }) {
  const page = unpack(loaderData.page);
  return (
    <div className="container page hidden-offers-page">
      <h1>{page.heading}</h1>
      <p>{page.intro}</p>
      {page.shownNotice && (
        <p className="notice" role="status" data-testid="offer-lists-notice">
          {page.shownNotice}
        </p>
      )}
      {page.empty ? (
        <p className="notice" data-testid="hidden-empty">
          {page.empty}
        </p>
      ) : (
        <ul className="offer-grid" data-testid="hidden-offers">
          {page.items.map((item) => (
            <li key={item.id} className="result-card" data-testid="hidden-offer">
              {item.card ? <OfferCardItem offer={item.card} /> : <p>{item.gone}</p>}
              <form method="post" action={page.action} className="offer-actions">
                <input type="hidden" name="back" value={page.back} />
                <button
                  type="submit"
                  name="intent"
                  value={`unhide:${item.id}`}
                  className="offer-action"
                  data-testid="show-again"
                >
                  {page.showAgain}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
