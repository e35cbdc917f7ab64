import { defineConfig } from 'vitest/config';
import { BRIEF_PROCESS } from './src/server/runtime.ts';

// Long soak and load tests (many writers and a SIGTERM, a kill -9 mid-queue or mid-restore, payment
// races, renders timed against the clock): `npm run test:soak`, which .ci/run
// runs after `npm test` (docs/decisions/197). Same files, same assertions, on both databases.
const SOAK = [
  'test/api/shutdown.test.ts',
  'test/api/calendar-reliability.test.ts',
  'test/api/bill-races.test.ts',
  'test/api/documents-off-loop.test.ts',
  'test/api/backup-reliability.test.ts',
];
// The unit suite's timed renders: 2,000 bill lines within 2 s of CPU, 50,000-character words laid
// out within 20 s.
const SOAK_UNIT = ['src/server/documents/bill-speed.test.ts', 'src/server/documents/long-words.test.ts'];
// The start-up and command tests run real processes (they choose their own databases); once is enough.
const PGLITE_ONLY = ['test/api/startup.test.ts', 'test/api/commands.test.ts'];

// Files that replace a module with vi.mock (the route recorder wraps fastify before the server is
// imported): they need a module graph of their own, so they run in a fresh process each
// (`isolate: true`), in the `-isolated` twin of their project (docs/decisions/125).
const OWN_MODULES = ['test/api/access-walk.test.ts', 'test/api/input-probe.test.ts'];

const api = (name: string, kind: 'pglite' | 'postgres', files: 'shared' | 'isolated' | 'soak') => ({
  test: {
    name,
    include: files === 'soak' ? SOAK : files === 'isolated' ? OWN_MODULES : ['test/api/**/*.test.ts'],
    exclude: [...(files === 'soak' ? [] : SOAK), ...(files === 'shared' ? OWN_MODULES : []), ...(kind === 'postgres' ? PGLITE_ONLY : [])],
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_KIND: kind },
    // Ceilings that catch a hang, not a measure of speed: a test that starts servers takes 30 s when this
    // machine is slow and both workers share it (issue 43, docs/decisions/208).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    // A worker lives minutes and runs each function a few times: V8's baseline tiers alone, about a tenth less
    // CPU (docs/decisions/216). The soak files keep V8's default: their renders and loads are timed.
    ...(files === 'soak' ? {} : { execArgv: BRIEF_PROCESS }),
    // One process per worker runs file after file with the server's modules imported once (each
    // file still has its own database and app): the import was about 2 s of every file
    // (docs/decisions/125). Soak files keep a process each.
    isolate: files !== 'shared',
    // A soak file has the machine to itself: one at a time, after everything else.
    ...(files === 'soak' ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : {}),
  },
});

// The API suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. Every file
// gets its own database (a copy of one migrated template per run), so files run side by side:
// two at a time, one per core (docs/decisions/119).
const pg = Boolean(process.env.TEST_DATABASE_URL);
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Unit files share their worker's module graph (none mocks a module): importing it again for
      // every file was two thirds of the suite's CPU (docs/decisions/147).
      { test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: SOAK_UNIT, isolate: false, testTimeout: 30_000 } },
      api('api', 'pglite', 'shared'),
      api('api-isolated', 'pglite', 'isolated'),
      ...(pg ? [api('api-pg', 'postgres', 'shared'), api('api-pg-isolated', 'postgres', 'isolated')] : []),
      { test: { name: 'soak-unit', include: SOAK_UNIT, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      api('soak', 'pglite', 'soak'),
      ...(pg ? [api('soak-pg', 'postgres', 'soak')] : []),
    ],
  },
});
