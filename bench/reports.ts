// Reports benchmark (issue 11) on PostgreSQL with the time-tracking bench's shape: 100,000 projects
// and 1,000,000 time entries over 900 days, here spread over 50 staff members and 5 job types,
// plus 100,000 expenses. Measures, server-side through app.inject (session, validation, JSON):
//  - a month grouped by staff member: p95 ≤ 300 ms; a year grouped by client: ≤ 1 s,
//    each also without the report indexes of migration 010 for comparison,
//  - CSV (≤ 3 s) and XLSX (≤ 10 s, memory < 300 MB) exports of ~100,000 rows,
//  - GET /api/dashboard and /api/dashboard/money p95 ≤ 50 ms,
//  - and, for information, a month by staff then client (the second grouping level).
// Each target prints PASS or FAIL.
// Run: node --import tsx bench/reports.ts (BENCH_KEEP=1 keeps the database and reuses it next time).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { runReport } from '../src/server/features/reports/summary.ts';
import { ZReportQuery } from '../src/core/api/reports.ts';

class Rollback extends Error {}
import { admin, databaseUrl, fmt, pct } from './lib.ts';
import { ENTRIES, EXPENSES, generateMillion } from './million.ts';

const DB_NAME = 'casebook_bench_reports';
const RUNS = 20;

process.on('uncaughtException', (e: Error & { code?: string }) => {
  if (e.code !== '57P01') throw e;
});

const KEEP = process.env.BENCH_KEEP === '1';
const exists = await admin(`CREATE DATABASE ${DB_NAME}`).then(() => false, () => true);
if (exists && !KEEP) {
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
}
const reuse = exists && KEEP;
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(DB_NAME), poolSize: 10 });
const db = handle.db;
try {
  await migrate(db);
  const boss = { email: 'bench.super@firm.test' };
  if (!reuse) await generateMillion(db);
  await measure(boss);
} finally {
  await handle.close();
  if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}

