// Budgets per case and per project (issue 41, docs/decisions/135): how much is used, the alerts'
// thresholds and their words. A money budget's amounts are for super admins only: everyone else
// reads its percentage.

export const BUDGET_UNITS = ['hours', 'money'] as const;
export type BudgetUnit = (typeof BUDGET_UNITS)[number];

export const BUDGET_UNIT_LABELS: Record<BudgetUnit, string> = { hours: 'Hours', money: 'Money' };

/** An alert at each of these percentages, once per budget. */
export const BUDGET_THRESHOLDS = [75, 100] as const;
export type BudgetThreshold = (typeof BUDGET_THRESHOLDS)[number];

/** Used as a percentage of the budget, one decimal (0 for an empty budget). */
export function budgetPercent(used: number, amount: number): number {
  if (!(amount > 0)) return 0;
  return Math.round((used / amount) * 1000) / 10;
}

/** The thresholds a percentage has reached that were not alerted yet, lowest first. */
export function thresholdsToAlert(percent: number, alerted: readonly number[]): BudgetThreshold[] {
  return BUDGET_THRESHOLDS.filter((t) => percent >= t && !alerted.includes(t));
}

/** The alert's one key (budget, threshold): the outbox makes it once. */
export const budgetAlertKey = (budgetId: string, threshold: number) => `budget-alert:${budgetId}:${threshold}`;

/** Where a budget is: 'case F-100 (Smith v. Jones)' or 'project F-100-01 (Roof leak)'. */
export const budgetSubjectName = (b: { projectNumber: string | null; projectName: string | null; fileNumber: string; caseName: string }) =>
  b.projectNumber ? `project ${b.projectNumber} (${b.projectName ?? ''})` : `case ${b.fileNumber} (${b.caseName})`;

export const budgetAlertSubject = (where: string, threshold: number) =>
  threshold >= 100 ? `Budget used up: ${where}` : `Budget ${threshold} % used: ${where}`;

/**
 * The alert's text. An hours budget says its hours; a money budget says only its percentage (the
 * manager may not be a super admin, and the message is listed in Sent mail).
 */
export function budgetAlertText(options: {
  where: string; threshold: number; percent: number; unit: BudgetUnit; used: number; amount: number; firmName: string;
}): string {
  const { where, threshold, percent, unit } = options;
  const amounts = unit === 'hours' ? ` (${options.used.toFixed(1)} of ${options.amount.toFixed(1)} hours)` : '';
  return [
    `The budget of ${where} has reached ${threshold} %: ${percent.toFixed(1)} % used${amounts}.`,
    threshold >= 100 ? 'The budget is used up: further work goes beyond it.' : 'Three quarters of the budget is used.',
    '',
    options.firmName,
  ].join('\n');
}

/** A budget's amount as typed: positive, at most a billion, two decimals. */
export const BUDGET_LIMITS = { max: 1_000_000_000 } as const;
