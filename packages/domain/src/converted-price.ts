// How a price converted into the visitor's currency is shown (issue 39: "2,118,243 د.إ." read as
// an exact figure the seller never asked for).

/** Significant figures a converted price keeps. */
const CONVERTED_PRICE_FIGURES = 3;

/**
 * A converted price rounded for display: three significant figures, and whole units below
 * 1 000 (330 864 EUR -> 331 000, 2 118 243 AED -> 2 120 000, 823.4 EUR -> 823). Three figures
 * keep the rounding within 0.5 %, less than exchange rates move in a week, so the shown figure
 * claims no more precision than the conversion has, while a rent of a few hundred stays exact
 * to the unit. A price in the seller's own currency is never rounded: only converted ones are.
 */
export function roundConvertedPrice(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('amount must be a finite number');
  const magnitude = Math.abs(amount);
  if (magnitude < 1000) return Math.round(amount);
  const step = 10 ** (Math.floor(Math.log10(magnitude)) + 1 - CONVERTED_PRICE_FIGURES);
  return Math.round(amount / step) * step;
}

/**
 * The amount to show for a price: rounded by `roundConvertedPrice` when it was converted from
 * the seller's currency into another, else the seller's own amount to the unit.
 */
export function shownPrice(amount: number, converted: boolean): number {
  return converted ? roundConvertedPrice(amount) : Math.round(amount);
}
