import type { PriceContextView } from './price-context-view.server.ts';

/**
 * The offer's price in context (decision 064), rendered on the server with the page's other
 * static parts: no script. The distribution is a list whose every line says its range and count;
 * the bars beside them are <meter>s hidden from screen readers (the text says it all), filled
 * from the inline start, so a right-to-left page mirrors them. The mortgage form is a GET of
 * the page itself, answered by the server with the new payment.
 */
export function PriceContext({ view, action }: { view: PriceContextView; action: string }) {
  return (
    <section
      aria-labelledby="price-context-heading"
      className="price-context"
      id="price-context"
      data-testid="price-context"
    >
      <h2 id="price-context-heading">{view.heading}</h2>
      {view.fair && (
        <div data-testid="fair-price">
          <p className="price-context__summary" data-testid="fair-price-summary">
            <bdi>{view.fair.summary}</bdi>
          </p>
          <p data-testid="fair-price-median">
            <bdi>{view.fair.median}</bdi>
          </p>
          <figure className="price-context__chart">
            <figcaption>{view.fair.caption}</figcaption>
            <ol className="price-context__bars">
              {view.fair.bars.map((bar) => (
                <li
                  key={bar.text}
                  className="price-context__bar"
                  data-testid="fair-price-bar"
                  data-own={bar.own || undefined}
                >
                  <meter aria-hidden="true" min={0} max={view.fair!.maxCount} value={bar.count} />
                  <span>
                    <bdi>{bar.text}</bdi>
                    {bar.own && <strong className="price-context__own"> ({view.fair!.thisOffer})</strong>}
                  </span>
                </li>
              ))}
            </ol>
          </figure>
          <p className="field__hint">{view.fair.note}</p>
        </div>
      )}
      {view.monthlyCost && (
        <div data-testid="monthly-cost">
          <h3>{view.monthlyCost.heading}</h3>
          <p className="price-context__payment" data-testid="monthly-cost-total">
            <bdi>{view.monthlyCost.total}</bdi>
          </p>
          <ul className="price-context__parts" data-testid="monthly-cost-parts">
            {view.monthlyCost.parts.map((part) => (
              <li key={part}>
                <bdi>{part}</bdi>
              </li>
            ))}
          </ul>
          {view.monthlyCost.note && (
            <p className="field__hint" data-testid="monthly-cost-note">
              {view.monthlyCost.note}
            </p>
          )}
          {view.monthlyCost.converted && <p className="field__hint">{view.monthlyCost.converted}</p>}
        </div>
      )}
      {view.mortgage && (
        <div data-testid="mortgage">
          <h3>{view.mortgage.heading}</h3>
          <p className="price-context__payment" data-testid="mortgage-payment">
            <bdi>{view.mortgage.view.payment}</bdi>
          </p>
          <p data-testid="mortgage-summary">
            <bdi>{view.mortgage.view.summary}</bdi>
          </p>
          <form method="get" action={action} className="price-context__form">
            {view.mortgage.view.fields.map((field) => (
              <div className="field" key={field.name}>
                <label htmlFor={`mortgage-${field.name}`} className="field__label">
                  {field.label}
                </label>
                <input
                  id={`mortgage-${field.name}`}
                  name={field.name}
                  type="number"
                  inputMode="decimal"
                  min={field.min}
                  max={field.max}
                  step={field.step}
                  defaultValue={field.value}
                  required
                  aria-invalid={field.error ? true : undefined}
                  aria-describedby={field.error ? `mortgage-${field.name}-error` : undefined}
                />
                {field.error && (
                  <p id={`mortgage-${field.name}-error`} className="field__error">
                    {field.error}
                  </p>
                )}
              </div>
            ))}
            <button type="submit" className="button">
              {view.mortgage.view.submit}
            </button>
          </form>
          <p className="field__hint">{view.mortgage.view.note}</p>
        </div>
      )}
    </section>
  );
}
