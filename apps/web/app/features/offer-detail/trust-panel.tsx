import type { TrustPanelView } from './trust-panel-view.server.ts';

/**
 * The offer's trust score and its signals (decision 066), rendered on the server with the page's
 * other static parts: no script. Each signal says in words whether the offer has it, so the
 * marks beside them are decoration only.
 */
export function TrustPanel({ trust }: { trust: TrustPanelView }) {
  return (
    <section aria-labelledby="trust-heading" className="trust-panel" data-testid="trust-panel">
      <h2 id="trust-heading" data-testid="trust-heading">
        {trust.heading}
      </h2>
      <ul className="trust-panel__signals">
        {trust.signals.map((signal) => (
          <li
            key={signal.key}
            className={`trust-panel__signal trust-panel__signal--${signal.status}`}
            data-testid="trust-signal"
            data-signal={signal.key}
            data-status={signal.status}
          >
            <span aria-hidden="true" className="trust-panel__mark">
              {signal.status === 'met'
                ? '✓'
                : signal.status === 'unknown'
                  ? '?'
                  : signal.status === 'partial'
                    ? '◐'
                    : '✗'}
            </span>{' '}
            <span>{signal.label}</span>: <span>{signal.statusText}</span>{' '}
            <bdi className="trust-panel__points">({signal.points})</bdi>
          </li>
        ))}
      </ul>
    </section>
  );
}
