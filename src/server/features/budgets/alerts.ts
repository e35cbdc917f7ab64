import { sql } from 'kysely';
import {
  budgetAlertKey, budgetAlertSubject, budgetAlertText, budgetPercent, budgetSubjectName, thresholdsToAlert,
} from '../../../core/billing/budgets.ts';
import type { Db } from '../../db/connection.ts';
import { queueMail } from '../mail/index.ts';
import { budgetsWithUsage } from './usage.ts';

/**
 * Looks at every budget (or one) and alerts each threshold reached for the first time (issue 41,
 * docs/decisions/135). A (budget, threshold) row is kept for good and written with its message in one
 * transaction: entries deleted and added again, a second run or another instance never alert twice.
 * Reaching both at once sends one message, for the higher.
 */
export async function checkBudgets(db: Db, options: { firmName: string; budgetId?: string }): Promise<number> {
  const budgets = await budgetsWithUsage(db, options.budgetId ? { budgetId: options.budgetId } : {});
  if (!budgets.length) return 0;
  const alerted = (await sql<{ budget_id: string; threshold: number }>`
    select budget_id, threshold from budget_alerts where budget_id = any(${budgets.map((b) => b.id)}::uuid[])`.execute(db)).rows;
  let sent = 0;
  for (const budget of budgets) {
    const used = Number(budget.used);
    const amount = Number(budget.amount);
    const percent = budgetPercent(used, amount);
    const due = thresholdsToAlert(percent, alerted.filter((a) => a.budget_id === budget.id).map((a) => a.threshold));
    if (!due.length) continue;
    const threshold = due[due.length - 1]!;
    const done = await db.transaction().execute(async (tx) => {
      const claimed = await tx.insertInto('budget_alerts').values(due.map((t) => ({ budget_id: budget.id, threshold: t, percent })))
        .onConflict((oc) => oc.doNothing()).returning('threshold').execute();
      if (!claimed.some((c) => c.threshold === threshold)) return false;
      const to = await tx.selectFrom('users').select('email')
        .where('id', '=', budget.manager_id ?? budget.created_by ?? '00000000-0000-0000-0000-000000000000')
        .where('disabled', '=', false).executeTakeFirst();
      // No one to tell (no manager, or one who left): the alert is kept, and shown on the case page.
      if (!to) return true;
      const where = budgetSubjectName({
        projectNumber: budget.project_number, projectName: budget.project_name, fileNumber: budget.file_number, caseName: budget.case_name,
      });
      const mail = await queueMail(tx, {
        key: budgetAlertKey(budget.id, threshold),
        to: to.email,
        subject: budgetAlertSubject(where, threshold),
        text: budgetAlertText({ where, threshold, percent, unit: budget.unit, used, amount, firmName: options.firmName }),
        hasMoney: false,
        kind: 'budget-alert',
      });
      await tx.updateTable('budget_alerts').set({ message_id: mail.id })
        .where('budget_id', '=', budget.id).where('threshold', '=', threshold).execute();
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
