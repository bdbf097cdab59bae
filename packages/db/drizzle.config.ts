import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs the schema against migrations/meta and writes the next SQL file.
// Hand-written migrations (extensions, search functions) are added with
// `drizzle-kit generate --custom --name NAME --config packages/db/drizzle.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
  strict: true,
});
