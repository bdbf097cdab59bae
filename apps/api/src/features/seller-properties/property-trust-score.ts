import { type DbOrTx, projectOfferRow, type properties, scoreOffers } from '@estately/db';
import type { TrustScore } from '@estately/domain';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';

/**
 * The trust score of a property as it stands (packages/domain trust-score.ts, decision 066):
 * its read-model values projected from the row (a draft too, so the editor's checklist shows
 * before publishing), the rest gathered in one statement. `db` is often the transaction of a
 * property write, whose one connection runs one statement at a time.
 */
export async function propertyTrustScore(
  db: DbOrTx,
  row: typeof properties.$inferSelect,
): Promise<TrustScore> {
  const rates = await loadExchangeRates(db as Parameters<typeof loadExchangeRates>[0]);
  const offer = projectOfferRow(row, null, rates);
  const score = (await scoreOffers(db, [offer])).get(row.id);
  if (!score) throw new Error(`no trust score for property ${row.id}`);
  return score;
}
