// Action items benchmark (issue 5), on PostgreSQL:
//  1. listing one project's 1,000 action items, measured server-side (app.inject: routing,
//     session, query, mapping and serialisation; no network) — target ≤ 30 ms;
//  2. a change made through app A reaching an SSE client of app B (two app instances on one
//     database, as in production) — target p95 ≤ 500 ms over 50 changes.
// Run: node --import tsx bench/action-items.ts   (BENCH_DATABASE_URL to use another server)
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { openDatabase, withActor } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { loadEnv } from '../src/server/env.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { admin, pct, fmt, ADMIN_URL } from './lib.ts';

const DB_NAME = 'casebook_bench_actions';
const ITEMS = 1000;
const LIST_RUNS = 50;
const CHANGES = 50;



const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const dbA = await openDatabase({ kind: 'postgres', url: url.toString() });
const dbB = await openDatabase({ kind: 'postgres', url: url.toString() });
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const secret = 'bench-secret-'.padEnd(40, 'x');
try {
  await migrate(dbA.db);
  const user = await createUser(dbA.db, { email: 'bench@firm.test', password: 'bench-password-1', firstName: 'Bench', lastName: 'User', role: 'admin' });
  // 200 projects of 1,000 items each (200,000 rows) so the index, not a small table, does the work.
  const projectId = await withActor(dbA.db, user.id, async (tx) => {
    const client = await tx.insertInto('clients').values({ name: 'Bench Client', completion_percentage: 100 }).returning('id').executeTakeFirstOrThrow();
    const kase = await tx.insertInto('cases').values({ client_id: client.id, file_number: 'B-1' }).returning('id').executeTakeFirstOrThrow();
    await sql`insert into projects (case_id, project_number, project_name)
      select ${kase.id}::uuid, 'P-' || g, 'Project ' || g from generate_series(1, 200) g`.execute(tx);
    await sql`insert into action_items (project_id, created_by, assigned_to, title, description, due_date, start_time, end_time, status)
      select p.id, ${user.id}::uuid, ${user.id}::uuid, 'Task ' || g, repeat('Details of the task. ', 5),
        current_date + (g % 365), time '09:00' + (g % 16) * interval '30 minutes', time '09:30' + (g % 16) * interval '30 minutes',
        (array['pending','completed','cancelled'])[1 + g % 3]
      from projects p, generate_series(1, ${ITEMS}) g`.execute(tx);
    return (await tx.selectFrom('projects').select('id').where('project_number', '=', 'P-1').executeTakeFirstOrThrow()).id;
  });
  await sql`analyze`.execute(dbA.db);

  const appA = await buildApp({ database: dbA, env, sessionSecret: secret });
  const appB = await buildApp({ database: dbB, env, sessionSecret: secret });
  const login = await appA.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench@firm.test', password: 'bench-password-1' } });
  const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  const headers = { 'x-csrf-token': cookies['csrf-token']! };

  // 1. Listing.
  const listTimes: number[] = [];
  for (let i = 0; i < LIST_RUNS + 5; i++) {
    const t0 = performance.now();
    const res = await appA.inject({ method: 'GET', url: `/api/action-items?projectId=${projectId}`, cookies });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200 || res.json().items.length !== ITEMS) throw new Error(`list failed: ${res.statusCode}`);
    if (i >= 5) listTimes.push(ms); // first runs warm the JIT and the pool
  }

  // 2. Change → SSE on the other instance.
  const baseB = await appB.listen({ port: 0, host: '127.0.0.1' });
  const controller = new AbortController();
  const stream = await fetch(`${baseB}/api/action-items/events?projectId=${projectId}`, {
    headers: { cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ') }, signal: controller.signal,
  });
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextChange = async (): Promise<number> => {
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (frame.includes('event: change')) return performance.now();
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const ids = await dbA.db.selectFrom('action_items').select(['id', 'version']).where('project_id', '=', projectId).limit(CHANGES).execute();
  const latencies: number[] = [];
  for (const [i, row] of ids.entries()) {
    const arrived = nextChange();
    const t0 = performance.now();
    const res = await appA.inject({
      method: 'PATCH', url: `/api/action-items/${row.id}`, cookies, headers,
      payload: { version: row.version, shortDescription: `Changed ${i}` },
    });
    if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
    latencies.push((await arrived) - t0);
  }
  controller.abort();
  await appA.close();
  await appB.close();

  console.log(`List ${ITEMS} items of one project (200,000 rows in the table), ${LIST_RUNS} runs, server-side:`);
  console.log(`  median ${fmt(pct(listTimes, 50))}, p95 ${fmt(pct(listTimes, 95))}, max ${fmt(Math.max(...listTimes))}  (target ≤ 30 ms)`);
  console.log(`Change through app A → SSE event on app B, ${CHANGES} changes (PATCH round trip included):`);
  console.log(`  median ${fmt(pct(latencies, 50))}, p95 ${fmt(pct(latencies, 95))}, max ${fmt(Math.max(...latencies))}  (target p95 ≤ 500 ms)`);
} finally {
  await dbA.close();
  await dbB.close();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
