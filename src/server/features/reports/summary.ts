import { sql, type RawBuilder } from 'kysely';
import type { TReportLeaf, TReportQuery, TReportResponse, TReportRow, TReportTotals } from '../../../core/api/reports.ts';
import { bucketLabel, isTimeGroup, type GroupBy } from '../../../core/time/reports.ts';
import type { DbOrTx, Tx } from '../../db/connection.ts';
import { assertFiltersExist, entryConditions, kindsOf, type EntryAlias } from './filters.ts';
import { labelsFor } from './labels.ts';

// GET /api/reports: totals per group, and per second-level group within each (docs/decisions/080,
// 083). Every key a report groups by is a column of the entry itself (entries carry their case and
// client), so a period is summed from the covering date index alone, with no join.

export interface Viewer { isSuperAdmin: boolean }

type Agg = { k1: string; k2: string | null; hours: string; value: string; amount: string; time_n: string; expense_n: string };
/** Hours, time value and expense amounts in whole cents (exact integers), and entry counts. */
type Sums = { hours: number; value: number; amount: number; time: number; expense: number };

/** The group an entry falls in, from its own columns. */
function entryKey(group: GroupBy, alias: EntryAlias): RawBuilder<unknown> {
  const a = sql.raw(alias);
  switch (group) {
    case 'client': return sql`${a}.client_id`;
    case 'case': return sql`${a}.case_id`;
    case 'project': return sql`${a}.project_id`;
    case 'staff': return sql`${a}.user_id`;
    case 'job-type': return alias === 't' ? sql`${a}.job_type` : sql`'expense:' || ${a}.expense_type`;
    case 'day': return sql`${a}.entry_date`;
    // The firm's week (its timesheets' first day, 1 = Monday … 7 = Sunday), read once by the planner.
    case 'week': return sql`${a}.entry_date - ((extract(isodow from ${a}.entry_date)::int
      - (select week_starts_on from timesheet_settings where id = 1) + 7) % 7)`;
    case 'month': return sql`date_trunc('month', ${a}.entry_date)::date`;
  }
}

/** One statement: both entry tables summed per group (and subgroup); bigint sums of cents. */
function sumsQuery(q: TReportQuery): RawBuilder<Agg> | null {
  const kinds = kindsOf(q);
  const parts: RawBuilder<unknown>[] = [];
  for (const alias of ['t', 'e'] as const) {
    if (!kinds[alias === 't' ? 'time' : 'expense']) continue;
    const k1 = entryKey(q.groupBy, alias);
    const k2 = q.thenBy ? entryKey(q.thenBy, alias) : sql`null::text`;
    const where = entryConditions(q, alias);
    parts.push(alias === 't'
      // Grouped on the keys' own types (hashing a uuid is cheaper than its text), made text after.
      ? sql`select ${k1} as k1, ${k2} as k2, sum(t.hours_cents)::bigint as hours, sum(t.value_cents)::bigint as value,
          0::bigint as amount, count(*) as time_n, 0::bigint as expense_n from time_entries t where ${where} group by 1, 2`
      : sql`select ${k1} as k1, ${k2} as k2, 0::bigint as hours, 0::bigint as value, sum(e.amount_cents)::bigint as amount,
          0::bigint as time_n, count(*) as expense_n from expense_entries e where ${where} group by 1, 2`);
  }
  if (parts.length === 0) return null;
  return sql<Agg>`select k1::text, k2::text, hours::text, value::text, amount::text, time_n::text, expense_n::text
    from (${sql.join(parts, sql` union all `)}) x`;
}

const zero = (): Sums => ({ hours: 0, value: 0, amount: 0, time: 0, expense: 0 });
const addTo = (s: Sums, r: Agg) => {
  s.hours += Number(r.hours); s.value += Number(r.value); s.amount += Number(r.amount);
  s.time += Number(r.time_n); s.expense += Number(r.expense_n);
};

const collator = new Intl.Collator('en-US');

/** Rows of one level in the table's order: time buckets by date, the others by label. */
async function leaves(db: DbOrTx, group: GroupBy, byKey: Map<string, Sums>, money: boolean): Promise<TReportLeaf[]> {
  const labels = isTimeGroup(group) ? null : await labelsFor(db, group, [...byKey.keys()]);
  const rows = [...byKey].map(([key, g]) => ({
    key, label: labels ? labels.get(key) ?? key : bucketLabel(group as 'day', key), ...totalsOf(g, money),
  }));
  return rows.sort(isTimeGroup(group) ? (x, y) => (x.key < y.key ? -1 : 1) : (x, y) => collator.compare(x.label, y.label));
}

export async function runReport(db: DbOrTx, options: { query: TReportQuery; viewer: Viewer }): Promise<TReportResponse> {
  const q = options.query;
  await assertFiltersExist(db, q);
  const query = sumsQuery(q);
  const read = async (tx: Tx) => {
    // Hash aggregation over a year of entries needs more than the default 4 MB (else it sorts on
    // disk); JIT compiling costs more than it saves at this size (docs/decisions/083).
    await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`.execute(tx);
    return (await query!.execute(tx)).rows;
  };
  const rows = !query ? [] : db.isTransaction ? await read(db as Tx) : await db.transaction().setAccessMode('read only').execute(read);
  const first = new Map<string, Sums>();
  const second = new Map<string, Map<string, Sums>>();
  const all = zero();
  for (const r of rows) {
    addTo(all, r);
    let g = first.get(r.k1);
    if (!g) first.set(r.k1, g = zero());
    addTo(g, r);
    if (r.k2 === null) continue;
    let inner = second.get(r.k1);
    if (!inner) second.set(r.k1, inner = new Map());
    let s = inner.get(r.k2);
    if (!s) inner.set(r.k2, s = zero());
    addTo(s, r);
  }
  const money = options.viewer.isSuperAdmin;
  const top: TReportRow[] = await leaves(db, q.groupBy, first, money);
  if (q.thenBy) {
    // One label look-up for the second level's keys across all groups.
    const keys = new Map<string, Sums>();
    for (const inner of second.values()) for (const k of inner.keys()) keys.set(k, zero());
    const labelled = new Map((await leaves(db, q.thenBy, keys, money)).map((l, i) => [l.key, { label: l.label, order: i }]));
    for (const row of top) {
      row.children = [...second.get(row.key)!].map(([key, g]) => ({ key, label: labelled.get(key)!.label, ...totalsOf(g, money) }))
        .sort((x, y) => labelled.get(x.key)!.order - labelled.get(y.key)!.order);
    }
  }
  return { money, from: q.from, to: q.to, groupBy: q.groupBy, thenBy: q.thenBy ?? null, rows: top, totals: totalsOf(all, money) };
}

function totalsOf(g: Sums, money: boolean): TReportTotals {
  const base = { hours: g.hours / 100, timeEntries: g.time, expenseEntries: g.expense };
  return money ? { ...base, timeValue: g.value / 100, expenses: g.amount / 100 } : base;
}
