import { z } from 'zod';
import { AGE_BUCKETS, BILL_STATUSES } from '../billing.ts';
import { rangeProblem } from '../reports.ts';
import { ZStoredDate } from './common.ts';

// /accounting (issue 11): super admins only, so every schema here may carry money.

export const ZUnbilledCase = z.object({
  caseId: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  clientName: z.string(),
  oldestDate: z.string(),
  newestDate: z.string(),
  hours: z.number(),
  timeValue: z.number(),
  expenses: z.number(),
  entries: z.number().int(),
});
export type TUnbilledCase = z.infer<typeof ZUnbilledCase>;
export const ZUnbilledList = z.object({ cases: z.array(ZUnbilledCase), totalValue: z.number() });
export type TUnbilledList = z.infer<typeof ZUnbilledList>;

export const ZPeriodQuery = z.object({ from: ZStoredDate, to: ZStoredDate }).superRefine((q, ctx) => {
  const problem = rangeProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
});
export const ZCaseIdParams = z.object({ caseId: z.uuid() });
export const ZBillIdParams = z.object({ id: z.uuid() });

export const ZBillLine = z.object({
  id: z.string(),
  kind: z.enum(['time', 'expense']),
  entryDate: z.string(),
  projectNumber: z.string(),
  staff: z.string(),
  type: z.string(),
  hours: z.number().nullable(),
  rate: z.number().nullable(),
  amount: z.number(),
  description: z.string(),
});
export type TBillLine = z.infer<typeof ZBillLine>;
export const ZUnbilledEntries = z.object({ lines: z.array(ZBillLine) });
export type TUnbilledEntries = z.infer<typeof ZUnbilledEntries>;

export const ZBillCreate = z.object({
  /** Made by the browser: a retried create answers the bill it made. */
  id: z.uuid(),
  caseId: z.uuid(),
  periodStart: ZStoredDate,
  periodEnd: ZStoredDate,
  timeEntryIds: z.array(z.uuid()).max(20_000).default([]),
  expenseEntryIds: z.array(z.uuid()).max(20_000).default([]),
}).superRefine((b, ctx) => {
  const problem = rangeProblem(b.periodStart, b.periodEnd);
  if (problem) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: problem });
});
export type TBillCreate = z.input<typeof ZBillCreate>;

export const ZBill = z.object({
  id: z.string(),
  number: z.number().int(),
  caseId: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  clientName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(BILL_STATUSES),
  hours: z.number(),
  timeTotal: z.number(),
  expenseTotal: z.number(),
  total: z.number(),
  issuedOn: z.string().nullable(),
  paidOn: z.string().nullable(),
  version: z.number().int(),
});
export type TBill = z.infer<typeof ZBill>;
export const ZBillDetail = ZBill.extend({ lines: z.array(ZBillLine) });
export type TBillDetail = z.infer<typeof ZBillDetail>;
export const ZBillList = z.object({ bills: z.array(ZBill) });
export type TBillList = z.infer<typeof ZBillList>;

export const ZVersionBody = z.object({ version: z.number().int().positive() });
export const ZPayBody = ZVersionBody.extend({ paidOn: ZStoredDate });
export const ZIssueBody = ZVersionBody.extend({ issuedOn: ZStoredDate.optional() });

export const ZReceivables = z.object({
  buckets: z.array(z.object({ bucket: z.enum(AGE_BUCKETS), count: z.number().int(), total: z.number() })),
  bills: z.array(ZBill.extend({ ageDays: z.number().int(), bucket: z.enum(AGE_BUCKETS) })),
  total: z.number(),
});
export type TReceivables = z.infer<typeof ZReceivables>;
