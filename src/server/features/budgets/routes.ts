import { ZBudgetBody, ZBudgetParams, ZCaseBudgetParams, ZCaseBudgets } from '../../../core/api/budgets.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { checkBudgets } from './alerts.ts';
import { caseBudgets, deleteBudget, saveBudget } from './service.ts';

/** The queue a change of entries wakes (migration 044's trigger), one debounced job. */
const BUDGETS_QUEUE = 'budgets';

/**
 * Budgets per case and per project (issue 41, docs/decisions/135). Everyone signed in reads them
 * (money amounts for super admins only); admins set hours budgets, super admins money ones.
 */
export function budgetRoutes(context: AppContext) {
  const { app, db, env, jobs } = context;
  const check = (budgetId?: string) => checkBudgets(db, { firmName: env.FIRM_NAME, ...(budgetId ? { budgetId } : {}) });
  jobs.handle(BUDGETS_QUEUE, () => check());
  // A safety net for a change the trigger's job missed (a job given up, a restore).
  jobs.every('budgets.check', { everyMs: 15 * 60_000 }, async () => void (await check()), { runAtStart: true });

  app.get('/api/cases/:caseId/budgets', {
    config: { access: 'user' }, schema: { params: ZCaseBudgetParams, response: { 200: ZCaseBudgets } },
  }, async (request) => caseBudgets(db, { caseId: request.params.caseId, superAdmin: requireUser(request).user.role === 'super_admin' }));

  app.put('/api/budgets/:id', {
    config: { access: 'admin' }, schema: { params: ZBudgetParams, body: ZBudgetBody, response: { 200: ZCaseBudgets } },
  }, async (request) => {
    const { user } = requireUser(request);
    const superAdmin = user.role === 'super_admin';
    await saveBudget(db, { id: request.params.id, body: request.body, actorId: user.id, superAdmin });
    // A budget set below what is already used alerts at once.
    await check(request.params.id);
    return caseBudgets(db, { caseId: request.body.caseId, superAdmin });
  });

  app.delete('/api/budgets/:id', {
    config: { access: 'admin' }, schema: { params: ZBudgetParams },
  }, async (request, reply) => {
    const { user } = requireUser(request);
    await deleteBudget(db, { id: request.params.id, superAdmin: user.role === 'super_admin' });
    return reply.status(204).send();
  });
}