async function measure(boss: { email: string }) {

  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(DB_NAME) });
  const app = await buildApp({ database: handle, env, sessionSecret: 'bench-secret-'.padEnd(40, 'x') });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: boss.email, password: 'bench-password-1' } });
  const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, cookies });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const timed = async (url: string, runs = RUNS) => {
    await get(url);
    const xs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await get(url);
      xs.push(performance.now() - t);
    }
    return { p50: pct(xs, 50), p95: pct(xs, 95) };
  };
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const now = new Date();
  const month = `from=${iso(new Date(now.getFullYear(), now.getMonth() - 1, 1))}&to=${iso(new Date(now.getFullYear(), now.getMonth(), 0))}`;
  const year = `from=${iso(new Date(now.getFullYear() - 1, 0, 1))}&to=${iso(new Date(now.getFullYear() - 1, 11, 31))}`;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const line = (name: string, s: { p50: number; p95: number }, target?: { text: string; ms: number }) =>
    console.log(`${name.padEnd(44)} p50 ${fmt(s.p50).padStart(10)}  p95 ${fmt(s.p95).padStart(10)}${
      target ? `  target ${target.text}  ${verdict(s.p95 <= target.ms)}` : ''}`);

  const monthStaff = await timed(`/api/reports?${month}&groupBy=staff`);
  const yearClient = await timed(`/api/reports?${year}&groupBy=client`, 10);
  const monthTwoLevels = await timed(`/api/reports?${month}&groupBy=staff&thenBy=client`, 10);
  const dashboard = await timed('/api/dashboard', 50);
  const dashboardMoney = await timed('/api/dashboard/money', 50);

  // The exports: a 90-day range holds ~100,000 time entries (1,111 a day) plus ~10,000 expenses.
  const range = `from=${iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 89))}&to=${iso(now)}&kind=time`;
  // The entries CSV is view=entries; the default CSV is the grouped table (docs/decisions/098).
  const exportRun = async (kind: 'csv' | 'xlsx', extra = '&view=entries') => {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const t = performance.now();
    const res = await get(`/api/reports/export.${kind}?${range}${kind === 'csv' ? extra : ''}`);
    const ms = performance.now() - t;
    clearInterval(sampler);
    const rows = kind === 'csv' ? res.body.split('\r\n').length - 3 : null;
    return { ms, peakMb: peak / 1e6, deltaMb: (peak - base) / 1e6, bytes: res.rawPayload.length, rows };
  };
  const csv = await exportRun('csv');
  const xlsx = await exportRun('xlsx');
  // A grouped report's files: the same 90 days by staff member then client (the table's rows).
  const grouped = await exportRun('csv', '&groupBy=staff&thenBy=client&view=grouped');
  const groupedXlsx = await (async () => {
    const t = performance.now();
    const res = await get(`/api/reports/export.xlsx?${range}&groupBy=staff&thenBy=client`);
    return { ms: performance.now() - t, bytes: res.rawPayload.length };
  })();

  // The same two reports without migration 010's date indexes, for comparison.
  // Dropped inside a transaction that is rolled back, so a kept database keeps them.
  const noIndexes = sql`drop index time_entries_date_idx, expense_entries_date_idx`;
  const withoutIndexes = async (url: string) => {
    const xs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await db.transaction().execute(async (tx) => {
        await noIndexes.execute(tx);
        const t = performance.now();
        await runReport(tx, { query: ZReportQuery.parse(Object.fromEntries(new URLSearchParams(url))), viewer: { isSuperAdmin: true } });
        xs.push(performance.now() - t);
        throw new Rollback();
      }).catch((e: unknown) => { if (!(e instanceof Rollback)) throw e; });
    }
    return { p50: pct(xs, 50), p95: pct(xs, 95) };
  };
  const monthStaffNoIdx = await withoutIndexes(`${month}&groupBy=staff`);
  const yearClientNoIdx = await withoutIndexes(`${year}&groupBy=client`);
  await app.close();

  console.log(`\nreports over ${ENTRIES.toLocaleString()} time entries + ${EXPENSES.toLocaleString()} expenses (app.inject, server-side)`);
  line('last month grouped by staff member', monthStaff, { text: 'p95 ≤ 300 ms', ms: 300 });
  line('last year grouped by client', yearClient, { text: '≤ 1 s (p95)', ms: 1000 });
  line('last month by staff member, then client', monthTwoLevels);
  line('  same month, without the date indexes', monthStaffNoIdx);
  line('  same year, without the date indexes', yearClientNoIdx);
  line('GET /api/dashboard', dashboard, { text: 'p95 ≤ 50 ms', ms: 50 });
  line('GET /api/dashboard/money (super admin)', dashboardMoney, { text: 'p95 ≤ 50 ms', ms: 50 });
  console.log(`CSV  export of ${csv.rows} rows: ${fmt(csv.ms)}, ${(csv.bytes / 1e6).toFixed(1)} MB, rss peak ${csv.peakMb.toFixed(0)} MB (+${csv.deltaMb.toFixed(0)} MB)  target ≤ 3 s  ${verdict(csv.ms <= 3000)}`);
  console.log(`XLSX export of the same rows: ${fmt(xlsx.ms)}, ${(xlsx.bytes / 1e6).toFixed(1)} MB, rss peak ${xlsx.peakMb.toFixed(0)} MB (+${xlsx.deltaMb.toFixed(0)} MB)  target ≤ 10 s ${verdict(xlsx.ms <= 10_000)}, growth < 300 MB ${verdict(xlsx.deltaMb < 300)}`);
  console.log(`grouped CSV (staff then client, ${grouped.rows} table rows): ${fmt(grouped.ms)}, ${(grouped.bytes / 1e6).toFixed(2)} MB`);
  console.log(`grouped XLSX (Report sheet + every entry): ${fmt(groupedXlsx.ms)}, ${(groupedXlsx.bytes / 1e6).toFixed(1)} MB`);
  console.log('(app.inject buffers the whole response body in this process: the rss growth includes the finished file.)');
}
