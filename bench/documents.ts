// Documents against the event loop (issue 22), on PostgreSQL, through the real app over HTTP on 127.0.0.1:
//  1. a field report whose notes are one 50,000-character word: PDF median of 3 — target ≤ 2 s;
//  2. five such PDFs requested at once, round after round for 10 s, while another process asks
//     /api/health every 10 ms — target p99 ≤ 50 ms,
//     with one and with two document workers (DOCUMENT_WORKERS);
//  3. for comparison in the same run: health with nothing rendering (what the shared machine alone
//     costs), and the same five PDFs rendered on the event loop as before issue 22 (no worker).
// Each target ends in PASS or FAIL (the exit code is 1 when any fails).
// Run: node --import tsx bench/documents.ts   (BENCH_DATABASE_URL to use another server)
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { ZFieldReportContent } from '../src/core/api/field-reports.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, withActor } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { getReport } from '../src/server/features/field-reports/reads.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { renderFieldReport } from '../src/server/documents/field-report.ts';
import { admin, databaseUrl, fmt, pct } from './lib.ts';

const DB_NAME = 'casebook_bench_documents';
// The health poller: a process of its own (its own CPU share and event loop, as a browser or a
// load balancer would be). Asks every 10 ms until told to stop, then sends its answer times.
const POLLER = `
let busy = true;
process.on('message', () => { busy = false; });
(async () => {
  process.send('ready');
  const times = [];
  while (busy) {
    const t0 = performance.now();
    const res = await fetch(process.argv[1] + '/api/health');
    await res.arrayBuffer();
    if (!res.ok) throw new Error('health -> ' + res.status);
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  process.send(times, () => process.exit(0));
})();
`;
/** Rounds of five PDFs at once are repeated for this long, so that p99 stands on hundreds of answers. */
const LOAD_MS = 10_000;
const WORD = Array.from({ length: 50_000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[i % 26]).join('');
const LETTERHEAD = { firmName: 'Bench Engineering', licenceNumber: '', address: '', phone: '', email: '', website: '', logo: null };

await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const database = await openDatabase({ kind: 'postgres', url: databaseUrl(DB_NAME) });
try {
  await migrate(database.db);
  const user = await createUser(database.db, { email: 'bench@firm.test', password: 'bench-password-1', firstName: 'Bench', lastName: 'User', role: 'admin' });
  // Five reports whose notes are one 50,000-character word (the notes' limit), with long words elsewhere too.
  const reportIds = await withActor(database.db, user.id, async (tx) => {
    const client = await tx.insertInto('clients').values({ name: 'Bench Client LLC', is_business_client: true, completion_percentage: 100 }).returning('id').executeTakeFirstOrThrow();
    const kase = await tx.insertInto('cases').values({ client_id: client.id, file_number: 'B-1' }).returning('id').executeTakeFirstOrThrow();
    const project = await tx.insertInto('projects').values({ case_id: kase.id, project_number: 'P-1', project_name: 'Warehouse - Flood' }).returning('id').executeTakeFirstOrThrow();
    const ids = [];
    for (let i = 1; i <= 5; i++) {
      const content = ZFieldReportContent.parse({ notes: WORD, damageSummary: WORD.slice(0, 10_000), habitability: { isHabitable: null, notes: WORD.slice(0, 5_000) } });
      const row = await tx.insertInto('field_reports').values({
        id: randomUUID(), project_id: project.id, report_type: 'Initial Inspection', report_number: String(i).padStart(3, '0'),
        report_date: new Date().toISOString().slice(0, 10), inspector_id: user.id, content: JSON.stringify(content), created_by: user.id,
      } as never).returning('id').executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });

  const target = (what: string, value: number, limit: number) => {
    const pass = value <= limit;
    if (!pass) process.exitCode = 1;
    console.log(`  ${what}: ${fmt(value)}  target ≤ ${limit} ms  → ${pass ? 'PASS' : 'FAIL'}`);
  };

  /**
   * /api/health every 10 ms from another process while `work` runs: the answer times, and the
   * server loop's longest stall.
   */
  async function healthDuring(base: string, work: () => Promise<unknown>) {
    const poller = fork('-e', [POLLER, base], { execArgv: [] });
    const answered = new Promise<number[]>((resolve, reject) => {
      poller.on('message', (message: 'ready' | number[]) => message !== 'ready' && resolve(message));
      poller.once('error', reject);
      poller.once('exit', (code) => code !== 0 && reject(new Error(`health poller exited ${code}`)));
    });
    await new Promise((resolve) => poller.once('message', resolve));
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    try {
      await work();
    } finally {
      poller.send('stop');
    }
    const times = await answered;
    lag.disable();
    return Object.assign(times, { lagMax: lag.max / 1e6 });
  }
  const summary = (times: number[] & { lagMax: number }) =>
    `p50 ${fmt(pct(times, 50))}, p99 ${fmt(pct(times, 99))}, max ${fmt(Math.max(...times))} (${times.length} answers); event-loop lag max ${fmt(times.lagMax)}`;

  for (const workers of [1, 2]) {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', FIRM_NAME: 'Bench Engineering', DOCUMENT_WORKERS: String(workers) });
    const app = await buildApp({ database, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@firm.test', password: 'bench-password-1' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
    const pdf = async (id: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/field-reports/${id}/pdf`, { headers: { cookie } });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`PDF → ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      return { ms: performance.now() - t0, bytes: body.byteLength };
    };
    await pdf(reportIds[0]!); // starts the workers' modules (done when the server listens in production)
    console.log(`\n${workers} document worker${workers > 1 ? 's' : ''}`);
    if (workers === 1) {
      const idle = await healthDuring(base, () => new Promise((r) => setTimeout(r, 2000)));
      console.log(`  /api/health with nothing rendering (the machine alone): ${summary(idle)}`);
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await pdf(reportIds[i]!));
      console.log(`  one PDF with a 50,000-character word: ${(runs[0]!.bytes / 1024).toFixed(0)} KB, runs ${runs.map((r) => fmt(r.ms)).join(', ')}`);
      target('median time for one such PDF', pct(runs.map((r) => r.ms), 50), 2000);
    }
    const rounds: number[] = [];
    const health = await healthDuring(base, async () => {
      const end = performance.now() + LOAD_MS;
      while (performance.now() < end) {
        const t0 = performance.now();
        await Promise.all(reportIds.map(pdf));
        rounds.push(performance.now() - t0);
      }
    });
    console.log(`  five at once, ${rounds.length} rounds in a row: each done in ${fmt(pct(rounds, 50))} (median); /api/health meanwhile: ${summary(health)}`);
    target(`/api/health p99 while five render (${workers} worker${workers > 1 ? 's' : ''})`, pct(health, 99), 50);

    if (workers === 1) {
      // Before issue 22: the same five documents laid out on the event loop itself (the long-word
      // pieces kept: pdfkit's own wrapping of these words would take minutes).
      const inline = () => Promise.all(reportIds.map(async (id) => {
        await new Promise((r) => setTimeout(r, 0));
        const report = await getReport(database.db, id);
        return renderFieldReport({ ...report, content: report.content, diagrams: [], readings: [], photos: [], certification: null }, LETTERHEAD);
      }));
      const blocked = await healthDuring(base, inline);
      console.log(`  for comparison, the five on the event loop (no worker): /api/health ${summary(blocked)}`);
    }
    await app.close();
  }
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
