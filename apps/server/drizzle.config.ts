import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repository root, where `npm run db:generate` runs.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
  casing: undefined,
  strict: true,
  verbose: false,
});
