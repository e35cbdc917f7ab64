import { defineConfig } from 'vitest/config';

const api = (name: string, kind: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['test/api/**/*.test.ts'],
    // The start-up and command tests run real processes (they choose their own databases); once is enough.
    exclude: kind === 'postgres' ? ['test/api/startup.test.ts', 'test/api/commands.test.ts'] : [],
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

// The API suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. Every file
// gets its own database (a copy of one migrated template per run), so files run side by side:
// two at a time, one per core (docs/decisions/119).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      api('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('api-pg', 'postgres')] : []),
    ],
  },
});
