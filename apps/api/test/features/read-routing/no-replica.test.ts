import type { Db } from '@estately/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, insertOffer, type TestApi } from '../../support/helpers.ts';

// Without DATABASE_READ_URL the read routing does nothing: every read is the primary's and no
// write pays for a WAL position (docs/decisions/059).

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi({}, (app) => {
    app.get('/test/read-db', async (request) => ({ primary: request.readDb === app.db }));
  });
});

afterAll(async () => {
  await api.close();
});

describe('read routing without a replica', () => {
  it('reads the primary and reads no WAL position after a write', async () => {
    expect(api.app.readRouting.status()).toEqual({ replica: 'none', lagSeconds: null, readsFrom: 'primary' });
    const user = await createUser(api.db);
    const offerId = await insertOffer(api.db, { ownerId: user.id, publishedAt: new Date() });

    // Every statement sent through `execute`, the way a write's position would be read.
    const sent: string[] = [];
    const db = api.app.db as Db & { execute: Db['execute'] };
    const execute = db.execute.bind(db);
    db.execute = ((query: Parameters<Db['execute']>[0]) => {
      sent.push(JSON.stringify(query));
      return execute(query);
    }) as Db['execute'];
    try {
      const favourite = await api.app.inject({
        method: 'POST',
        url: `/user/offers/${offerId}/favorite_offer`,
        headers: bearer(api.config, user.id),
      });
      expect(favourite.statusCode).toBeLessThan(300);
      const read = await api.app.inject({
        method: 'GET',
        url: '/test/read-db',
        headers: bearer(api.config, user.id),
      });
      expect(read.json()).toEqual({ primary: true });
      expect(sent.filter((text) => text.includes('pg_current_wal_lsn'))).toEqual([]);
    } finally {
      db.execute = execute;
    }
  });
});
