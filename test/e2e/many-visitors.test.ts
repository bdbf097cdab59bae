// Issue 36, the short version of reliability check 16 (scripts/reliability/checks/16-many-visitors.ts):
// 20 visitors, each a browser on its own loopback address, browse the product as `npm start`
// runs it (limits as shipped) for 20 s beside one abusive client. The journeys are the check's
// (scripts/reliability/lib/visitor-journeys.ts). No visitor may get a 5xx or a 429, every
// sign-up and sign-in that is tried succeeds, and the abusive client is limited.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureWebBuild } from '../../apps/web/test/browser-setup.ts';
import { type Stack, startStack } from '../../scripts/reliability/lib/load-stack.ts';
import { crowdFigures, runCrowd } from '../../scripts/reliability/lib/visitor-journeys.ts';

let stack: Stack;

beforeAll(async () => {
  if (!process.env.RELIABILITY_PRODUCT_ROOT) ensureWebBuild();
  // RELIABILITY_PRODUCT_ROOT names another checkout to measure (its web build must exist).
  const root = process.env.RELIABILITY_PRODUCT_ROOT || undefined;
  stack = await startStack({ label: 'visitors-e2e', rateLimitMax: 'as shipped', offers: 500, root });
});

afterAll(async () => {
  await stack?.close();
});

test('20 visitors from 20 addresses beside an abusive client: no 5xx, no 429, the abuser limited', async () => {
  const result = await runCrowd({
    webUrl: stack.webUrl,
    apiUrl: stack.apiUrl,
    visitors: 20,
    seconds: 20,
    thinkMs: [500, 2000],
    arrivalSeconds: 3,
    abuser: { ratePerSecond: 40, maxRequests: 800 },
  });
  const f = crowdFigures(result);
  const wrong = result.visitorTally.examples;
  expect({ serverErrors: f.serverErrors, tooMany: f.tooMany, noAnswer: f.failures, wrong }).toEqual({
    serverErrors: 0,
    tooMany: 0,
    noAnswer: 0,
    wrong: [],
  });
  expect(f.requestsPerVisitor).toBeGreaterThan(10);
  expect(f.signUpsTried + f.signInsTried).toBeGreaterThan(0);
  expect(f.signUps).toBe(f.signUpsTried);
  expect(f.signIns).toBe(f.signInsTried);
  expect(f.abuserTooMany).toBeGreaterThan(0);
  expect(f.abuserServerErrors).toBe(0);
}, 90_000);
