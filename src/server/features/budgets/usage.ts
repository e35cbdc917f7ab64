import { sql } from 'kysely';
import type { BudgetUnit } from '../../../core/billing/budgets.ts';
import type { DbOrTx } from '../../db/connection.ts';

export interface BudgetUsageRow {
  id: string;
  case_id: string;
  project_id: string | null;
  unit: BudgetUnit;
  amount: string;
  used: string;
  manager_id: string | null;
  created_by: string | null;
  version: number;
  file_number: string;
  case_name: string;
  project_number: string | null;
  project_name: string | null;
}

/**
 * Budgets with what they have used: hours of the time entries, or (money) the time's value at its
 * frozen rates plus the expenses, of the case's projects (a case budget) or of one project.
 */
export async function budgetsWithUsage(db: DbOrTx, where: { caseId?: string; budgetId?: string } = {}): Promise<BudgetUsageRow[]> {
  return (await sql<BudgetUsageRow>`
    with scope as (
      select b.*, k.file_number, k.case_name, p.project_number, p.project_name
      from budgets b join cases k on k.id = b.case_id left join projects p on p.id = b.project_id
      where (${where.caseId ?? null}::uuid is null or b.case_id = ${where.caseId ?? null}::uuid)
        and (${where.budgetId ?? null}::uuid is null or b.id = ${where.budgetId ?? null}::uuid)
    )
    select s.id, s.case_id, s.project_id, s.unit, s.amount, s.manager_id, s.created_by, s.version,
      s.file_number, s.case_name, s.project_number, s.project_name,
      case when s.unit = 'hours' then
        (select coalesce(sum(t.hours), 0) from time_entries t join projects p on p.id = t.project_id
          where p.case_id = s.case_id and (s.project_id is null or p.id = s.project_id))
      else
        (select coalesce(sum(round(t.hours * coalesce(t.rate, 0), 2)), 0) from time_entries t join projects p on p.id = t.project_id
          where p.case_id = s.case_id and (s.project_id is null or p.id = s.project_id))
        + (select coalesce(sum(e.amount), 0) from expense_entries e join projects p on p.id = e.project_id
          where p.case_id = s.case_id and (s.project_id is null or p.id = s.project_id))
      end as used
    from scope s
    order by s.project_number nulls first`.execute(db)).rows;
}
