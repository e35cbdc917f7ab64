import { z } from 'zod';
import {
  AGE_BUCKETS, BILL_STATUSES, discountProblem, MAX_TERMS_DAYS, PAYMENT_METHODS, REASON_REQUIRED_MESSAGE, RETAINER_KINDS,
} from '../billing/billing.ts';
import { billingCodeProblems } from '../billing/billing-codes.ts';
import { rangeProblem } from '../time/reports.ts';
import { rule, ZAmount, ZHours, ZStoredDate, ZText } from './common.ts';

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
  /** Unbilled hours of the case whose week is not approved yet: not billable while billing requires approved time (issue 25), else 0. */
  hoursAwaitingApproval: z.number(),
});
export type TUnbilledCase = z.infer<typeof ZUnbilledCase>;
export const ZUnbilledList = z.object({
  cases: z.array(ZUnbilledCase),
  totalValue: z.number(),
  /** While billing requires approved time (issue 25): all unbilled hours waiting for approval, in words in WEEK_MESSAGES.awaitingApproval; else 0. */
  hoursAwaitingApproval: z.number(),
});
export type TUnbilledList = z.infer<typeof ZUnbilledList>;

export const ZPeriodQuery = z.object({ from: ZStoredDate, to: ZStoredDate }).superRefine((q, ctx) => {
  const problem = rangeProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
});
/** The QuickBooks Online CSV: journal entries of every transaction (default), or the invoice importer's rows. */
export const ZQuickbooksCsvQuery = z.object({ from: ZStoredDate, to: ZStoredDate, view: z.enum(['journal', 'invoices']).default('journal') })
  .superRefine((q, ctx) => {
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
  /** As billed: after a write-down or write-up. */
  amount: z.number(),
  /** The entry's own amount (hours × rate, or the expense), kept on record under a write-down. */
  originalAmount: z.number(),
  /** Why the line was written down or up (the firm's own, never printed); null when it was not. */
  adjustmentReason: z.string().nullable(),
  /** What the client reads under an adjusted line ('' or absent: nothing). */
  clientNote: z.string().optional(),
  description: z.string(),
  /** A time line's hours as billed: a fee rule's minimum or a cancellation's hours (docs/decisions/138). */
  billedHours: z.number().optional(),
  /** The fee rule that priced a time line ('Deposition minimum 2.0 h', 'Travel at 50 %'); null: hours × rate. */
  feeRule: z.string().nullable().optional(),
  /** A time line's own UTBMS task and activity codes ('': its job title's; docs/decisions/178). */
  taskCode: z.string().optional(),
  activityCode: z.string().optional(),
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

export const ZDiscount = z.object({
  kind: z.enum(['percent', 'amount']),
  value: ZAmount(10_000_000),
}).superRefine((d, ctx) => {
  const problem = discountProblem(d);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const ZBill = z.object({
  id: z.string(),
  number: z.number().int(),
  caseId: z.string(),
  clientId: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  clientName: z.string(),
  billToName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(BILL_STATUSES),
  hours: z.number(),
  /** Time and expense lines as billed (after write-downs and write-ups). */
  timeTotal: z.number(),
  expenseTotal: z.number(),
  adjustmentTotal: z.number(),
  subtotal: z.number(),
  discountTotal: z.number(),
  /** After adjustments and the discount, before payments and credits. */
  total: z.number(),
  paidTotal: z.number(),
  creditedTotal: z.number(),
  balance: z.number(),
  termsDays: z.number().int(),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  paidOn: z.string().nullable(),
  version: z.number().int(),
  /** Past its due date with something owed, on the firm's today (core/billing/billing.ts isOverdue). */
  overdue: z.boolean(),
  /** A bill to the deposing side (issue 40): the deposition it is for; null for the client's own bill. */
  payerTestimonyId: z.string().nullable().optional(),
});
export type TBill = z.infer<typeof ZBill>;

export const ZPayment = z.object({
  id: z.string(),
  number: z.number().int(),
  billId: z.string(),
  billNumber: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** What was received; appliedAmount went to the bill, creditAmount is held as client credit. */
  amount: z.number(),
  appliedAmount: z.number(),
  creditAmount: z.number(),
  reversedOn: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZCreditNoteLine = z.object({ description: z.string(), amount: z.number(), entryId: z.string().nullable() });
export const ZCreditNote = z.object({
  id: z.string(),
  number: z.number().int(),
  billId: z.string(),
  billNumber: z.number().int(),
  issuedOn: z.string(),
  reason: z.string(),
  amount: z.number(),
  /** What reduced the bill's balance; the rest is held as client credit. */
  appliedAmount: z.number(),
  lines: z.array(ZCreditNoteLine),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;

export const ZBillDetail = ZBill.extend({
  billingAddress: z.string(),
  terms: z.string(),
  note: z.string(),
  discount: z.object({ kind: z.enum(['percent', 'amount']), value: z.number() }).nullable(),
  clientMatterId: z.string(),
  lines: z.array(ZBillLine),
  payments: z.array(ZPayment),
  creditNotes: z.array(ZCreditNote),
  /** Retainer applied to this bill (payments of method 'retainer' not reversed), and what the case's retainer holds now. */
  retainer: z.object({ applied: z.number(), remaining: z.number() }),
});
export type TBillDetail = z.infer<typeof ZBillDetail>;
export const ZBillList = z.object({ bills: z.array(ZBill) });
export type TBillList = z.infer<typeof ZBillList>;

export const ZVersionBody = z.object({ version: z.number().int().positive() });
export const ZIssueBody = ZVersionBody.extend({ issuedOn: ZStoredDate.optional() });

/** PATCH /api/bills/:id: a draft's terms, note, bill-to, due date and discount (any of them). */
export const ZBillUpdate = ZVersionBody.extend({
  billToName: ZText(200).optional(),
  billingAddress: ZText(1000, { trim: false }).optional(),
  termsDays: z.number().int().min(0).max(MAX_TERMS_DAYS).optional(),
  terms: ZText(500, { trim: false }).optional(),
  note: ZText(4000, { trim: false }).optional(),
  dueOn: ZStoredDate.nullable().optional(),
  discount: ZDiscount.nullable().optional(),
});
export type TBillUpdate = z.input<typeof ZBillUpdate>;

/** POST /api/bills/:id/entries: add unbilled entries of the bill's case and period to a draft. */
export const ZBillAddEntries = ZVersionBody.extend({
  timeEntryIds: z.array(z.uuid()).max(20_000).default([]),
  expenseEntryIds: z.array(z.uuid()).max(20_000).default([]),
});
/** POST /api/bills/:id/entries/remove: the entries go back to unbilled. */
export const ZBillRemoveEntries = ZVersionBody.extend({ entryIds: z.array(z.uuid()).min(1).max(20_000) });

const ZReason = ZText(1000).pipe(z.string().min(1, REASON_REQUIRED_MESSAGE));

/** POST /api/bills/:id/lines/:entryId/adjust: bill the line at `amount` (null: back to its own amount). */
export const ZLineAdjust = ZVersionBody.extend({
  amount: ZAmount(10_000_000).nullable(),
  reason: ZText(1000).default(''),
  /** Printed on the bill under the line; the reason never is. */
  clientNote: ZText(1000).default(''),
}).superRefine(rule((b: { amount: number | null; reason: string }) =>
  b.amount !== null && b.reason === '' ? REASON_REQUIRED_MESSAGE : null));
export const ZBillLineParams = z.object({ id: z.uuid(), entryId: z.uuid() });

/**
 * PATCH /api/bills/:id/lines/:entryId (issue 38): a draft's line edited, which is its entry edited
 * (the entries' audit keeps before and after). Time: hours, rate, description; expense: amount, description.
 */
export const ZLineEdit = ZVersionBody.extend({
  hours: ZHours.optional(),
  rate: ZAmount(100_000).optional(),
  amount: ZAmount(10_000_000).optional(),
  description: ZText(5000).optional(),
});
export type TLineEdit = z.infer<typeof ZLineEdit>;
/** DELETE /api/bills/:id?version=: a draft deleted, its entries unbilled again. */
export const ZDeleteBillQuery = z.object({ version: z.coerce.number().int().positive() });

export const ZPaymentCreate = z.object({
  /** Made by the browser: a retried payment answers the bill as it made it. */
  id: z.uuid(),
  receivedOn: ZStoredDate,
  amount: ZAmount(10_000_000).pipe(z.number().positive('Amount must be more than zero')),
  method: z.enum(PAYMENT_METHODS),
  reference: ZText(200).default(''),
  /** Keep what is over the balance as the client's credit instead of refusing the payment. */
  excessToCredit: z.boolean().default(false),
});
export type TPaymentCreate = z.input<typeof ZPaymentCreate>;
export const ZPaymentIdParams = z.object({ id: z.uuid() });
export const ZReverseBody = z.object({ reason: ZReason });

export const ZCreditNoteCreate = z.object({
  id: z.uuid(),
  issuedOn: ZStoredDate.optional(),
  reason: ZReason,
  /** Either an amount, or lines (their sum is the credit). */
  amount: ZAmount(10_000_000).pipe(z.number().positive('Amount must be more than zero')).optional(),
  lines: z.array(z.object({
    description: ZText(500).pipe(z.string().min(1, 'Please describe the line')),
    amount: ZAmount(10_000_000).pipe(z.number().positive('Amount must be more than zero')),
    entryId: z.uuid().nullable().default(null),
  })).max(2_000).default([]),
}).superRefine((c, ctx) => {
  if ((c.amount === undefined) === (c.lines.length === 0)) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Give either an amount or lines.' });
  }
});
export type TCreditNoteCreate = z.input<typeof ZCreditNoteCreate>;

export const ZReceivableBill = ZBill.extend({ daysPastDue: z.number().int(), bucket: z.enum(AGE_BUCKETS) });
export type TReceivableBill = z.infer<typeof ZReceivableBill>;
export const ZAgingBucket = z.object({ bucket: z.enum(AGE_BUCKETS), count: z.number().int(), total: z.number() });
export const RECEIVABLES_PAGE = 100;
/** GET /api/accounting/receivables: one page of the open bills, of one bucket or all. */
export const ZReceivablesQuery = z.object({
  bucket: z.enum(AGE_BUCKETS).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(RECEIVABLES_PAGE),
});
export type TReceivablesQuery = z.input<typeof ZReceivablesQuery>;
export const ZReceivables = z.object({
  /** Every open bill (issued or partially paid), by days past due; every total is of balances. */
  buckets: z.array(ZAgingBucket),
  total: z.number(),
  /** The page asked for, the longest overdue first, and how many bills the list holds in all. */
  bills: z.array(ZReceivableBill),
  count: z.number().int(),
});
export type TReceivables = z.infer<typeof ZReceivables>;

// Retainers (per case) ------------------------------------------------------------------------

export const ZRetainerEntry = z.object({
  id: z.string(),
  kind: z.enum(RETAINER_KINDS),
  entryDate: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  billNumber: z.number().int().nullable(),
  paymentNumber: z.number().int().nullable(),
  method: z.string(),
  reference: z.string(),
  note: z.string(),
});
export const ZRetainer = z.object({
  caseId: z.string(),
  fileNumber: z.string(),
  balance: z.number(),
  threshold: z.number().nullable(),
  /** 'Retainer for 25-0183 is below $2,000.00', or null. */
  notice: z.string().nullable(),
  entries: z.array(ZRetainerEntry),
});
export type TRetainer = z.infer<typeof ZRetainer>;
export const ZRetainerEntryCreate = z.object({
  id: z.uuid(),
  kind: z.enum(['deposit', 'refund']),
  entryDate: ZStoredDate,
  amount: ZAmount(10_000_000).pipe(z.number().positive('Amount must be more than zero')),
  method: ZText(40).default(''),
  reference: ZText(200).default(''),
  note: ZText(1000).default(''),
});
export type TRetainerEntryCreate = z.input<typeof ZRetainerEntryCreate>;
export const ZRetainerThreshold = z.object({ threshold: ZAmount(10_000_000).nullable() });
export const ZRetainerNotices = z.object({
  notices: z.array(z.object({ caseId: z.string(), fileNumber: z.string(), balance: z.number(), threshold: z.number(), message: z.string() })),
});
export type TRetainerNotices = z.infer<typeof ZRetainerNotices>;

// Statement of account (per client, for a period) ----------------------------------------------

export const ZStatementLine = z.object({
  date: z.string(),
  kind: z.enum(['bill', 'payment', 'reversal', 'credit_note']),
  /** 'Bill 0007', 'PMT-0003', 'CN-0001'. */
  reference: z.string(),
  description: z.string(),
  /** What the line adds to what is owed (bills, reversals) or takes from it (payments, credits). */
  charge: z.number(),
  credit: z.number(),
  balance: z.number(),
  /** A bill still owing past its due date on the statement's day (issue 38); absent otherwise. */
  overdue: z.boolean().optional(),
});
export const ZStatement = z.object({
  client: z.object({ id: z.string(), name: z.string(), billToName: z.string(), billingAddress: z.string() }),
  from: z.string(),
  to: z.string(),
  openingBalance: z.number(),
  lines: z.array(ZStatementLine),
  closingBalance: z.number(),
  /** Retainer deposits, applications, refunds and reversals of the client's cases (issue 38): held, not owed. */
  retainer: z.object({
    opening: z.number(),
    lines: z.array(z.object({
      date: z.string(), kind: z.enum(['deposit', 'application', 'refund', 'reversal']), reference: z.string(), description: z.string(),
      deposit: z.number(), withdrawal: z.number(), balance: z.number(),
    })),
    closing: z.number(),
  }),
  retainerBalance: z.number(),
  clientCredit: z.number(),
  /** Open bills' balances on `to`, by days past due. */
  aging: z.array(ZAgingBucket),
});
export type TStatement = z.infer<typeof ZStatement>;
export const ZClientIdParams = z.object({ clientId: z.uuid() });

// UTBMS codes of job titles and expense types (for LEDES) ---------------------------------------

export const ZBillingCode = z.object({
  kind: z.enum(['job_title', 'expense_type']),
  name: ZText(200).pipe(z.string().min(1)),
  taskCode: ZText(10).default(''),
  activityCode: ZText(10).default(''),
  expenseCode: ZText(10).default(''),
});
export type TBillingCode = z.infer<typeof ZBillingCode>;
export const ZBillingCodes = z.object({ codes: z.array(ZBillingCode) });
/** Codes are checked by shape (billingCodeProblems), each message naming the field and the title or type. */
export const ZBillingCodesUpdate = z.object({
  codes: z.array(ZBillingCode.superRefine((code, ctx) => {
    for (const p of billingCodeProblems(code)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  })).max(1_000),
});

/** GET /api/clients/:clientId/credit: what the client paid or was credited beyond its bills, not yet used. */
export const ZClientCredit = z.object({ clientId: z.string(), balance: z.number() });
export type TClientCredit = z.infer<typeof ZClientCredit>;

