import { type Packed, unpack } from '../../routing/packed-data.ts';
import { PagedOfferList } from '../../ui/offers/paged-offer-list.tsx';
import type { SellerPageData } from './load-seller-page.server.ts';

/** A seller's public page: picture, facts, the search of its offers and the offers. */
export function SellerPage({ loaderData }: { loaderData: { page: Packed<SellerPageData> } }) {
  const page = unpack(loaderData.page);
  const { seller, search } = page;
  const facts = [seller.type, seller.rating, seller.verified, seller.replyRate].filter(
    (fact): fact is string => Boolean(fact),
  );
  return (
    <article className="container page seller-page" data-testid="seller-page">
      <header className="company-page__header">
        {seller.picture && (
          // The name is beside it: the picture adds nothing a screen reader should say.
          <img className="seller-page__picture" src={seller.picture} alt="" width={112} height={112} />
        )}
        <div>
          <h1 dir="auto" data-testid="seller-page-name">
            {seller.name}
          </h1>
          <ul className="seller-page__facts" data-testid="seller-page-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <p className="company-page__since" data-testid="seller-page-since">
            {seller.memberSince}
          </p>
        </div>
      </header>
      <search aria-label={search.heading}>
        <form
          method="get"
          action={search.action}
          className="seller-page__search"
          data-testid="seller-page-search"
        >
          <label>
            {search.label}
            <input type="search" name="q" defaultValue={search.q} maxLength={100} />
          </label>
          <label>
            {search.typeLabel}
            <select name="offer_type" defaultValue={search.offerType ?? ''}>
              <option value="">{search.any}</option>
              {search.types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary">
            {search.submit}
          </button>
        </form>
      </search>
      <PagedOfferList
        id="seller-offers-heading"
        heading={page.offersHeading}
        offers={page.offers}
        empty={page.empty}
        favoriteTexts={page.favoriteTexts}
        paging={page.paging}
        texts={page.pagingTexts}
        testId="seller-page-offers"
      />
    </article>
  );
}
