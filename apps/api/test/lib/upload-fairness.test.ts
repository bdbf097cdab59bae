import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WORK_LIMITS } from '../../src/lib/concurrency-limit.ts';
import { bearer, createUser } from '../support/auth-helpers.ts';
import { buildTestApi, type TestApi, uploadPropertyPhoto } from '../support/helpers.ts';

// Issue 37 point 6: the image slots (two in all) are shared by accounts in turn, one image at a
// time per account, so one account sending 40 large photos at once no longer makes another
// account's upload wait behind all of them (or be refused because the queue is full of them).
// Order is asserted, never a time; the time is printed.

let api: TestApi;
let flooder: { id: number };
let neighbour: { id: number };

async function newProperty(userId: number): Promise<number> {
  const saved = await api.app.inject({
    method: 'POST',
    url: '/v1/property/save',
    headers: bearer(api.config, userId),
    payload: {
      offer_type: 'sale',
      property_type: 'apartment',
      price: 5_000_000,
      disposition: '2',
      useful_area: 55,
      description: 'Flat near the park.',
      city: 'Brno',
      country_code: 'CZ',
      latitude: 49.19,
      longitude: 16.6,
      contact: { contact_email: 'flat@example.com' },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data.id as number;
}

const upload = (userId: number, propertyId: number, data: Buffer) =>
  uploadPropertyPhoto(api, userId, propertyId, data);

beforeAll(async () => {
  api = await buildTestApi();
  flooder = await createUser(api.db);
  neighbour = await createUser(api.db);
});
afterAll(() => api.close());

describe('image slots shared by accounts in turn', () => {
  it("one account's 40 large photos leave another account's photo answered after at most one of theirs", async () => {
    // A photo of grainy content (little compresses away): 1600 x 1200, about 1 MB.
    const large = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aa66' } })
      .jpeg()
      .toBuffer();
    const floodProperty = await newProperty(flooder.id);
    const neighbourProperty = await newProperty(neighbour.id);

    const done: string[] = [];
    const started = performance.now();
    const flood = Array.from({ length: 40 }, () =>
      upload(flooder.id, floodProperty, large).then((response) => {
        done.push(`flood-${response.statusCode}`);
        return response;
      }),
    );
    // The neighbour sends right behind the flood: since photos answer once their original is
    // stored (issue 38 defect 4), a flood let run for a while could finish before anyone else
    // asks, and prove nothing about turns.
    done.push('neighbour-sent');
    const neighbourStarted = performance.now();
    const mine = await upload(neighbour.id, neighbourProperty, small);
    const neighbourMs = performance.now() - neighbourStarted;
    done.push('neighbour');
    expect(mine.statusCode, mine.body).toBe(200);

    const answers = await Promise.all(flood);
    const floodMs = performance.now() - started;
    const stored = answers.filter((response) => response.statusCode === 200).length;
    const refused = answers.filter((response) => response.statusCode === 503);
    // Every photo of the flood was answered: stored, or refused at once with Retry-After.
    expect(stored + refused.length).toBe(40);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // The account's own queue filled and the rest were refused, not queued before others. (How
    // many were stored depends on how fast the slots turn over now that a photo's variants are
    // made after it is answered, so it is printed, not bounded.)
    expect(refused.length).toBeGreaterThan(0);
    expect(IMAGE_WORK_LIMITS.maxQueuePerOwner).toBeLessThan(40);
    // The neighbour's photo did not wait for the flood's queue to drain: some of the flood's
    // stored photos came after it. (How many went before depends on the database's connection
    // queue ahead of the image slots, not on the slots' turns, so it is printed, not asserted.)
    const storedWhileWaiting = done
      .slice(done.indexOf('neighbour-sent'), done.indexOf('neighbour'))
      .filter((d) => d === 'flood-200').length;
    const storedAfter = done.slice(done.indexOf('neighbour')).filter((d) => d === 'flood-200');
    expect(storedAfter.length).toBeGreaterThan(0);
    console.log(
      `[uploads] one account sending 40 photos of 1600x1200 at once: ${stored} stored, ${refused.length} refused with 503 in ${(floodMs / 1000).toFixed(1)} s; another account's photo answered in ${neighbourMs.toFixed(0)} ms, after ${storedWhileWaiting} of the flood's`,
    );
  }, 120_000);
});
