import { sql } from 'kysely';
import type { TReportOptions } from '../../../core/api/reports.ts';
import { displayName } from '../../../core/people.ts';
import type { GroupBy } from '../../../core/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';

// What the report shows for a group's key: a client's name, 'file number — case name', a
// project's number and name, a staff member's name, or the job or expense type.

export async function labelsFor(db: DbOrTx, group: GroupBy, keys: string[]): Promise<Map<string, string>> {
  if (group === 'job-type') {
    return new Map(keys.map((k) => [k, k.startsWith('expense:') ? `${k.slice(8)} (expense)` : k]));
  }
  if (keys.length === 0) return new Map();
  // One array parameter joined as a set: an IN list of thousands of values is compared row by row.
  const ids = sql`select unnest(${keys}::uuid[])`;
  const query = {
    client: sql<{ id: string; label: string }>`select id::text, name as label from clients where id in (${ids})`,
    case: sql<{ id: string; label: string }>`select id::text, file_number || coalesce(nullif(' — ' || case_name, ' — '), '') as label
      from cases where id in (${ids})`,
    project: sql<{ id: string; label: string }>`select id::text, project_number || ' — ' || coalesce(nullif(project_name, ''), 'Unnamed Project') as label
      from projects where id in (${ids})`,
    staff: null,
  }[group as 'client' | 'case' | 'project' | 'staff'];
  if (query) return new Map((await query.execute(db)).rows.map((r) => [r.id, r.label]));
  const users = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', sql<string>`any(${keys}::uuid[])`).execute();
  return new Map(users.map((u) => [u.id, displayName(u)]));
}

/** The filter bar's staff members and job types (job types from the rate codes and the entries' own). */
export async function reportOptions(db: DbOrTx): Promise<TReportOptions> {
  const [users, jobTypes] = await Promise.all([
    db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('disabled', '=', false).execute(),
    db.selectFrom('rate_code_items').select('job_type').distinct().orderBy('job_type').execute(),
  ]);
  const staff = users.map((u) => ({ id: u.id, name: displayName(u) })).sort((a, b) => a.name.localeCompare(b.name));
  return { staff, jobTypes: jobTypes.map((j) => j.job_type) };
}
