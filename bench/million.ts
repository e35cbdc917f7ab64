// The bench data set shared by the reports and timesheet benchmarks: 100,000 projects and
// 1,000,000 time entries over 900 days, spread over 50 staff members and 5 job types, plus
// 100,000 expenses; one super admin (bench.super@firm.test, password bench-password-1).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../src/server/db/connection.ts';
import { createUser } from '../src/server/features/users/service.ts';

export const CLIENTS = 20_000;
export const CASES = 50_000;
export const PROJECTS = 100_000;
export const ENTRIES = 1_000_000;
export const EXPENSES = 100_000;
export const STAFF = 50;

export async function generateMillion(db: Db) {
  await createUser(db, {
    email: 'bench.super@firm.test', password: 'bench-password-1', firstName: 'Bench', lastName: 'Super', role: 'super_admin',
  });
  const t0 = performance.now();
  await sql`set session_replication_role = replica`.execute(db);
  await sql.raw(`
    insert into users (email, password_hash, first_name, last_name, role)
      select 'staff' || g || '@firm.test', 'not-a-login', 'Staff', 'No. ' || g, 'limited_user' from generate_series(1, ${STAFF - 1}) g;
    insert into rate_codes (name, code) values ('Standard', 'STD');
    insert into rate_code_items (rate_code_id, job_type, rate)
      select id, j, r from rate_codes, unnest(array['Consultant','Senior Consultant','Principal','Field Inspector','Administrative'],
        array[100,150,250,105,65]) as t(j, r);
    insert into clients (name, is_business_client, completion_percentage)
      select 'Client ' || g, true, 100 from generate_series(1, ${CLIENTS}) g;
    with c as (select id, row_number() over (order by id) n from clients)
    insert into cases (client_id, file_number, case_name, rate_code_id)
      select c.id, lpad(((g % 9) + 18)::text, 2, '0') || '-' || lpad(g::text, 6, '0'), 'Case ' || g, (select id from rate_codes)
      from generate_series(1, ${CASES}) g join c on c.n = 1 + (g % ${CLIENTS});
    with k as (select id, file_number, row_number() over (order by file_number) n from cases)
    insert into projects (case_id, project_number, project_name, is_primary_project)
      select k.id, k.file_number || '-' || lpad((1 + g / ${CASES})::text, 2, '0'), 'Project ' || g, g < ${CASES}
      from generate_series(0, ${PROJECTS - 1}) g join k on k.n = 1 + (g % ${CASES});
    create temporary table bench_projects as select p.id, p.case_id, c.client_id, row_number() over (order by p.project_number) n
      from projects p join cases c on c.id = p.case_id;
    create index on bench_projects (n);
    create temporary table bench_users as select id, row_number() over (order by email) n from users;
    -- Triggers are off here: the case and client an entry carries (migration 014) are set directly.
    insert into time_entries (id, project_id, case_id, client_id, user_id, created_by, entry_date, job_type, hours, rate, description, work_details, initials)
      select gen_random_uuid(), bp.id, bp.case_id, bp.client_id,
             u.id, u.id, current_date - (g % 900),
             (array['Consultant','Senior Consultant','Principal','Field Inspector','Administrative'])[1 + g % 5],
             0.5 + (g % 12) / 4.0, (array[100,150,250,105,65])[1 + g % 5], 'Reviewed file and drafted notes', 'review', 'MH'
      from generate_series(0, ${ENTRIES - 1}) g join bench_users u on u.n = 1 + g % ${STAFF}
        join bench_projects bp on bp.n = 1 + g % ${PROJECTS};
    insert into expense_entries (id, project_id, case_id, client_id, user_id, created_by, entry_date, expense_type, amount, description)
      select gen_random_uuid(), bp.id, bp.case_id, bp.client_id,
             u.id, u.id, current_date - (g % 900), (array['Fuel','Parking','Hotel'])[1 + g % 3], 10 + g % 200, 'Trip'
      from generate_series(0, ${EXPENSES - 1}) g join bench_users u on u.n = 1 + g % ${STAFF}
        join bench_projects bp on bp.n = 1 + (g * 7) % ${PROJECTS};
  `).execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  // The generator ran with triggers off: compute the dashboard's kept totals as migration 014 does.
  await sql`select unbilled_totals_rebuild()`.execute(db);
  await sql.raw('vacuum analyze').execute(db);
  console.log(`generated ${ENTRIES} time entries, ${EXPENSES} expenses in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
