import type { DatabaseHandle, Db } from '@estately/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the API is given: a database handle from `createDatabase`/`createTestDatabase`, or a bare Drizzle database. */
export type ApiDatabase = DatabaseHandle | Db;

function isHandle(db: ApiDatabase): db is DatabaseHandle {
  return typeof (db as DatabaseHandle).kind === 'string' && 'readDb' in db;
}

// The database is handed in and hung on the instance (CONVENTIONS habit 4): routes pass
// `app.db` to operations, tests pass a fresh PGlite or PostgreSQL database, nothing is global.
async function database(app: FastifyInstance, options: { db: ApiDatabase }) {
  const db = isHandle(options.db) ? options.db.db : options.db;
  // Read-only public listings may be served by a replica (DATABASE_READ_URL, DESIGN 6).
  const readDb = isHandle(options.db) ? options.db.readDb : options.db;
  app.decorate('db', db);
  app.decorate('readDb', readDb);
  app.decorate('pingDatabase', async () => {
    await db.execute(sql`select 1`);
  });
}

export default fp(database, { name: 'database', fastify: '5.x' });

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The replica for read-only queries when one is configured, otherwise `db`. */
    readDb: Db;
    /** One round trip to the database; rejects when it does not answer (GET /health). */
    pingDatabase(): Promise<void>;
  }
}
