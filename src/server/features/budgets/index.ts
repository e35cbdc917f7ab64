// Budgets per case and per project, with alerts at 75 % and 100 % (issue 41, docs/decisions/135).
export { budgetRoutes } from './routes.ts';
/** @public The check itself, for the tests. */
export { checkBudgets } from './alerts.ts';
