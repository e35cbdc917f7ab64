import { sql } from 'kysely';
import type { TReportQuery } from '../../../core/api/reports.ts';
import { costOf } from '../../../core/money.ts';
import { displayName } from '../../../core/people.ts';
import { billedLabel } from '../../../core/field-reports/report-layout.ts';
import { caseLabel, entryGroupLabel, projectLabel, reportLevels, type ExportRow, type GroupBy } from '../../../core/time/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { entryConditions, kindsOf } from './filters.ts';

// The entries behind a report, in date order, read through one cursor per entry table a page at
// a time (docs/decisions/179): one query whose joins PostgreSQL plans once (hash joins over the
// period), never a query per page, and never more than a page of rows in memory.

const PAGE = 5000;

type Raw = {
  id: string; entry_date: string; job_type: string; hours: string | null; rate: string | null; amount: string | null;
  description: string; project_number: string; project_name: string; file_number: string; case_name: string; client: string;
  email: string; first_name: string | null; last_name: string | null; locked_bill: number | null;
};

function entriesQuery(q: TReportQuery, kind: 'time' | 'expense') {
  const alias = kind === 'time' ? 't' : 'e';
  const a = sql.raw(alias);
  const table = sql.raw(kind === 'time' ? 'time_entries' : 'expense_entries');
  const cols = kind === 'time'
    ? sql`t.job_type, t.hours::text as hours, t.rate::text as rate, null as amount`
    : sql`e.expense_type as job_type, null as hours, null as rate, e.amount::text as amount`;
  return sql`select ${a}.id, ${a}.entry_date, ${cols}, ${a}.description, p.project_number, p.project_name, c.file_number,
      c.case_name, cl.name as client, u.email, u.first_name, u.last_name, ${a}.locked_bill
    from ${table} ${a} join projects p on p.id = ${a}.project_id join cases c on c.id = p.case_id
      join clients cl on cl.id = c.client_id join users u on u.id = ${a}.user_id
    where ${entryConditions(q, alias)}
    order by ${a}.entry_date, ${a}.id`;
}

const toRow = (kind: 'time' | 'expense', levels: GroupBy[], weekStartsOn: number) => (r: Raw): ExportRow => {
  const hours = r.hours === null ? null : Number(r.hours);
  const rate = r.rate === null ? null : Number(r.rate);
  const facts = {
    kind, date: r.entry_date, client: r.client, caseLabel: caseLabel(r.file_number, r.case_name),
    project: projectLabel(r.project_number, r.project_name), staff: displayName(r), type: r.job_type,
  };
  return {
    groups: levels.map((g) => entryGroupLabel(g, facts, weekStartsOn)),
    date: r.entry_date, kind: kind === 'time' ? 'Time' : 'Expense', client: r.client, caseNumber: r.file_number,
    project: facts.project, staff: facts.staff, type: r.job_type,
    hours, rate, value: hours === null ? null : costOf(hours, rate) ?? 0, amount: r.amount === null ? null : Number(r.amount),
    billed: billedLabel(r.locked_bill), description: r.description,
  };
};

/**
 * Hands every entry of the report to `onPage`, a page at a time: time entries first, then
 * expenses, each by date. Runs in one read-only transaction (the cursors live in it), so the file
 * is one consistent snapshot; `onPage` may wait (a slow download) and the next page waits with it.
 */
export async function forEachEntryPage(db: DbOrTx, q: TReportQuery, onPage: (rows: ExportRow[]) => Promise<void> | void) {
  const kinds = kindsOf(q);
  const levels = reportLevels(q);
  await db.transaction().setAccessMode('read only').execute(async (tx) => {
    // The whole result is read, so plan for all of it (hash joins, one sort in memory), not the first rows.
    await sql`select set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '64MB', true),
      set_config('jit', 'off', true)`.execute(tx);
    const { week_starts_on: weekStartsOn } = await tx.selectFrom('timesheet_settings').select('week_starts_on').where('id', '=', 1)
      .executeTakeFirstOrThrow();
    for (const kind of ['time', 'expense'] as const) {
      if (!kinds[kind]) continue;
      const cursor = sql.raw(`report_${kind}`);
      await sql`declare ${cursor} no scroll cursor for ${entriesQuery(q, kind)}`.execute(tx);
      for (;;) {
        const { rows } = await sql<Raw>`fetch ${sql.raw(String(PAGE))} from ${cursor}`.execute(tx);
        if (rows.length > 0) await onPage(rows.map(toRow(kind, levels, weekStartsOn)));
        if (rows.length < PAGE) break;
      }
      await sql`close ${cursor}`.execute(tx);
    }
  });
}
