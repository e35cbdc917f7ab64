import { z } from 'zod';
import { EVENT_KINDS, feeRulesProblem, type FeeRule } from '../billing/fee-rules.ts';
import { rule, ZStoredDate, ZText } from './common.ts';

// Fee rules (issue 40, docs/decisions/138): money, so every route here is super_admin only and
// no other role's answer carries them.

export const ZEventKind = z.enum(EVENT_KINDS);
const hours = z.number().min(0, 'Hours cannot be negative').max(24, 'Hours cannot be more than 24');
const money = (message: string) => z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, message);
const fee = money('Please enter a valid fee');

export const ZFeeRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('minimum'), kind: ZEventKind, hours }),
  z.object({
    type: z.literal('flat'), kind: ZEventKind, halfDayUpToHours: hours, halfDayFee: fee, fullDayFee: fee,
  }),
  z.object({ type: z.literal('percent'), kind: ZEventKind, percent: z.number().min(0).max(1000) }),
  z.object({
    type: z.literal('cancellation'), kind: ZEventKind,
    tiers: z.array(z.object({ noticeUnderHours: z.number().min(0).max(24 * 365), hours })).min(1).max(10),
  }),
]) satisfies z.ZodType<FeeRule>;

export const ZFeeRules = z.array(ZFeeRule).max(50).superRefine(rule((rules: FeeRule[]) => feeRulesProblem(rules)));

/** PUT /api/rate-codes/:id/fee-rules, at the rate code's version. */
export const ZRateCodeFeeRulesUpdate = z.object({ rules: ZFeeRules, version: z.number().int() });
export type TRateCodeFeeRulesUpdate = z.infer<typeof ZRateCodeFeeRulesUpdate>;

/** GET /api/cases/:id/fee-rules: the case's own list (null: it uses its rate code's, shown beside it). */
export const ZCaseFeeRules = z.object({
  rules: ZFeeRules.nullable(),
  rateCodeRules: ZFeeRules,
  version: z.number().int().nullable(),
});
export type TCaseFeeRules = z.infer<typeof ZCaseFeeRules>;
/** PUT /api/cases/:id/fee-rules: rules null takes the case back to its rate code's. */
export const ZCaseFeeRulesUpdate = z.object({ rules: ZFeeRules.nullable(), version: z.number().int().nullable() });
export type TCaseFeeRulesUpdate = z.infer<typeof ZCaseFeeRulesUpdate>;

/** POST /api/rate-codes/:id/items/:itemId/rates: a job title's rate change, from `effectiveOn` on. */
export const ZRateChangeCreate = z.object({ effectiveOn: ZStoredDate, rate: money('Please enter a valid hourly rate') });
export type TRateChangeCreate = z.infer<typeof ZRateChangeCreate>;

/**
 * POST /api/cases/:id/cancellations: a cancelled event as a 0-hour time entry of the event's job
 * title (docs/decisions/139). Times are ISO timestamps; notice after the event is refused.
 */
export const ZCancellationCreate = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  userId: z.uuid(),
  jobType: z.string().trim().min(1, 'Job title is required').max(100),
  scheduledAt: z.iso.datetime({ offset: true }),
  noticeGivenAt: z.iso.datetime({ offset: true }),
  description: ZText(2000).default(''),
}).superRefine((c, ctx) => {
  if (Date.parse(c.noticeGivenAt) > Date.parse(c.scheduledAt)) {
    ctx.addIssue({ code: 'custom', path: ['noticeGivenAt'], message: 'Notice was given after the event.' });
  }
});
export type TCancellationCreate = z.input<typeof ZCancellationCreate>;
export const ZCancellation = z.object({
  id: z.string(), projectId: z.string(), userId: z.string(), jobType: z.string(), entryDate: z.string(),
  scheduledAt: z.string(), noticeGivenAt: z.string(), noticeHours: z.number(), description: z.string(),
});
export type TCancellation = z.infer<typeof ZCancellation>;

/**
 * GET /api/cases/:id/cancellations (admins): the case's cancelled events, the job titles one can be
 * recorded under, and (money, super admins only) each one's fee as its bill prices it.
 */
export const ZCaseCancellations = z.object({
  jobTitles: z.array(z.string()),
  moneyVisible: z.boolean(),
  cancellations: z.array(ZCancellation.extend({
    userName: z.string(), billId: z.string().nullable(),
    fee: z.object({ amount: z.number(), billedHours: z.number(), rule: z.string().nullable() }).optional(),
  })),
});
export type TCaseCancellations = z.infer<typeof ZCaseCancellations>;
export const ZCaseParams = z.object({ id: z.guid() });
