import { z } from 'zod';
import { billingCodeProblems } from '../billing/billing-codes.ts';
import { ZText } from './common.ts';

// UTBMS codes of one time entry (issue 38, docs/decisions/178): set per entry of a bill, carried
// into its LEDES fee line; an empty code means the job title's (Settings → Billing codes).

export const ZEntryUtbms = z.object({
  taskCode: ZText(10).default(''),
  activityCode: ZText(10).default(''),
}).superRefine((codes, ctx) => {
  const problems = billingCodeProblems({ kind: 'job_title', name: 'this entry', expenseCode: '', ...codes });
  for (const p of problems) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});

/** The entry's own codes and the codes its LEDES line carries (its own, else its job title's). */
export const ZEntryUtbmsAnswer = z.object({
  entryId: z.string(),
  taskCode: z.string(),
  activityCode: z.string(),
  effectiveTaskCode: z.string(),
  effectiveActivityCode: z.string(),
});
export type TEntryUtbms = z.infer<typeof ZEntryUtbmsAnswer>;
