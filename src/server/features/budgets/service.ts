import { sql } from 'kysely';
import type { TBudget, TBudgetBody, TCaseBudgets } from '../../../core/api/budgets.ts';
import { budgetPercent } from '../../../core/billing/budgets.ts';
import { displayName } from '../../../core/people.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { budgetsWithUsage, type BudgetUsageRow } from './usage.ts';

const MONEY_ONLY = 'Money budgets are for super admins only.';

/** One budget as a reader sees it: a money budget's amounts only for super admins (its percentage for all). */
function shown(row: BudgetUsageRow, alerts: { threshold: number; created_at: Date | string; percent: string }[],
  managerName: string | null, superAdmin: boolean): TBudget {
  const readable = superAdmin || row.unit === 'hours';
  const used = Number(row.used);
  const amount = Number(row.amount);
  return {
    id: row.id, caseId: row.case_id, projectId: row.project_id, projectNumber: row.project_number, projectName: row.project_name,
    unit: row.unit,
    amount: readable ? amount : null,
    used: readable ? Math.round(used * 100) / 100 : null,
    percent: budgetPercent(used, amount),
    managerId: row.manager_id, managerName,
    alerts: alerts.map((a) => ({ threshold: a.threshold, at: new Date(a.created_at).toISOString(), percent: Number(a.percent) })),
    editable: readable,
    version: row.version,
  };
}

/** A case's budgets (its own, then its projects'), and the people who may receive the alerts. */
export async function caseBudgets(db: Db, options: { caseId: string; superAdmin: boolean }): Promise<TCaseBudgets> {
  const kase = await db.selectFrom('cases').select('id').where('id', '=', options.caseId).executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
  const rows = await budgetsWithUsage(db, { caseId: options.caseId });
  const alerts = rows.length
    ? (await sql<{ budget_id: string; threshold: number; created_at: Date | string; percent: string }>`
      select budget_id, threshold, created_at, percent from budget_alerts where budget_id = any(${rows.map((r) => r.id)}::uuid[])
      order by threshold`.execute(db)).rows
    : [];
  const people = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name'])
    
    .where('disabled', '=', false).where((eb) => eb.exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_roles.user_id', '=', 'users.id')))
    .orderBy('first_name').orderBy('last_name').orderBy('email').execute();
  const names = new Map(people.map((p) => [p.id, displayName(p)]));
  return {
    budgets: rows.map((r) => shown(r, alerts.filter((a) => a.budget_id === r.id), r.manager_id ? (names.get(r.manager_id) ?? null) : null,
      options.superAdmin)),
    people: people.map((p) => ({ id: p.id, name: displayName(p) })),
  };
}

/**
 * Creates (client-made id) or changes a budget. Admins set hours budgets; money ones, and turning one
 * into or out of money, are for super admins. A stale version is EDIT_CONFLICT.
 */
export async function saveBudget(db: Db, options: { id: string; body: TBudgetBody; actorId: string; superAdmin: boolean }): Promise<void> {
  const { id, body, superAdmin } = options;
  if (body.unit === 'money' && !superAdmin) throw refuse('unit', MONEY_ONLY, 'money', 'PERMISSION_DENIED');
  if (body.projectId) {
    const project = await db.selectFrom('projects').select('case_id').where('id', '=', body.projectId).executeTakeFirst();
    if (!project || project.case_id !== body.caseId) throw refuse('projectId', 'This project is not one of the case\'s projects.', 'project');
  } else if (!(await db.selectFrom('cases').select('id').where('id', '=', body.caseId).executeTakeFirst())) {
    throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
  }
  if (body.managerId && !(await db.selectFrom('users').select('id').where('id', '=', body.managerId).where('disabled', '=', false).executeTakeFirst())) {
    throw refuse('managerId', 'Choose an active person as the case manager.', 'manager');
  }
  const current = await db.selectFrom('budgets').select(['unit', 'version', 'case_id', 'project_id']).where('id', '=', id).executeTakeFirst();
  if (current?.unit === 'money' && !superAdmin) throw refuse('unit', MONEY_ONLY, 'money', 'PERMISSION_DENIED');
  try {
    if (!current) {
      await db.insertInto('budgets').values({
        id, case_id: body.caseId, project_id: body.projectId, unit: body.unit, amount: body.amount, manager_id: body.managerId,
        created_by: options.actorId,
      }).execute();
      return;
    }
    if (current.case_id !== body.caseId || current.project_id !== body.projectId) {
      throw refuse('projectId', 'A budget stays on its case or project: delete it and set a new one.', 'place');
    }
    // A replay of the creating request (no version) changes nothing.
    if (body.version === null) return;
    const changed = await db.updateTable('budgets').set((eb) => ({
      unit: body.unit, amount: body.amount, manager_id: body.managerId, updated_at: new Date(), version: eb('version', '+', 1),
    })).where('id', '=', id).where('version', '=', body.version).returning('id').executeTakeFirst();
    if (!changed) throw new AppError('EDIT_CONFLICT');
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw refuse('projectId', body.projectId ? 'This project already has a budget.' : 'This case already has a budget.', 'unique', 'DUPLICATE_RECORD');
    }
    throw error;
  }
}

/** Deletes a budget and its alerts (a money one: super admins only). */
export async function deleteBudget(db: Db, options: { id: string; superAdmin: boolean }): Promise<void> {
  const current = await db.selectFrom('budgets').select('unit').where('id', '=', options.id).executeTakeFirst();
  if (!current) return;
  if (current.unit === 'money' && !options.superAdmin) throw refuse('unit', MONEY_ONLY, 'money', 'PERMISSION_DENIED');
  await db.deleteFrom('budgets').where('id', '=', options.id).execute();
}
