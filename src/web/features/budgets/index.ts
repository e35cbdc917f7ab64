// Budgets (issue 41) as the case and project pages see them.
export { BudgetsSection } from './budgets-section.tsx';
