import { sql, type RawBuilder } from 'kysely';
import type { TReportQuery, TReportResponse, TReportRow, TReportTotals } from '../../../core/api/reports.ts';
import { roundToCents } from '../../../core/money.ts';
import { bucketLabel, isTimeGroup, type GroupBy } from '../../../core/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { assertFiltersExist, entryConditions, kindsOf, type EntryAlias } from './filters.ts';
import { labelsFor } from './labels.ts';

// GET /api/reports: totals per group over the period (docs/decisions/080). Entries are first
// summed per date-range-index key (user, job type, date bucket or project) and only then joined
// to projects and cases, so a year of entries is never joined row by row.

export interface Viewer { isSuperAdmin: boolean }

type Agg = { key: string; hours: string; value: string; amount: string; n: string };

/** The key an entry is first summed under; project-based groups are mapped to case/client after. */
function firstKey(group: GroupBy, alias: EntryAlias): RawBuilder<string> {
  const a = sql.raw(alias);
  switch (group) {
    case 'staff': return sql`${a}.user_id::text`;
    case 'job-type': return alias === 't' ? sql`${a}.job_type` : sql`'expense:' || ${a}.expense_type`;
    case 'day': return sql`${a}.entry_date::text`;
    case 'week': return sql`date_trunc('week', ${a}.entry_date)::date::text`;
    case 'month': return sql`date_trunc('month', ${a}.entry_date)::date::text`;
    // A uuid, not its text: hashing and sorting 100k project keys is much cheaper so.
    default: return sql`${a}.project_id`;
  }
}

function sums(db: DbOrTx, q: TReportQuery, alias: EntryAlias) {
  const a = sql.raw(alias);
  const where = entryConditions(q, alias);
  const key = firstKey(q.groupBy, alias);
  const query = alias === 't'
    ? sql<Agg>`select ${key} as key, sum(t.hours)::text as hours, sum(round(t.hours * coalesce(t.rate, 0), 2))::text as value,
        '0' as amount, count(*)::text as n from time_entries t where ${where} group by 1`
    : sql<Agg>`select ${key} as key, '0' as hours, '0' as value, sum(e.amount)::text as amount, count(*)::text as n
        from expense_entries ${a} where ${where} group by 1`;
  return regroup(q.groupBy, query);
}

/** Project sums re-summed per case or client; other groups pass through with a text key. */
function regroup(group: GroupBy, inner: RawBuilder<Agg>): RawBuilder<Agg> {
  if (group === 'project') return sql<Agg>`select x.key::text as key, x.hours, x.value, x.amount, x.n from (${inner}) x`;
  if (group !== 'case' && group !== 'client') return inner;
  const key = group === 'case' ? sql`p.case_id::text` : sql`c.client_id::text`;
  const join = group === 'client' ? sql`join cases c on c.id = p.case_id` : sql``;
  return sql<Agg>`select ${key} as key, sum(x.hours::numeric)::text as hours, sum(x.value::numeric)::text as value,
    sum(x.amount::numeric)::text as amount, sum(x.n::int)::text as n
    from (${inner}) x join projects p on p.id = x.key ${join} group by 1`;
}

export async function runReport(db: DbOrTx, options: { query: TReportQuery; viewer: Viewer }): Promise<TReportResponse> {
  const q = options.query;
  await assertFiltersExist(db, q);
  const kinds = kindsOf(q);
  const [time, expense] = await Promise.all([
    kinds.time ? sums(db, q, 't').execute(db) : { rows: [] as Agg[] },
    kinds.expense ? sums(db, q, 'e').execute(db) : { rows: [] as Agg[] },
  ]);
  const byKey = new Map<string, { hours: number; value: number; amount: number; time: number; expense: number }>();
  const add = (rows: Agg[], kind: 'time' | 'expense') => {
    for (const r of rows) {
      const g = byKey.get(r.key) ?? { hours: 0, value: 0, amount: 0, time: 0, expense: 0 };
      g.hours += Number(r.hours); g.value += Number(r.value); g.amount += Number(r.amount); g[kind] += Number(r.n);
      byKey.set(r.key, g);
    }
  };
  add(time.rows, 'time');
  add(expense.rows, 'expense');
  const labels = isTimeGroup(q.groupBy) ? null : await labelsFor(db, q.groupBy, [...byKey.keys()]);
  const money = options.viewer.isSuperAdmin;
  const rows: TReportRow[] = [...byKey].map(([key, g]) => ({
    key,
    label: isTimeGroup(q.groupBy) ? bucketLabel(q.groupBy as 'day', key) : labels?.get(key) ?? key,
    ...totalsOf(g, money),
  }));
  rows.sort(isTimeGroup(q.groupBy) ? (x, y) => x.key.localeCompare(y.key) : (x, y) => x.label.localeCompare(y.label));
  const all = [...byKey.values()].reduce((s, g) => ({
    hours: s.hours + g.hours, value: s.value + g.value, amount: s.amount + g.amount, time: s.time + g.time, expense: s.expense + g.expense,
  }), { hours: 0, value: 0, amount: 0, time: 0, expense: 0 });
  return { money, from: q.from, to: q.to, groupBy: q.groupBy, rows, totals: totalsOf(all, money) };
}

function totalsOf(g: { hours: number; value: number; amount: number; time: number; expense: number }, money: boolean): TReportTotals {
  const base = { hours: Math.round(g.hours * 100) / 100, timeEntries: g.time, expenseEntries: g.expense };
  return money ? { ...base, timeValue: roundToCents(g.value), expenses: roundToCents(g.amount) } : base;
}
