import type { OfferHistoryView } from './offer-history-view.server.ts';

/**
 * The offer's price and state timeline (decision 063), oldest first, rendered on the server
 * with the page's other static parts: no script. Prices sit in <bdi> so a right-to-left page
 * keeps each amount whole.
 */
export function OfferHistory({ history }: { history: OfferHistoryView }) {
  return (
    <section aria-labelledby="history-heading" className="offer-history" data-testid="offer-history">
      <h2 id="history-heading">{history.heading}</h2>
      {history.daysOnMarket && <p data-testid="offer-days-on-market">{history.daysOnMarket}</p>}
      <ol className="offer-history__list">
        {history.entries.map((entry) => (
          <li
            key={`${entry.dateTime}-${entry.kind}`}
            data-testid="offer-history-entry"
            data-kind={entry.kind}
          >
            <time dateTime={entry.dateTime}>{entry.date}</time>: <bdi>{entry.text}</bdi>
            {entry.original && (
              <>
                {' '}
                (<bdi>{entry.original}</bdi>)
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
