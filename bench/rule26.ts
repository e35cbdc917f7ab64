// The Rule 26 list benchmark (issue 40, docs/decisions/136) on PostgreSQL: 20 experts, each with ten
// years of testimony (a deposition or trial about every week: 10,400 events on 2,000 cases), among
// them consulting-only cases the list leaves out. Times the list as the screen asks for it (rule26Of,
// with the statement of compensation a super admin reads) for every expert at several as-of dates.
// Target: p95 ≤ 100 ms. Run: node --import tsx bench/rule26.ts (BENCH_DATABASE_URL to override).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { rule26Of } from '../src/server/features/testimony/rule26-service.ts';
import { createUser } from '../src/server/features/users/service.ts';
import { admin, databaseUrl, pct } from './lib.ts';

const DB_NAME = 'casebook_bench_rule26';
const EXPERTS = 20;
const CASES = 2_000;
const EVENTS_PER_EXPERT = 520;
const AS_OF = ['2026-06-01', '2024-01-15', '2022-09-30'];

await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB_NAME}`);
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(DB_NAME) });
const db = handle.db;
try {
  await migrate(db);
  const experts: string[] = [];
  for (let i = 0; i < EXPERTS; i++) {
    const user = await createUser(db, { email: `expert${i}@bench.test`, password: 'bench-password-1', firstName: 'Expert', lastName: `No. ${i}`, role: 'limited_user' });
    experts.push(user.id);
  }
  await sql`insert into clients (name, is_business_client, completion_percentage) values ('Bench Client', true, 100)`.execute(db);
  await sql`insert into cases (client_id, file_number, case_name, consulting_only)
    select (select id from clients limit 1), 'R-' || lpad(g::text, 5, '0'), 'Case ' || g, g % 10 = 0 from generate_series(1, ${CASES}) g`.execute(db);
  await sql`with c as (select id, row_number() over (order by file_number) n from cases), e as (select id, row_number() over (order by id) n from users)
    insert into testimony_events (id, case_id, kind, event_date, expert_id, court, caption, docket)
    select gen_random_uuid(), c.id, (array['deposition','trial','hearing','arbitration'])[1 + (k % 4)],
      date '2016-06-01' + (k * 7 + e.n::int) % 3650, e.id, 'Superior Court, County ' || (k % 40),
      'Plaintiff ' || k || ' v. Defendant ' || e.n, 'DOC-' || e.n || '-' || k
    from e, generate_series(1, ${EVENTS_PER_EXPERT}) k join c on c.n = 1 + ((k * 37) % ${CASES})`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const { n } = (await sql<{ n: string }>`select count(*) as n from testimony_events`.execute(db)).rows[0]!;
  const viewer = { id: experts[0]!, superAdmin: true, limited: false };
  const xs: number[] = [];
  let listed = 0;
  for (const asOf of AS_OF) {
    for (const expertId of experts) {
      const t0 = performance.now();
      const list = await rule26Of(db, { query: { expertId, asOf }, viewer });
      xs.push(performance.now() - t0);
      listed += list.events.length;
    }
  }
  console.log(`Rule 26 list: ${n} testimony events of ${EXPERTS} experts over ten years (${CASES} cases, a tenth consulting only)`);
  console.log(`  ${xs.length} lists (${Math.round(listed / xs.length)} events each on average): p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (target p95 ≤ 100 ms)`);
} finally {
  await handle.close();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
