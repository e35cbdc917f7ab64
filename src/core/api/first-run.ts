import { z } from 'zod';
import { FIRST_RUN_STEPS } from '../accounts/first-run.ts';

export const ZFirstRunStep = z.enum(FIRST_RUN_STEPS);
const ZOutcome = z.enum(['done', 'skipped']);

/** The first-run setup as the super admin's screens read it (issue 28). */
export const ZFirstRunState = z.object({
  /** True while the setup is to be offered: not a demo database and never finished. */
  owed: z.boolean(),
  steps: z.object({
    'firm-profile': ZOutcome.nullable(), users: ZOutcome.nullable(), calendar: ZOutcome.nullable(), 'address-lookup': ZOutcome.nullable(),
  }),
  finishedAt: z.string().nullable(),
  /** Who answered the last step; null when the database was in use before the setup existed. */
  finishedBy: z.string().nullable(),
});
export type TFirstRunState = z.infer<typeof ZFirstRunState>;

export const ZFirstRunStepParams = z.object({ step: ZFirstRunStep });
export const ZFirstRunStepBody = z.object({ outcome: ZOutcome });
