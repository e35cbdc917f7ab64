// The import of issue 27 at scale: a generated 100,000-row Toggl Track detailed export (BENCH_SCALE
// scales it), uploaded, dry-run and imported through the API on a fresh database: PostgreSQL on
// BENCH_DATABASE_URL's server, PGlite in memory, and PGlite in a data folder as the app runs it
// (BENCH_DB=pg, pglite or pglite-dir for one). Target: upload + import ≤ 60 s, with a steady memory
// (the parser streams: heap and RSS before/after and the peak RSS of the run, from the kernel's
// high-water mark, are printed; an in-memory PGlite's RSS also holds the database it fills). Each
// database runs in its own process, so one's peak is not another's.
//   node --import tsx bench/import.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TImport } from '../src/core/api/import.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { multipart } from '../test/helpers/uploads.ts';
import { admin, databaseUrl } from './lib.ts';

const ROWS = Math.round(100_000 * Number(process.env.BENCH_SCALE ?? 1));
const TARGET_MS = 60_000;
const PEOPLE = 25;
const CLIENTS = 200;
const TASKS = ['Principal', 'Field Technician', 'Drafting', 'Project Manager'];
const PASSWORD = 'bench password 1234';
let failed = false;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A Toggl Track detailed export of ROWS rows: 25 people, 200 clients × 3 projects, one entry per row. */
function togglFile(): Buffer {
  const lines = ['User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)'];
  for (let i = 0; i < ROWS; i++) {
    const person = i % PEOPLE;
    const client = i % CLIENTS;
    const day = new Date(Date.UTC(2023, 0, 2) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    const minutes = 15 + (i % 32) * 15;
    const duration = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    const start = `${String(8 + (i % 9)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`;
    lines.push([
      `Person ${person}`, `person${person}@bench.test`, `Client ${client}`, `Project ${client}-${i % 3}`, TASKS[i % TASKS.length],
      `"Work item ${i}, notes"`, 'Yes', day, start, day, start, duration, '', ((minutes / 60) * 150).toFixed(2),
    ].join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

type Kind = 'pg' | 'pglite' | 'pglite-dir';

async function fresh(kind: Kind): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: async () => database.close() };
  }
  if (kind === 'pglite-dir') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'casebook-bench-import-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return { database, drop: async () => { await database.close(); rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const name = `casebook_bench_import_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name) });
  return { database, drop: async () => { await database.close(); await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}

async function benchOn(kind: Kind, file: Buffer) {
  const { database, drop } = await fresh(kind);
  await migrate(database.db);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ database, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
  await app.ready();
  try {
    await createUser(database.db, { email: 'boss@bench.test', password: PASSWORD, firstName: 'Bench', lastName: 'Boss', role: 'super_admin' });
    for (let p = 0; p < PEOPLE; p++) {
      await createUser(database.db, { email: `person${p}@bench.test`, password: PASSWORD, firstName: 'Person', lastName: String(p), role: 'limited_user' });
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@bench.test', password: PASSWORD } });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const send = (options: { method: 'GET' | 'POST'; url: string; payload?: Buffer; headers?: Record<string, string> }) =>
      app.inject({ ...options, cookies, headers: { 'x-csrf-token': cookies['csrf-token']!, ...options.headers } });

    global.gc?.();
    const before = process.memoryUsage();
    // PGlite works in this thread and may not yield to timers for long: the kernel's peak is exact.
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const started = performance.now();
    const body = multipart([{ filename: 'toggl-100k.csv', content: file, type: 'text/csv' }]);
    const up = await send({ method: 'POST', url: '/api/imports', payload: body.payload, headers: body.headers });
    if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body.slice(0, 300)}`);
    const id = (up.json() as TImport).id;
    const uploadedAt = performance.now();
    const peakUpload = process.resourceUsage().maxRSS * 1024;
    const dry = await send({ method: 'POST', url: `/api/imports/${id}/dry-run` });
    const dryAt = performance.now();
    const peakDry = process.resourceUsage().maxRSS * 1024;
    const run = await send({ method: 'POST', url: `/api/imports/${id}/run` });
    if (run.statusCode !== 202) throw new Error(`run: ${run.statusCode} ${run.body.slice(0, 300)}`);
    let state: TImport;
    for (;;) {
      state = (await send({ method: 'GET', url: `/api/imports/${id}` })).json() as TImport;
      if (state.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const doneAt = performance.now();
    global.gc?.();
    const after = process.memoryUsage();
    const entries = (await sql<{ n: number }>`select count(*)::int n from time_entries`.execute(database.db)).rows[0]!.n;
    const total = doneAt - started;
    const ok = state.status === 'done' && entries === ROWS && total <= TARGET_MS;
    failed ||= !ok;
    console.log(`${kind}: ${ROWS} rows (${mb(file.length)}) → ${entries} entries, status ${state.status}${state.error ? ` (${state.error})` : ''}`);
    console.log(`  upload ${((uploadedAt - started) / 1000).toFixed(1)} s, dry run ${((dryAt - uploadedAt) / 1000).toFixed(1)} s (created ${(dry.json() as TImport).dryRun?.created.timeEntries}), import ${((doneAt - dryAt) / 1000).toFixed(1)} s; total ${(total / 1000).toFixed(1)} s (target ≤ ${TARGET_MS / 1000} s) ${ok ? 'PASS' : 'FAIL'}`);
    const peak = process.resourceUsage().maxRSS * 1024;
    const growth = peak > peakBefore ? `+${mb(peak - before.rss)} over the run` : `no higher than before the run (${mb(peakBefore)})`;
    console.log(`  heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}; RSS ${mb(before.rss)} → ${mb(after.rss)}, peak ${mb(peak)} (${growth})`);
    const step = (at: number) => (at > peakBefore ? `+${mb(at - before.rss)}` : 'no new peak');
    console.log(`  peak RSS after the upload ${step(peakUpload)}, after the dry run ${step(peakDry)}, after the import ${step(peak)}`);
  } finally {
    await app.close();
    await drop();
  }
}

if (process.env.BENCH_DB) {
  await benchOn(process.env.BENCH_DB as Kind, togglFile());
} else {
  for (const kind of ['pg', 'pglite', 'pglite-dir'] as const) {
    const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, BENCH_DB: kind } });
    failed ||= child.status !== 0;
  }
}
process.exit(failed ? 1 : 0);
