import { z } from 'zod';
import { GROUPS, KINDS, rangeProblem, SAME_LEVELS_MESSAGE } from '../time/reports.ts';
import { ZStoredDate } from './common.ts';

// GET /api/reports and its CSV/XLSX exports (issue 11). Money fields (time value, expenses)
// are present only in super admins' answers: the server leaves them out for everyone else.

const ZReportFilters = z.object({
  from: ZStoredDate,
  to: ZStoredDate,
  groupBy: z.enum(GROUPS).default('staff'),
  /** The optional second level: each first-level group split by it, with the group's subtotal. */
  thenBy: z.enum(GROUPS).optional(),
  kind: z.enum(KINDS).default('both'),
  clientId: z.uuid().optional(),
  caseId: z.uuid().optional(),
  projectId: z.uuid().optional(),
  userId: z.uuid().optional(),
  jobType: z.string().trim().min(1).max(200).optional(),
});

function checkReportQuery(q: z.infer<typeof ZReportFilters>, ctx: z.RefinementCtx) {
  const problem = rangeProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  if (q.thenBy === q.groupBy) ctx.addIssue({ code: 'custom', path: ['thenBy'], message: SAME_LEVELS_MESSAGE });
}

export const ZReportQuery = ZReportFilters.superRefine(checkReportQuery);
export type TReportQuery = z.infer<typeof ZReportQuery>;

/**
 * GET /api/reports/export.csv: `view=grouped` (the default) is the table as on screen (groups,
 * subtotals, grand total); `view=entries` is one record per entry (docs/decisions/098).
 */
/** A CSV export: the table as on screen (`grouped`), or one row per entry (`entries`). */
const EXPORT_VIEWS = ['grouped', 'entries'] as const;
export const ZReportCsvQuery = ZReportFilters.extend({ view: z.enum(EXPORT_VIEWS).default('grouped') }).superRefine(checkReportQuery);
export type TReportQueryInput = z.input<typeof ZReportQuery>;

const ZTotals = z.object({
  hours: z.number(),
  timeEntries: z.number().int(),
  expenseEntries: z.number().int(),
  /** Super admins only. */
  timeValue: z.number().optional(),
  /** Super admins only. */
  expenses: z.number().optional(),
});
export type TReportTotals = z.infer<typeof ZTotals>;

const ZLeaf = ZTotals.extend({ key: z.string(), label: z.string() });
/** A group; with a second level, its rows by that level (its own totals are their subtotal). */
export const ZReportRow = ZLeaf.extend({ children: z.array(ZLeaf).optional() });
export type TReportRow = z.infer<typeof ZReportRow>;
export type TReportLeaf = z.infer<typeof ZLeaf>;

export const ZReportResponse = z.object({
  money: z.boolean(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(GROUPS),
  thenBy: z.enum(GROUPS).nullable(),
  rows: z.array(ZReportRow),
  totals: ZTotals,
});
export type TReportResponse = z.infer<typeof ZReportResponse>;

/** The choices of the filter bar: who and what can be filtered on. */
export const ZReportOptions = z.object({
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
  jobTypes: z.array(z.string()),
});
export type TReportOptions = z.infer<typeof ZReportOptions>;
