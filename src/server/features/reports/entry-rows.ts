import { sql } from 'kysely';
import type { TReportQuery } from '../../../core/api/reports.ts';
import { costOf } from '../../../core/money.ts';
import { displayName } from '../../../core/people.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { entryConditions, kindsOf } from './filters.ts';

// The entries behind a report, in date order, read a page at a time by (entry_date, id) so an
// export of any size holds one page in memory (docs/decisions/081).

const PAGE = 5000;

export interface ExportRow {
  date: string;
  kind: 'Time' | 'Expense';
  client: string;
  caseNumber: string;
  project: string;
  staff: string;
  type: string;
  hours: number | null;
  rate: number | null;
  value: number | null;
  amount: number | null;
  description: string;
}

type Raw = {
  id: string; entry_date: string; job_type: string; hours: string | null; rate: string | null; amount: string | null;
  description: string; project_number: string; project_name: string; file_number: string; client: string;
  email: string; first_name: string | null; last_name: string | null;
};

function page(db: DbOrTx, q: TReportQuery, kind: 'time' | 'expense', after: { date: string; id: string } | null) {
  const alias = kind === 'time' ? 't' : 'e';
  const a = sql.raw(alias);
  const table = sql.raw(kind === 'time' ? 'time_entries' : 'expense_entries');
  const cols = kind === 'time'
    ? sql`t.job_type, t.hours::text as hours, t.rate::text as rate, null as amount`
    : sql`e.expense_type as job_type, null as hours, null as rate, e.amount::text as amount`;
  const keyset = after ? sql`and (${a}.entry_date, ${a}.id) > (${after.date}::date, ${after.id}::uuid)` : sql``;
  // The page's ids first, from the date index alone (index-only: the planner misjudges the keyset
  // and would otherwise scan the table), then those rows and their names: the joins see 5,000 rows.
  return sql<Raw>`select ${a}.*, p.project_number, p.project_name, c.file_number, cl.name as client,
      u.email, u.first_name, u.last_name
    from (select ${a}.id, ${a}.entry_date, ${cols}, ${a}.description, ${a}.project_id, ${a}.user_id
          from ${table} ${a} where ${a}.id in (
            select ${a}.id from ${table} ${a} where ${entryConditions(q, alias)} ${keyset}
            order by ${a}.entry_date, ${a}.id limit ${PAGE})) ${a}
      join projects p on p.id = ${a}.project_id join cases c on c.id = p.case_id
      join clients cl on cl.id = c.client_id join users u on u.id = ${a}.user_id
    order by ${a}.entry_date, ${a}.id`.execute(db);
}

const toRow = (kind: 'time' | 'expense') => (r: Raw): ExportRow => {
  const hours = r.hours === null ? null : Number(r.hours);
  const rate = r.rate === null ? null : Number(r.rate);
  return {
    date: r.entry_date, kind: kind === 'time' ? 'Time' : 'Expense', client: r.client, caseNumber: r.file_number,
    project: `${r.project_number} — ${r.project_name || 'Unnamed Project'}`, staff: displayName(r), type: r.job_type,
    hours, rate, value: hours === null ? null : costOf(hours, rate) ?? 0, amount: r.amount === null ? null : Number(r.amount),
    description: r.description,
  };
};

/** Every entry of the report: time entries first, then expenses, each by date. */
export async function* exportRows(db: DbOrTx, q: TReportQuery): AsyncGenerator<ExportRow[]> {
  const kinds = kindsOf(q);
  for (const kind of ['time', 'expense'] as const) {
    if (!kinds[kind]) continue;
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const { rows } = await page(db, q, kind, after);
      if (rows.length === 0) break;
      yield rows.map(toRow(kind));
      const last = rows[rows.length - 1]!;
      after = { date: last.entry_date, id: last.id };
      if (rows.length < PAGE) break;
    }
  }
}

/** Column titles of the export; money columns only for super admins. */
export function exportColumns(money: boolean) {
  const base = ['Date', 'Kind', 'Client', 'Case', 'Project', 'Staff member', 'Job / expense type', 'Hours'];
  return money ? [...base, 'Rate', 'Time value', 'Expense amount', 'Description'] : [...base, 'Description'];
}
