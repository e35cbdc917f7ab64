import { sql, type RawBuilder } from 'kysely';
import type { TReportQuery } from '../../../core/api/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

// The WHERE clause every report read shares (summary and exports alike), for one entry table.

export type EntryAlias = 't' | 'e';

/** Conditions on the entry table aliased `alias` (entries carry their project's case and client). */
export function entryConditions(q: TReportQuery, alias: EntryAlias): RawBuilder<unknown> {
  const a = sql.raw(alias);
  const parts: RawBuilder<unknown>[] = [sql`${a}.entry_date between ${q.from}::date and ${q.to}::date`];
  if (q.userId) parts.push(sql`${a}.user_id = ${q.userId}`);
  if (q.jobType && alias === 't') parts.push(sql`${a}.job_type = ${q.jobType}`);
  if (q.projectId) parts.push(sql`${a}.project_id = ${q.projectId}`);
  else if (q.caseId) parts.push(sql`${a}.case_id = ${q.caseId}`);
  else if (q.clientId) parts.push(sql`${a}.client_id = ${q.clientId}`);
  return sql.join(parts, sql` and `);
}

/** Which entry tables the report reads: a job-type filter leaves expenses out (they have none). */
export function kindsOf(q: TReportQuery): { time: boolean; expense: boolean } {
  return { time: q.kind !== 'expense', expense: q.kind !== 'time' && !q.jobType };
}

/** An unknown client, case, project or staff member is a clear 404, not an empty report. */
export async function assertFiltersExist(db: DbOrTx, q: TReportQuery) {
  const checks: [string | undefined, string, string][] = [
    [q.clientId, 'clients', 'This client was not found.'],
    [q.caseId, 'cases', 'This case was not found.'],
    [q.projectId, 'projects', 'This project was not found.'],
    [q.userId, 'users', 'This staff member was not found.'],
  ];
  const wanted = checks.filter(([id]) => id);
  if (wanted.length === 0) return;
  const found = await sql<{ t: string }>`${sql.join(wanted.map(([id, table]) =>
    sql`select ${table}::text as t from ${sql.table(table)} where id = ${id}`), sql` union all `)}`.execute(db);
  const present = new Set(found.rows.map((r) => r.t));
  const missing = wanted.find(([, table]) => !present.has(table));
  if (missing) throw new AppError('RECORD_NOT_FOUND', missing[2]);
}
