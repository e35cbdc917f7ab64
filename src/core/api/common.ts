import { z } from 'zod';
import { amountProblem, hoursProblem } from '../limits.ts';
import { isoDateProblem } from '../smart-date.ts';
import { fieldTooLongMessage } from '../limits.ts';

// Field schemas shared by every area's contract. Each wraps one rule of src/core, so the browser
// and the server refuse the same values with the same words.

/** Turns a rule of src/core (value → message or null) into a zod refinement. */
export const rule = <T>(problem: (value: T) => string | null) => (value: T, ctx: z.RefinementCtx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** A stored date, YYYY-MM-DD: a real calendar date within 10 years of today (SPEC §5). */
export const ZStoredDate = z.string().superRefine(rule((value: string) => isoDateProblem(value, new Date())));

/** Hours of one time entry: 0 to 24, at most 2 decimals. */
export const ZHours = z.number().min(0, 'Hours cannot be negative').superRefine(rule(hoursProblem));

/** A money amount: not negative, at most cents. */
export const ZAmount = (max: number) =>
  z.number().min(0, 'Amount cannot be negative').max(max).superRefine(rule(amountProblem));

/**
 * Text of at most `max` characters, stored trimmed unless `trim` is false (a description keeps its
 * layout); too long is refused with the limit named, in the words the forms use (core/limits).
 */
export const ZText = (max: number, { trim = true } = {}) =>
  (trim ? z.string().trim() : z.string()).max(max, { error: (issue) => fieldTooLongMessage(max, String(issue.input ?? '').length) });
