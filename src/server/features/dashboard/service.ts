import { sql } from 'kysely';
import type { TDashboardSummary } from '../../../core/api/dashboard.ts';
import type { DbOrTx } from '../../db/connection.ts';

/** The numbers on the dashboard for one user; no money, so every role may see them. */
export async function dashboardSummary(db: DbOrTx, userId: string): Promise<TDashboardSummary> {
  const [items, hours, cases, drafts] = await Promise.all([
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
      .select(sql<string>`coalesce(sum(hours), 0)`.as('hours'))
      .where('user_id', '=', userId)
      .where('entry_date', '>=', sql<string>`date_trunc('week', current_date)::date`)
      .executeTakeFirstOrThrow(),
    db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('clients.completion_percentage', '=', 100)
      .executeTakeFirstOrThrow(),
    db.selectFrom('clients').select(sql<string>`count(*)`.as('n'))
      .where('completion_percentage', '<', 100)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    myOpenActionItems: Number(items.open),
    myOverdueActionItems: Number(items.overdue),
    myHoursThisWeek: Number(hours.hours),
    activeCases: Number(cases.n),
    draftClients: Number(drafts.n),
  };
}
