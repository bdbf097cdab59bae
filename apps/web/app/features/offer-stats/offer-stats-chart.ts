// Geometry of the statistics bar chart (issue 38 point 11), computed on the server: one bar per
// day, a y axis with round steps, a few date labels on the x axis and, for views, the median of
// similar offers as a dashed line. Right-to-left pages run the days from right to left and put
// the y axis on the right.

export interface ChartInput {
  values: readonly number[];
  /** A label per value (the x axis shows a few of them). */
  labels: readonly string[];
  /** A reference line (the median of similar offers), or null. */
  reference: number | null;
  rtl: boolean;
  /** Formats a y-axis value in the page's locale. */
  format: (value: number) => string;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
  label: string;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: ChartBar[];
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  /** The y axis line's x (left in LTR, right in RTL). */
  axisX: number;
  reference: { y: number } | null;
}

export const CHART_SIZE = { width: 720, height: 280 } as const;
const MARGIN = { axis: 56, side: 12, top: 16, bottom: 36 } as const;

/** The smallest step of 1, 2 or 5 times a power of ten that covers `max` in at most `ticks` steps. */
export function niceStep(max: number, ticks = 5): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * power;
    // Counts are whole numbers: never a step below 1.
    if (step >= raw && step >= 1) return step;
  }
  return Math.max(1, 10 * power);
}

export function buildChart(input: ChartInput): ChartGeometry {
  const { width, height } = CHART_SIZE;
  const plot = input.rtl
    ? { left: MARGIN.side, right: width - MARGIN.axis, top: MARGIN.top, bottom: height - MARGIN.bottom }
    : { left: MARGIN.axis, right: width - MARGIN.side, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const count = input.values.length;
  const highest = Math.max(0, ...input.values, input.reference ?? 0);
  const step = niceStep(highest);
  const top = Math.max(step, Math.ceil(highest / step) * step);
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  const band = count > 0 ? plotWidth / count : plotWidth;
  const barWidth = Math.max(1, band * 0.72);
  const yOf = (value: number) => plot.bottom - (value / top) * plotHeight;
  // Day i from the start of the axis: the left edge in LTR, the right edge in RTL.
  const centerOf = (index: number) =>
    input.rtl ? plot.right - band * (index + 0.5) : plot.left + band * (index + 0.5);
  const round = (value: number) => Math.round(value * 10) / 10;

  const bars = input.values.map((value, index) => {
    const y = yOf(value);
    return {
      x: round(centerOf(index) - barWidth / 2),
      y: round(y),
      width: round(barWidth),
      height: round(plot.bottom - y),
      value,
      label: input.labels[index] ?? '',
    };
  });
  const yTicks: ChartGeometry['yTicks'] = [];
  for (let value = 0; value <= top; value += step)
    yTicks.push({ y: round(yOf(value)), label: input.format(value) });
  // About six date labels, the last day always among them.
  const every = Math.max(1, Math.ceil(count / 6));
  const xTicks: ChartGeometry['xTicks'] = [];
  for (let index = count - 1; index >= 0; index -= every)
    xTicks.unshift({ x: round(centerOf(index)), label: input.labels[index] ?? '' });
  return {
    width,
    height,
    plot,
    bars,
    yTicks,
    xTicks,
    axisX: input.rtl ? plot.right : plot.left,
    reference: input.reference === null ? null : { y: round(yOf(input.reference)) },
  };
}
