// Check 16 (issue 36): many people on the website at once, with the product as `npm start` runs
// it and its limits as shipped (RATE_LIMIT_MAX unset: 600 requests a minute per visitor; the
// per-action login and sign-up budgets), get no 5xx and no 429, while one abusive client is
// limited.
//
// Before issue 36 the web server called the API from its own address, so the API counted every
// visitor of the website as one client: pages turned into 500/503 and sign-ins into 429 once
// the crowd had spent that one client's budget. Here each visitor is a browser of its own on its
// own loopback address (127.0.0.2, 127.0.0.3, ...), to the web server and the API alike, and
// follows a person's journey at a person's pace: see lib/visitor-journeys.ts (shared with the
// short version in `npm test`, test/e2e/many-visitors.test.ts).
//
// Checks:
//   - 0 answers of 5xx to the visitors, and none without an answer (reset, timeout)
//   - 0 answers of 429 to the visitors
//   - every planned sign-up and sign-in through the web's forms succeeds
//   - the abusive client is limited: some of its requests answered 429, none 5xx
// Figures: visitors, requests per visitor, 5xx and 429 to the visitors, page TTFB p50/p95
// under the load, sign-ups and sign-ins, the abuser's requests and 429s, CPU of the load
// generator and of the product's processes, and a table of answers by kind of request.
//
//   RELIABILITY_VISITORS          visitors (default 200)
//   RELIABILITY_VISITOR_SECONDS   how long they browse (default 120)
//   RELIABILITY_VISITOR_THINK_MS  think time between steps, "min,max" (default 2000,7000)
//   RELIABILITY_ABUSER_RATE       the abuser's ceiling in requests a second (default 40)
//   RELIABILITY_ABUSER_MAX        the abuser's requests in all at most (default 6000)
//   RELIABILITY_PRODUCT_ROOT      the checkout to start (default this one; its web build must
//                                 exist): to measure an older commit, e.g. a git worktree
//   RELIABILITY_SEED_OFFERS       demo offers to seed (default 3000)
// Total: the server start (30-70 s, mostly the seed) + 120 s of visitors, about 3.5 min.
import { loadavg } from 'node:os';
import { table } from '../../bench/lib.ts';
import { descendantProcesses, processUsage } from '../../lib/processes.ts';
import { type Stack, startStack } from '../lib/load-stack.ts';
import { check, expect, figure, finish } from '../lib/report.ts';
import {
  type CrowdResult,
  crowdFigures,
  runCrowd,
  TALLY_HEADER,
  tallyRows,
} from '../lib/visitor-journeys.ts';

const visitors = Number(process.env.RELIABILITY_VISITORS ?? 200);
const seconds = Number(process.env.RELIABILITY_VISITOR_SECONDS ?? 120);
const think = (process.env.RELIABILITY_VISITOR_THINK_MS ?? '2000,7000').split(',').map(Number) as [
  number,
  number,
];
const abuserRate = Number(process.env.RELIABILITY_ABUSER_RATE ?? 40);
const abuserMax = Number(process.env.RELIABILITY_ABUSER_MAX ?? 6000);
const productRoot = process.env.RELIABILITY_PRODUCT_ROOT || undefined;

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '-');
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** CPU seconds of the server and every process under it (the web server and its workers). */
function productCpu(pid: number): number {
  return [pid, ...descendantProcesses(pid)].reduce((sum, p) => sum + (processUsage(p)?.cpuSeconds ?? 0), 0);
}

let stack: Stack | undefined;
let result: CrowdResult | undefined;

await check('many visitors: the product starts with its limits as shipped', async () => {
  stack = await startStack({ label: 'visitors', rateLimitMax: 'as shipped', root: productRoot });
  console.log(
    `started in ${stack.startSeconds.toFixed(0)} s (${stack.database}, ${stack.offers} offers` +
      `${productRoot ? `, checkout ${productRoot}` : ''}); load average ${load()}`,
  );
});

if (stack) {
  const running = stack;
  try {
    await check(
      `many visitors: ${visitors} visitors browse for ${seconds} s beside an abusive client`,
      async () => {
        const cpuBefore = productCpu(running.pid);
        result = await runCrowd({
          webUrl: running.webUrl,
          apiUrl: running.apiUrl,
          visitors,
          seconds,
          thinkMs: think,
          abuser: { ratePerSecond: abuserRate, maxRequests: abuserMax },
          log: (line) => console.log(line),
        });
        const f = crowdFigures(result);
        console.log('\nWell-behaved visitors:');
        console.log(table(TALLY_HEADER, tallyRows(result.visitorTally)));
        console.log('\nThe abusive client:');
        console.log(table(TALLY_HEADER, tallyRows(result.abuserTally)));
        if (result.visitorTally.examples.length > 0)
          console.log(`\nFirst answers that went wrong:\n  ${result.visitorTally.examples.join('\n  ')}`);
        figure('visitors (each from its own loopback address)', f.visitors);
        figure('requests per visitor', f.requestsPerVisitor);
        figure('visitor requests in all', f.requests);
        figure('5xx answers to visitors', f.serverErrors);
        figure('429 answers to visitors', f.tooMany);
        figure('visitor requests without an answer', f.failures);
        figure('page TTFB p50 under load', ms(f.pageTtfbP50));
        figure('page TTFB p95 under load', ms(f.pageTtfbP95));
        figure(
          'sign-ups through the web form that succeeded',
          `${f.signUps} of ${f.signUpsTried} visitors who tried (${result.signUpsPlanned} planned)`,
        );
        figure(
          'sign-ins through the web form that succeeded',
          `${f.signIns} of ${f.signInsTried} visitors who tried (${result.signInsPlanned} planned)`,
        );
        figure('favourites added', f.favourites);
        figure('messages to sellers sent', `${f.messages} of ${result.messagesPlanned}`);
        figure('abusive client: requests', f.abuserRequests);
        figure('abusive client: 429 answers', f.abuserTooMany);
        figure('load generator CPU', result.generatorCpuSeconds, 's');
        figure('product CPU (API and web processes)', productCpu(running.pid) - cpuBefore, 's');
        console.log(`load average ${load()}`);
      },
    );

    if (result) {
      const f = crowdFigures(result);
      await check('many visitors: 0 answers of 5xx (or none at all) to the visitors', () => {
        expect(
          f.serverErrors === 0 && f.failures === 0,
          `${f.serverErrors} answers of 5xx and ${f.failures} without an answer in ${f.requests} requests`,
        );
      });
      await check('many visitors: 0 answers of 429 to the visitors', () => {
        expect(f.tooMany === 0, `${f.tooMany} answers of 429 in ${f.requests} requests`);
      });
      await check('many visitors: every sign-up and sign-in through the web forms succeeds', () => {
        expect(
          f.signUps === f.signUpsTried && f.signIns === f.signInsTried && f.signUpsTried + f.signInsTried > 0,
          `sign-ups ${f.signUps} of ${f.signUpsTried} tried, sign-ins ${f.signIns} of ${f.signInsTried} tried`,
        );
      });
      await check('many visitors: the abusive client is limited (429), never answered 5xx', () => {
        expect(
          f.abuserTooMany > 0 && f.abuserServerErrors === 0,
          `${f.abuserTooMany} answers of 429 and ${f.abuserServerErrors} of 5xx in ${f.abuserRequests} requests`,
        );
      });
    }
  } finally {
    await running.close();
  }
}

finish();
