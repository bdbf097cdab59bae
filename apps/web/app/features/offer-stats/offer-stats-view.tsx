import { Link } from 'react-router';
import type { OfferStatsPage } from './offer-stats.server.ts';

// The statistics page of one's own offer (issue 38 point 11): window and metric as plain links,
// the position sentence, the bar chart as SVG drawn from the server's geometry inside a figure
// with its caption, legend and the same figures as a table. No script needed.

export interface OfferStatsTexts {
  back: string;
  windowNav: string;
  metricNav: string;
  positionHeading: string;
  showTable: string;
}

export function OfferStatsView({ page, texts }: { page: OfferStatsPage; texts: OfferStatsTexts }) {
  const { chart } = page;
  const { plot } = chart;
  return (
    <div className="offer-stats">
      <p>
        <Link to={page.backHref} data-testid="offer-stats-back">
          {texts.back}
        </Link>
      </p>
      <h1>{page.heading}</h1>
      <p className="offer-stats__address">{page.address}</p>

      <nav aria-label={texts.windowNav}>
        <ul className="offer-stats__switch" data-testid="offer-stats-windows">
          {page.windows.map((window) => (
            <li key={window.days}>
              <Link to={window.href} aria-current={window.current ? 'page' : undefined} preventScrollReset>
                {window.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={texts.metricNav}>
        <ul className="offer-stats__switch offer-stats__metrics" data-testid="offer-stats-metrics">
          {page.metrics.map((item) => (
            <li key={item.metric}>
              <Link
                to={item.href}
                aria-current={item.current ? 'page' : undefined}
                data-metric={item.metric}
                preventScrollReset
              >
                {item.label} <strong>{item.total}</strong>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="offer-stats__position" aria-labelledby="offer-stats-position-heading">
        <h2 id="offer-stats-position-heading">{texts.positionHeading}</h2>
        <p data-testid="offer-stats-position" data-status={page.position.status}>
          {page.position.sentence}
        </p>
        {page.position.rule && <p className="offer-stats__muted">{page.position.rule}</p>}
      </section>

      <figure className="offer-stats__figure" data-testid="offer-stats-chart" data-metric={page.metric}>
        <figcaption id="offer-stats-caption">{page.caption}</figcaption>
        <svg
          className="offer-stats__chart"
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          width={chart.width}
          height={chart.height}
          role="img"
          aria-labelledby="offer-stats-caption offer-stats-summary"
          direction={page.rtl ? 'rtl' : 'ltr'}
        >
          <title>{page.caption}</title>
          <desc id="offer-stats-summary">{page.summary}</desc>
          <g className="offer-stats__grid">
            {chart.yTicks.map((tick) => (
              <g key={tick.y}>
                <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
                {/* "end" puts the label beside the axis on either side: the text runs away from it. */}
                <text
                  x={page.rtl ? chart.axisX + 8 : chart.axisX - 8}
                  y={tick.y}
                  dy="0.35em"
                  textAnchor="end"
                >
                  {tick.label}
                </text>
              </g>
            ))}
          </g>
          <g className="offer-stats__bars" data-testid="offer-stats-bars">
            {chart.bars.map((bar) => (
              <rect
                key={bar.label}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={bar.height}
                data-value={bar.value}
              >
                <title>{`${bar.label}: ${bar.value}`}</title>
              </rect>
            ))}
          </g>
          {chart.reference && (
            <line
              className="offer-stats__reference"
              data-testid="offer-stats-median"
              x1={plot.left}
              x2={plot.right}
              y1={chart.reference.y}
              y2={chart.reference.y}
            />
          )}
          <line
            className="offer-stats__axis"
            x1={plot.left}
            x2={plot.right}
            y1={plot.bottom}
            y2={plot.bottom}
          />
          <line
            className="offer-stats__axis"
            x1={chart.axisX}
            x2={chart.axisX}
            y1={plot.top}
            y2={plot.bottom}
          />
          <g className="offer-stats__dates">
            {chart.xTicks.map((tick) => (
              <text key={tick.x} x={tick.x} y={plot.bottom + 22} textAnchor="middle">
                {tick.label}
              </text>
            ))}
          </g>
        </svg>
        <ul className="offer-stats__legend" data-testid="offer-stats-legend">
          <li>
            <span className="offer-stats__swatch" aria-hidden="true" />
            {page.metricLabel}
          </li>
          {page.referenceLabel && (
            <li>
              <span className="offer-stats__swatch offer-stats__swatch--reference" aria-hidden="true" />
              {page.referenceLabel}
            </li>
          )}
        </ul>
        <p data-testid="offer-stats-total">{page.total}</p>
        <details className="offer-stats__details">
          <summary>{texts.showTable}</summary>
          <table className="offer-stats__table" data-testid="offer-stats-table">
            <caption className="visually-hidden">{page.caption}</caption>
            <thead>
              <tr>
                {page.tableHeads.map((head) => (
                  <th key={head} scope="col">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.table.map((row) => (
                <tr key={row.date}>
                  <th scope="row">{row.date}</th>
                  {row.values.map((value, index) => (
                    <td key={page.tableHeads[index + 1]}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figure>
      <p className="offer-stats__muted">{page.note}</p>
    </div>
  );
}
