import { sql } from 'kysely';
import type { TDashboardMoney, TDashboardSummary, TDueItem } from '../../../core/api/dashboard.ts';
import { roundToCents } from '../../../core/money.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { unbilledFeeRuleChange } from '../billing/index.ts';
import { weekReminders, type Viewer } from '../time/index.ts';

const WEEK = sql<string>`date_trunc('week', current_date)::date`;

/** The user's open items due before `until` (and from `from`), oldest first, at most 10. */
async function dueItems(db: DbOrTx, userId: string, range: { from?: ReturnType<typeof sql>; until: ReturnType<typeof sql> }) {
  let query = db.selectFrom('action_items as a').innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['a.id', 'a.title', 'a.project_id', 'p.project_number', 'p.project_name', sql<string>`a.due_date::text`.as('due')])
    .where('a.assigned_to', '=', userId).where('a.archived', '=', false)
    .where('a.status', 'in', ['pending', 'in_progress'])
    .where(sql<boolean>`a.due_date < ${range.until}`);
  if (range.from) query = query.where(sql<boolean>`a.due_date >= ${range.from}`);
  const rows = await query.orderBy('a.due_date').orderBy('a.title').limit(10).execute();
  return rows.map((r): TDueItem => ({
    id: r.id, title: r.title, dueDate: r.due, projectId: r.project_id,
    projectLabel: `${r.project_number} — ${r.project_name || 'Unnamed Project'}`,
  }));
}

/** The numbers on the dashboard for one user; no money, so every role may see them. `firmToday` is the firm's day. */
export async function dashboardSummary(db: DbOrTx, viewer: Viewer, firmToday: string): Promise<TDashboardSummary> {
  const userId = viewer.id;
  const [items, hours, cases, drafts, overdue, today, week, recent, reminders] = await Promise.all([
    db.selectFrom('action_items')
      .select([
        sql<string>`count(*)`.as('open'),
        sql<string>`count(*) filter (where due_date < current_date)`.as('overdue'),
      ])
      .where('assigned_to', '=', userId)
      .where('archived', '=', false)
      .where('status', 'in', ['pending', 'in_progress'])
      .executeTakeFirstOrThrow(),
    db.selectFrom('time_entries')
      .select([
        sql<string>`coalesce(sum(hours) filter (where entry_date >= ${WEEK}), 0)`.as('this_week'),
        sql<string>`coalesce(sum(hours) filter (where entry_date < ${WEEK}), 0)`.as('last_week'),
      ])
      .where('user_id', '=', userId)
      .where('entry_date', '>=', sql<string>`${WEEK} - 7`)
      .where('entry_date', '<', sql<string>`${WEEK} + 7`)
      .executeTakeFirstOrThrow(),
    db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('clients.completion_percentage', '=', 100)
      .executeTakeFirstOrThrow(),
    db.selectFrom('clients').select(sql<string>`count(*)`.as('n'))
      .where('completion_percentage', '<', 100)
      .executeTakeFirstOrThrow(),
    dueItems(db, userId, { until: sql`current_date` }),
    dueItems(db, userId, { from: sql`current_date`, until: sql`current_date + 1` }),
    dueItems(db, userId, { from: sql`current_date + 1`, until: sql`${WEEK} + 7` }),
    // The user's latest 200 entries (the user-and-date index), folded to their 5 latest projects.
    sql<{ id: string; project_number: string; project_name: string; last: string }>`
      select p.id, p.project_number, p.project_name, max(x.entry_date)::text as last
      from (select project_id, entry_date from time_entries where user_id = ${userId}
            order by entry_date desc limit 200) x
      join projects p on p.id = x.project_id
      group by p.id order by max(x.entry_date) desc, p.project_number limit 5`.execute(db),
    weekReminders(db, { viewer, today: firmToday }),
  ]);
  return {
    myOpenActionItems: Number(items.open),
    myOverdueActionItems: Number(items.overdue),
    myHoursThisWeek: Number(hours.this_week),
    myHoursLastWeek: Number(hours.last_week),
    activeCases: Number(cases.n),
    draftClients: Number(drafts.n),
    overdueItems: overdue,
    todayItems: today,
    thisWeekItems: week,
    recentProjects: recent.rows.map((r) => ({
      id: r.id, label: `${r.project_number} — ${r.project_name || 'Unnamed Project'}`, lastDate: r.last,
    })),
    ...reminders,
  };
}

/**
 * Super admins' figures: unbilled value (time at stored rates, as the case's fee rules price it, and
 * expenses), receivables, and the part of them past due on the firm's `today` (core/billing/billing.ts
 * isOverdue, in SQL over bills_open_idx).
 */
export async function dashboardMoney(db: DbOrTx, today: string): Promise<TDashboardMoney> {
  // unbilled_totals is kept by the entry tables' statement triggers (docs/decisions/180).
  const [{ rows }, feeRuleChange] = await Promise.all([sql<{ unbilled: string; receivables: string; overdue: string; overdue_bills: string }>`
    select (select coalesce(sum(time_value + expenses), 0) from unbilled_totals) as unbilled, o.*
    from (select coalesce(sum(balance), 0) as receivables,
                 coalesce(sum(balance) filter (where due_on < ${today}::date and balance > 0), 0) as overdue,
                 count(*) filter (where due_on < ${today}::date and balance > 0) as overdue_bills
          from bills where status in ('issued', 'partially_paid')) o`.execute(db), unbilledFeeRuleChange(db)]);
  const row = rows[0]!;
  return {
    unbilledValue: roundToCents(Number(row.unbilled) + feeRuleChange), receivables: Number(row.receivables),
    overdue: Number(row.overdue), overdueBills: Number(row.overdue_bills),
  };
}
