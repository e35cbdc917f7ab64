import { z } from 'zod';
import { NOTICED_BY, TESTIMONY_KINDS } from '../testimony/testimony.ts';
import { ZAmount, ZStoredDate, ZText } from './common.ts';
import { ZNamedText, ZRetainedSide } from './parties.ts';

// HTTP contract of testimony on record, the Rule 26 list and the deposition fee history (issue 40,
// docs/decisions/136, 137). Deposits and fees are money: they are left out for anyone but a super admin.

export const ZTestimonyKind = z.enum(TESTIMONY_KINDS, { error: 'Type must be deposition, trial, hearing or arbitration' });
export const DEPOSIT_METHODS = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;

/** PUT /api/testimony/:id: the browser makes the id; a new event has no version, a change sends the one it read. */
export const ZTestimonyInput = z.object({
  caseId: z.guid(),
  version: z.number().int().positive().optional(),
  kind: ZTestimonyKind,
  eventDate: ZStoredDate,
  expertId: z.guid({ error: 'Expert is required' }),
  court: ZText(300).default(''),
  caption: ZNamedText('Caption', 500),
  docket: ZText(100).default(''),
  /** Left out: the case's retained side. */
  retainedSide: ZRetainedSide.nullable().optional(),
  noticedBy: z.enum(NOTICED_BY).default('retaining'),
  payerLawFirmId: z.guid().nullable().default(null),
  payerName: ZText(200).default(''),
  payerContact: ZText(200).default(''),
  payerAddress: ZText(1000, { trim: false }).default(''),
  payerMatterId: ZText(100).default(''),
  balanceDueDays: z.number().int().min(0).max(365).default(5),
  /** Money: only a super admin's values are kept; anyone else's leave the stored ones as they are. */
  depositRequired: ZAmount(10_000_000).nullable().optional(),
  depositReceivedOn: ZStoredDate.nullable().optional(),
  depositMethod: z.enum(DEPOSIT_METHODS).nullable().optional(),
  depositReference: ZText(200).optional(),
});
export type TTestimonyInput = z.input<typeof ZTestimonyInput>;

export const ZTestimony = z.object({
  id: z.string(),
  caseId: z.string(),
  fileNumber: z.string(),
  kind: ZTestimonyKind,
  eventDate: z.string(),
  expertId: z.string(),
  expertName: z.string(),
  court: z.string(),
  caption: z.string(),
  docket: z.string(),
  retainedSide: ZRetainedSide.nullable(),
  noticedBy: z.enum(NOTICED_BY),
  payerLawFirmId: z.string().nullable(),
  payerName: z.string(),
  payerContact: z.string(),
  payerAddress: z.string(),
  payerMatterId: z.string(),
  balanceDueDays: z.number().int(),
  /** 'Deposit not received' until it is (no amount: everyone may read it). */
  depositStatus: z.string().nullable(),
  depositRequired: z.number().nullable().optional(),
  depositReceivedOn: z.string().nullable().optional(),
  depositMethod: z.enum(DEPOSIT_METHODS).nullable().optional(),
  depositReference: z.string().optional(),
  /** The time entries of that day (same case, expert and date). */
  entryCount: z.number().int(),
  entryHours: z.number(),
  /** The bill to the deposing side, once made (its number only: the amounts are on the bill). */
  billId: z.string().nullable(),
  billNumber: z.number().int().nullable(),
  version: z.number().int(),
});
export type TTestimony = z.infer<typeof ZTestimony>;

export const ZCaseTestimony = z.object({ consultingOnly: z.boolean(), moneyVisible: z.boolean(), events: z.array(ZTestimony) });
export type TCaseTestimony = z.infer<typeof ZCaseTestimony>;
export const ZConsultingOnly = z.object({ consultingOnly: z.boolean() });
export const ZTestimonyParams = z.object({ id: z.guid() });

/** POST /api/testimony/:id/bill: the bill's id (made by the browser) and its issue date (default: today). */
export const ZDeposingBill = z.object({ billId: z.uuid(), issuedOn: ZStoredDate.optional() });

export const ZRule26Query = z.object({
  expertId: z.guid({ error: 'Expert is required' }),
  asOf: ZStoredDate,
  /** The case the list is for: its rates make the statement of compensation. */
  caseId: z.guid().optional(),
});
export type TRule26Query = z.infer<typeof ZRule26Query>;

export const ZRule26Row = z.object({
  id: z.string(), kind: ZTestimonyKind, eventDate: z.string(), caption: z.string(), court: z.string(), docket: z.string(),
  fileNumber: z.string(),
});
export const ZRule26 = z.object({
  expertId: z.string(),
  expertName: z.string(),
  asOf: z.string(),
  from: z.string(),
  events: z.array(ZRule26Row),
  /** The statement of compensation, lines of text; null for anyone but a super admin (money). */
  compensation: z.array(z.string()).nullable(),
});
export type TRule26 = z.infer<typeof ZRule26>;

export const ZExperts = z.object({ experts: z.array(z.object({ id: z.string(), name: z.string() })) });

export const ZFeeTally = z.object({ charged: z.number().int(), chargedAmount: z.number(), paid: z.number().int(), paidAmount: z.number() });
export const ZFeeHistoryQuery = z.object({ expertId: z.guid({ error: 'Expert is required' }) });
export const ZFeeHistory = z.object({
  expertId: z.string(),
  expertName: z.string(),
  today: z.string(),
  since: z.string(),
  ever: ZFeeTally,
  lastTwoYears: ZFeeTally,
  bills: z.array(z.object({
    billId: z.string(), billNumber: z.number().int(), eventDate: z.string(), caption: z.string(), payerName: z.string(),
    issuedOn: z.string(), total: z.number(), paidTotal: z.number(), status: z.string(),
  })),
});
export type TFeeHistory = z.infer<typeof ZFeeHistory>;
