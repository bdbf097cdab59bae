// `npm run bench -- --only naive`: the peer of issue 4 "naive schema": Q1 (page 1 newest
// first, total, three facet groups) asked of the write model directly, with no read model
// and no index on the filtered columns: `properties` joined with its seller and the exchange
// rates (price converted per row), filters on plain columns. The only secondary index that
// could apply, properties_state_idx, is unselective (most properties are active), so every
// statement reads the table. The ratio against the read-model Q1 is printed by `npm run bench`.

import { createPostgres } from '@estately/db';
import pg from 'pg';
import { databaseUrl, type Figures, flag, loadLine, ms, summarize, table, writeFigures } from './lib.ts';
import { buildVariants } from './queries.ts';

const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = databaseUrl(server, flag('database') || 'estately_bench');
const iterations = Number(flag('naive-iterations') || 5);
const maxMs = 60_000;

const handle = createPostgres(url, undefined, 2);
const variants = await buildVariants(handle.db);
await handle.close();

const pool = new pg.Pool({ connectionString: url, max: 5 });
const base = `from properties p
  left join sellers s on s.id = p.seller_id
  join exchange_rates r on r.currency = p.currency
  where p.state = 'active' and p.struck_at is null
    and p.country_code = $1 and p.offer_type = $2 and p.property_type = $3
    and p.price * r.rate_to_czk between $4 and $5`;
const statements = [
  `select p.id, p.activated_at, p.price, p.currency, p.disposition, p.useful_area_meters, p.city, p.street,
     p.latitude, p.longitude, s.seller_type, s.is_verified ${base}
   order by p.activated_at desc, p.id desc limit 25`,
  `select count(*)::int ${base}`,
  `select p.disposition as value, count(*)::int ${base} group by 1`,
  `select p.ownership as value, count(*)::int ${base} group by 1`,
  `select p.type_of_building as value, count(*)::int ${base} group by 1`,
];

async function naiveQ1(i: number): Promise<void> {
  const p = variants.q1[i % variants.q1.length] ?? {};
  const values = [p.country_code, p.offer_type, p.property_type, Number(p.price_from), Number(p.price_to)];
  // Side by side like the read-model Q1 (list, total and facets at once).
  await Promise.all(statements.map((text) => pool.query(text, values)));
}

console.log(`Naive schema peer: Q1 on properties + sellers without a read model (${loadLine()})`);
await naiveQ1(0);
const samples: number[] = [];
const started = performance.now();
for (let i = 1; i <= iterations && performance.now() - started < maxMs; i++) {
  const t0 = performance.now();
  await naiveQ1(i);
  samples.push(performance.now() - t0);
}
await pool.end();
const t = summarize(samples);
console.log(table(['query', 'p50 ms', 'p95 ms', 'n'], [['naive Q1', ms(t.p50), ms(t.p95), String(t.n)]]));
const figures: Figures = { 'naive.Q1.p50': t.p50, 'naive.Q1.p95': t.p95 };
writeFigures('naive', figures);
