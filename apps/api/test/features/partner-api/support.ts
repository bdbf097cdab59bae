import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { users } from '@estately/db';
import type { ApiKeyScope } from '@estately/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { JobRegistry } from '../../../src/features/jobs/job-registry.ts';
import { createJobWorker, type JobRunSummary } from '../../../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../../src/features/mail/create-mail-transport.ts';
import { PARTNER_LISTING_JOB } from '../../../src/features/partner-api/partner-listing-job.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { bearer, createUser, type TestUser } from '../../support/auth-helpers.ts';
import type { TestApi } from '../../support/helpers.ts';

// Shared by the partner API's tests: a company with a key made through the account's own call,
// the worker's partner listing jobs run with the product's handler, and photos served from
// 127.0.0.1 (which the tests' FEED_ALLOWED_NETWORKS allows).

export interface Partner {
  user: TestUser;
  secret: string;
  keyId: number;
}

/** A company account (of `kind`) and an API key with `scopes`, created by POST /users/me/api-keys. */
export async function partnerWithKey(
  api: TestApi,
  scopes: ApiKeyScope[] = ['listings:read', 'listings:write'],
  kind: 'agency' | 'developer' | 'broker' | 'other' = 'agency',
): Promise<Partner> {
  const user = await createUser(api.db, {
    verified: true,
    accountType: 'company',
    companyName: 'Realitka Vltava s.r.o.',
    companyKind: kind,
  });
  return { user, ...(await keyOf(api, user, scopes)) };
}

/** Another key of the same company. */
export async function keyOf(
  api: TestApi,
  user: TestUser,
  scopes: ApiKeyScope[] = ['listings:read', 'listings:write'],
): Promise<{ secret: string; keyId: number }> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/users/me/api-keys',
    headers: bearer(api.config, user.id),
    payload: { name: 'CRM', scopes },
  });
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  const body = response.json() as { secret: string; key: { id: number } };
  return { secret: body.secret, keyId: body.key.id };
}

export async function makePerson(api: TestApi, userId: number): Promise<void> {
  await api.db.update(users).set({ accountType: 'person' }).where(eq(users.id, userId));
}

/** Runs the partner listing jobs that are due, with the handler the product registers. */
export async function runPartnerJobs(api: TestApi): Promise<JobRunSummary> {
  const handlers = createJobHandlers({
    db: api.db,
    config: api.config,
    transport: createMailTransport(api.config, api.db),
  });
  const handler = handlers.handlerFor(PARTNER_LISTING_JOB);
  if (!handler) throw new Error(`no handler registered for ${PARTNER_LISTING_JOB}`);
  return createJobWorker({
    db: api.db,
    registry: new JobRegistry().register(PARTNER_LISTING_JOB, handler),
  }).runDueJobs();
}

/** An HTTP server on 127.0.0.1 serving `files` by path (404 for the rest), with what it was asked. */
export async function servePhotos(files: Record<string, { type: string; body: Buffer | string }>): Promise<{
  base: string;
  requests: string[];
  close(): Promise<void>;
}> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A JPEG of one colour, big enough for every photo variant. */
export function photo(red: number, green: number, blue: number): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .jpeg()
    .toBuffer();
}

/** Every field publishing needs. */
export const LISTING = {
  offer_type: 'sale',
  property_type: 'apartment',
  price: 7_900_000,
  currency_iso_code: 'CZK',
  price_variant: 'negotiable',
  disposition: '3',
  room: ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'],
  bathroom: 1,
  useful_area: 82,
  useful_area_units: 'm2',
  floor: 2,
  total_floors: 5,
  type_of_building: 'brick',
  description: 'Sunny flat near the park.',
  street: 'Mánesova 12',
  city: 'praha',
  city_part: 'Vinohrady',
  country_code: 'CZ',
  latitude: 50.0755,
  longitude: 14.4378,
  contact: {
    contact_name: 'Jana Nováková',
    contact_email: 'jana@example.com',
    contact_phone: '+420 777 123 456',
  },
};
