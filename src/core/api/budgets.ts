import { z } from 'zod';
import { BUDGET_LIMITS, BUDGET_UNITS } from '../billing/budgets.ts';

// Budgets per case and per project (issue 41, docs/decisions/135). Money budgets' amounts go to super
// admins only: for everyone else `amount` and `used` are null and the percentage is what they read.

export const ZBudgetUnit = z.enum(BUDGET_UNITS);

export const ZBudgetAlert = z.object({ threshold: z.number().int(), at: z.string(), percent: z.number() });

export const ZBudget = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  /** Null: the budget of the whole case. */
  projectId: z.uuid().nullable(),
  projectNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  unit: ZBudgetUnit,
  /** Hours, or money for super admins; null where the reader may not see it. */
  amount: z.number().nullable(),
  used: z.number().nullable(),
  percent: z.number(),
  managerId: z.uuid().nullable(),
  managerName: z.string().nullable(),
  alerts: z.array(ZBudgetAlert),
  /** False: a money budget, changed by super admins only. */
  editable: z.boolean(),
  version: z.number().int(),
});
export type TBudget = z.infer<typeof ZBudget>;

export const ZCaseBudgets = z.object({
  budgets: z.array(ZBudget),
  /** Who may receive the alerts: the active people. */
  people: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TCaseBudgets = z.infer<typeof ZCaseBudgets>;

export const ZCaseBudgetParams = z.object({ caseId: z.uuid() }).strict();
export const ZBudgetParams = z.object({ id: z.uuid() }).strict();

/** PUT /api/budgets/:id with a client-made id: creates or changes (version: the one read; null for a new one). */
export const ZBudgetBody = z.object({
  caseId: z.uuid(),
  projectId: z.uuid().nullable(),
  unit: ZBudgetUnit,
  amount: z.number({ error: 'Give the budget as a number' }).positive('A budget is more than 0')
    .max(BUDGET_LIMITS.max, 'A budget is at most 1,000,000,000')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'A budget has at most two decimals'),
  managerId: z.uuid().nullable(),
  version: z.number().int().nullable(),
}).strict();
export type TBudgetBody = z.infer<typeof ZBudgetBody>;
