// Conflict check benchmark (issue 39, docs/decisions/120) on PostgreSQL: 50,000 cases with
// 200,000 parties, every case with a claim number and a property address. Times the whole check as
// the intake form runs it (runCheck: the search, the earlier hits, the stored record) and the search
// alone. Target: p95 ≤ 150 ms. Run: node --import tsx bench/conflict-check.ts (BENCH_DATABASE_URL to override).
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { sql } from 'kysely';
import type { TConflictQuery } from '../src/core/api/conflicts.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { runCheck } from '../src/server/features/conflicts/checks-service.ts';
import { searchWithThreshold } from '../src/server/features/conflicts/search.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { admin, pct, ADMIN_URL } from './lib.ts';

const DB_NAME = 'casebook_bench_conflicts';
const CASES = 50_000;
const PARTIES_PER_CASE = 4;
const RUNS = 20;

const q = (over: Partial<TConflictQuery>): TConflictQuery =>
  ({ clientName: null, retainedSide: 'defense', parties: [], claimNumbers: [], lossAddresses: [], ...over });
const QUERIES: Record<string, TConflictQuery> = {
  'intake (client, 3 parties, claim, address)': q({
    clientName: 'Harbor Smith Holdings', parties: [{ role: 'insurer', name: 'Libety Mutual Ins. Co.' },
      { role: 'defendant', name: 'Granite Garcia Roofing Inc' }, { role: 'opposing_counsel', name: 'Maria Lopez' }],
    claimNumbers: ['clm-00-012345'], lossAddresses: ['1234 Main Street, Unit 3'],
  }),
  'a common insurer only': q({ parties: [{ role: 'insurer', name: 'Travelers Insurance Company' }] }),
  'a rare name, no hits': q({ clientName: 'Zzyzx Quorble', claimNumbers: ['NOPE-1'], lossAddresses: ['1 Nowhere Ln'] }),
  '10 parties': q({ clientName: 'James Smith', parties: ['Chubb', 'Erie Ins', 'John Brown', 'Pine Jones LLC', 'Cedar Miller Partners',
    'Aisha Wilson', 'Omar Taylor', 'Wei Moore', 'Liam Clark', 'Sofia Lee'].map((name) => ({ role: 'other' as const, name })) }),
};

async function time(fn: () => Promise<unknown>) {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return { p50: pct(xs, 50), p95: pct(xs, 95) };
}

const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
const db = handle.db;
try {
  await migrate(db);
  const started = performance.now();
  const parts = sql`(select
    array['James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','David','Elizabeth','Maria','Jose','Wei','Aisha','Ivan','Chloe','Omar','Priya','Liam','Sofia'] f,
    array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores'] l,
    array['Harbor','Summit','Oak','Pine','River','Granite','Maple','Cedar','Lakeside','Northgate'] b,
    array['LLC','Inc.','Partners','Holdings','Association','Roofing Inc','Builders'] s,
    array['Chubb','Travelers Insurance Company','Liberty Mutual Insurance Co.','Nationwide Mutual','Farmers Ins.','The Hartford','Erie Insurance','State Farm','Allstate Ins. Co.','Zurich American Insurance'] i,
    array['client','plaintiff','defendant','insurer','opposing_counsel','adjuster','property_owner','retaining_law_firm'] r) parts`;
  await sql`insert into clients (name, is_business_client, completion_percentage)
    select case when g % 3 = 0 then b[1 + g % 10] || ' ' || l[1 + (g / 10) % 40] || ' ' || s[1 + g % 7] else f[1 + g % 20] || ' ' || l[1 + (g / 20) % 40] end,
      g % 3 = 0, 100 from ${parts}, generate_series(1, 30000) g`.execute(db);
  await sql`with c as (select id, row_number() over (order by id) n from clients)
    insert into cases (client_id, file_number, case_name, retained_side, claim_number, date_of_loss, created_at)
    select c.id, 'F-' || lpad(g::text, 6, '0'), 'Case ' || g, (array['plaintiff','defense','neutral'])[1 + g % 3],
      'CLM-' || lpad((g % 100)::text, 2, '0') || '-' || lpad(g::text, 6, '0'), date '2020-01-01' + (g % 1500), now() - (g || ' minutes')::interval
    from generate_series(1, ${CASES}) g join c on c.n = 1 + (g % 30000)`.execute(db);
  await sql`insert into projects (case_id, project_number, project_name, property_address, property_city_state_zip, is_primary_project)
    select id, file_number || '-01', 'Main', (100 + (row_number() over ()) % 9000) || ' ' || (array['Main St','Oak Avenue','Elm Rd.','Sunset Blvd','Lake Drive'])[1 + (row_number() over ()) % 5],
      'Austin, TX 78701', true from cases`.execute(db);
  await sql`insert into case_parties (case_id, role, kind, name, claim_number)
    select c.id, r[1 + (k + c.n) % 8], 'organization',
      case when k = 1 then i[1 + c.n % 10] when k = 2 then f[1 + (c.n / 3) % 20] || ' ' || l[1 + (c.n / 7) % 40]
           when k = 3 then b[1 + c.n % 10] || ' ' || l[1 + (c.n / 11) % 40] || ' ' || s[1 + c.n % 7] else f[1 + c.n % 20] || ' ' || l[1 + (c.n / 13) % 40] || ' ' || k end,
      case when k = 1 then 'IC' || c.n end
    from ${parts}, (select id, row_number() over (order by id) n from cases) c, generate_series(1, ${PARTIES_PER_CASE}) k`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const counts = await sql<{ cases: string; parties: string; clients: string }>`
    select (select count(*) from cases) cases, (select count(*) from case_parties) parties, (select count(*) from clients) clients`.execute(db);
  console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const user = await createUser(db, { email: 'bench@firm.test', password: 'bench-password-1', firstName: 'B', lastName: 'U', role: 'admin' });

  const rows: Record<string, string | number>[] = [];
  let worst = 0;
  for (const [name, query] of Object.entries(QUERIES)) {
    const hits = (await searchWithThreshold(db, query, null)).length;
    const search = await time(() => searchWithThreshold(db, query, null));
    const check = await time(() => runCheck(db, { actorId: user.id, caseId: null, query }));
    worst = Math.max(worst, check.p95);
    rows.push({ query: name, hits, 'search p50/p95 ms': `${search.p50.toFixed(1)}/${search.p95.toFixed(1)}`,
      'whole check p50/p95 ms': `${check.p50.toFixed(1)}/${check.p95.toFixed(1)}` });
  }
  console.table(rows);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  console.log(`worst p95 ${worst.toFixed(1)} ms (target ≤ 150 ms) → ${worst <= 150 ? 'PASS' : 'FAIL'}`);
} finally {
  await handle.close();
  if (!process.env.BENCH_KEEP) await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
