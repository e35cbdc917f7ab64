import { sql } from 'kysely';
import type { TReportOptions } from '../../../core/api/reports.ts';
import { displayName } from '../../../core/people.ts';
import { caseLabel, jobTypeLabel, projectLabel, type GroupBy } from '../../../core/time/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';

// What the report shows for a group's key: a client's name, 'file number — case name', a
// project's number and name, a staff member's name, or the job or expense type.

export async function labelsFor(db: DbOrTx, group: GroupBy, keys: string[]): Promise<Map<string, string>> {
  if (group === 'job-type') {
    return new Map(keys.map((k) => [k, k.startsWith('expense:') ? jobTypeLabel('expense', k.slice(8)) : k]));
  }
  if (keys.length === 0) return new Map();
  // One array parameter joined as a set: an IN list of thousands of values is compared row by row.
  const ids = sql<string>`any(${keys}::uuid[])`;
  switch (group) {
    case 'client': {
      const rows = await db.selectFrom('clients').select(['id', 'name']).where('id', '=', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    case 'case': {
      const rows = await db.selectFrom('cases').select(['id', 'file_number', 'case_name']).where('id', '=', ids).execute();
      return new Map(rows.map((r) => [r.id, caseLabel(r.file_number, r.case_name)]));
    }
    case 'project': {
      const rows = await db.selectFrom('projects').select(['id', 'project_number', 'project_name']).where('id', '=', ids).execute();
      return new Map(rows.map((r) => [r.id, projectLabel(r.project_number, r.project_name)]));
    }
    default: {
      const users = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).where('id', '=', ids).execute();
      return new Map(users.map((u) => [u.id, displayName(u)]));
    }
  }
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
