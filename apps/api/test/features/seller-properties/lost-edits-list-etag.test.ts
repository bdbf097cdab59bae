import { properties } from '@estately/db';
import { MyPropertiesResponseSchema } from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// My offers changes a property's state from the list (GET /my/own/properties), so each item
// carries the property's version: the same strong tag as the owner's GET /properties/{id}
// ETag, usable as If-Match on set-state (decision 014).

let api: TestApi;
let owner = 0;

const auth = () => bearer(api.config, owner);

async function listEtag(id: number): Promise<string> {
  const response = await api.app.inject({ method: 'GET', url: '/my/own/properties', headers: auth() });
  expect(response.statusCode).toBe(200);
  const body = MyPropertiesResponseSchema.parse(response.json());
  const item = body.data.find((candidate) => candidate.id === id);
  expect(item).toBeDefined();
  return item!.etag;
}

beforeAll(async () => {
  api = await buildTestApi();
  owner = (await createUser(api.db)).id;
});
afterAll(async () => {
  await api?.close();
});

describe('GET /my/own/properties: the version of each item', () => {
  it('equals the ETag of the owner view and guards a state change made from the list', async () => {
    const saved = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: auth(),
      payload: { offer_type: 'sale', property_type: 'apartment', country_code: 'CZ', description: 'One.' },
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id as number;
    const read = await api.app.inject({ method: 'GET', url: `/properties/${id}`, headers: auth() });
    const fromList = await listEtag(id);
    expect(fromList).toBe(read.headers.etag);

    // Changed elsewhere (the editor in another tab): the list's tag is stale.
    const edited = await api.app.inject({
      method: 'POST',
      url: '/v1/property/save',
      headers: { ...auth(), 'if-match': fromList },
      payload: { id, description: 'Two.' },
    });
    expect(edited.statusCode).toBe(200);
    const stale = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: { ...auth(), 'if-match': fromList },
      payload: { state: 'archived' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('precondition_failed');
    const [row] = await api.db.select().from(properties).where(eq(properties.id, id));
    expect(row!.state).toBe('draft');

    const fresh = await listEtag(id);
    expect(fresh).not.toBe(fromList);
    const archived = await api.app.inject({
      method: 'POST',
      url: `/v1/properties/set-state/${id}`,
      headers: { ...auth(), 'if-match': fresh },
      payload: { state: 'archived' },
    });
    expect(archived.statusCode).toBe(200);
  });
});
