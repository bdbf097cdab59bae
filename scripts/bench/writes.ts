// Q9 of issue 4: the writes that go on while reads are measured. An owner changing the price
// of an offer is the commonest write: the property and its read-model row change in one
// transaction, as the property operations do, so the triggers on `offers` (change counters
// of the count cache, map cells) run as they would in production. Paced at a fixed rate on a
// connection of its own; every write's time is kept.
import type pg from 'pg';
import { summarize, type Timing } from './lib.ts';

const PRICE_CHANGE = `
  with changed as (
    update properties set price = round(price * $2::numeric, -2), updated_at = now()
      where id = $1 and price is not null
      returning id, price, currency
  )
  update offers o set price = c.price, price_normalized = c.price * r.rate_to_czk, updated_at = now()
    from changed c join exchange_rates r on r.currency = c.currency
    where o.id = c.id`;

export interface WriteLoad {
  /** Stops the writes and reports how many were made and how long they took. */
  stop(): Promise<{ writes: number; errors: number; firstError: string | undefined; timing: Timing }>;
}

export function startWrites(pool: pg.Pool, ids: readonly number[], perSecond: number): WriteLoad {
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let n = 0;
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      // Paced by the schedule, not by the previous write, so a slow write does not lower the rate.
      const due = started + (n * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!running) break;
      const id = ids[(n * 7919) % ids.length] as number;
      const factor = 0.95 + ((n * 37) % 11) / 100;
      n++;
      const t0 = performance.now();
      try {
        await pool.query(PRICE_CHANGE, [id, factor]);
        times.push(performance.now() - t0);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { writes: times.length, errors, firstError, timing: summarize(times) };
    },
  };
}
