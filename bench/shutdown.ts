// Shutdown under load (issue 22, docs/decisions/053), on PGlite in a data folder and on a fresh
// PostgreSQL database of its own on BENCH_DATABASE_URL's server: `npm start`'s process, one user and
// one project, 50 clients auto-saving time entries (one keep-alive connection each), SIGTERM once 300 saves have
// been answered, then a restart on the same data. Prints the counts; FAIL if a save answered 2xx is
// missing after the restart, a refused one was written, or any client saw a reset or a bad answer.
//   node --import tsx bench/shutdown.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseOptions } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { killServers, startServer } from '../test/helpers/server-process.ts';
import { buildServer } from '../scripts/build-server.ts';
import { prepareFirm, savedEntryIds, saveThroughShutdown, signIn } from '../test/helpers/shutdown-load.ts';
import { admin, databaseUrl } from './lib.ts';

const CLIENTS = 50;
const SAVES_BEFORE_SIGNAL = 300;
let failed = false;

async function measure(label: string, database: DatabaseOptions, env: Record<string, string>) {
  const handle = await openDatabase(database);
  await migrate(handle.db);
  const firm = await prepareFirm(handle.db);
  await handle.close();
  const first = startServer({ ...env, DEMO: 'false' });
  const session = await signIn(await first.ready, firm);
  const result = await saveThroughShutdown({
    session, projectId: firm.projectId, clients: CLIENTS, savesBeforeSignal: SAVES_BEFORE_SIGNAL,
    signal: () => {
      first.child.kill('SIGTERM');
      return first.exited;
    },
  });
  const second = startServer({ ...env, DEMO: 'false' });
  const ids = await savedEntryIds(await signIn(await second.ready, firm), firm.projectId);
  second.child.kill('SIGTERM');
  await second.exited;
  const missing = result.saved.filter((id) => !ids.has(id)).length;
  const written = result.refused.filter((id) => ids.has(id)).length;
  const ok = !missing && !written && !result.failures.length && result.exitCode === 0;
  failed ||= !ok;
  console.log(`${label}: ${CLIENTS} clients; SIGTERM after ${SAVES_BEFORE_SIGNAL} answered saves`);
  console.log(`${label}: ${result.saved.length} saves answered 2xx, ${result.savedAfterSignal} of them after SIGTERM`);
  console.log(`${label}: ${result.refused.length} saves refused with 503 during the drain; ` +
    `${result.connectionRefused} retries after Retry-After found the socket closed (ECONNREFUSED)`);
  console.log(`${label}: /api/health during the drain: ${result.healthDuringDrain.join(', ') || 'not asked'}`);
  console.log(`${label}: exit code ${result.exitCode} ${result.exitMs} ms after SIGTERM`);
  console.log(`${label}: after the restart: ${result.saved.length - missing} of ${result.saved.length} answered saves found, ` +
    `${written} refused saves written; resets and bad answers: ${result.failures.length ? result.failures.join('; ') : 'none'}`);
  console.log(`${label}: nothing lost, nothing reset: ${ok ? 'PASS' : 'FAIL'}`);
}

const dataDir = (name: string) => mkdtempSync(path.join(tmpdir(), `casebook-bench-shutdown-${name}-`));
const NAME = `casebook_bench_shutdown_${process.pid}`;
const dirs = [dataDir('pglite'), dataDir('pg')];
// Both measures start the server as built: built once, from the code as it is now.
await buildServer();
try {
  await measure('PGlite', { kind: 'pglite', dataDir: path.join(dirs[0]!, 'pglite') }, { DATA_DIR: dirs[0]! });
  await admin(`CREATE DATABASE ${NAME}`);
  try {
    const url = databaseUrl(NAME);
    await measure('PostgreSQL', { kind: 'postgres', url }, { DATA_DIR: dirs[1]!, DATABASE_URL: url });
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  }
} finally {
  killServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
