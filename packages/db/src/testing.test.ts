import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './schema/index.ts';
import { createTestDatabase } from './testing.ts';

describe('createTestDatabase', () => {
  it('gives each call its own migrated database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await a.db.insert(users).values({ email: 'only-in-a@example.test', passwordHash: 'x' });
      const inA = await a.db.select().from(users).where(eq(users.email, 'only-in-a@example.test'));
      const inB = await b.db.select().from(users).where(eq(users.email, 'only-in-a@example.test'));
      expect(inA).toHaveLength(1);
      expect(inB).toHaveLength(0);
      // Both are fully migrated.
      for (const db of [a, b]) {
        const rows = await db.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await Promise.all([a.cleanup(), b.cleanup()]);
    }
    // A later clone does not see what an earlier one wrote.
    const c = await createTestDatabase();
    try {
      expect(await c.db.select().from(users)).toHaveLength(0);
    } finally {
      await c.cleanup();
    }
  });

  it('drops the PostgreSQL database on cleanup', async () => {
    const t = await createTestDatabase();
    const url = t.url;
    await t.cleanup();
    if (!url) return; // PGlite: nothing persists.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(url).pathname.slice(1);
      const rows = await admin.query('select 1 from pg_database where datname = $1', [name]);
      expect(rows.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
