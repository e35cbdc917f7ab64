import { z } from 'zod';
import { EVENT_KINDS } from '../billing/fee-rules.ts';
import { ZFeeRules } from './fee-rules.ts';

/**
 * Rates are money: only super_admin receives them (docs/decisions/021). Everyone else gets
 * the `ratesVisible: false` variant, whose item schema has no `rate` at all, so the
 * serializer drops it even if a service forgot to.
 */
/** The event a job title bills (fee rules find a time entry's event type by it); null: ordinary work. */
export const ZItemEventKind = z.enum(EVENT_KINDS).nullable();
export const ZRateCodeItem = z.object({
  id: z.string(),
  jobType: z.string(),
  active: z.boolean(),
  eventKind: ZItemEventKind,
  version: z.number().int(),
});
export type TRateCodeItem = z.infer<typeof ZRateCodeItem>;
/** A rate amount as an exact decimal string, e.g. '145.00'. */
export const ZRateAmount = z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Please enter a valid hourly rate');
/** A rate change: from `effectiveOn` (YYYY-MM-DD) on, entries take `rate` (docs/decisions/199). */
export const ZRateChange = z.object({ id: z.string(), effectiveOn: z.string(), rate: z.string() });
export const ZPricedRateCodeItem = ZRateCodeItem.extend({ rate: z.string(), rateChanges: z.array(ZRateChange) });
export type TPricedRateCodeItem = z.infer<typeof ZPricedRateCodeItem>;

const rateCodeBase = { id: z.string(), name: z.string(), code: z.string(), version: z.number().int(), caseCount: z.number().int() };
export const ZRateCode = z.object({ ...rateCodeBase, items: z.array(ZRateCodeItem) });
export type TRateCode = z.infer<typeof ZRateCode>;
/** Fee rules are money: only the priced shape carries them (core/api/fee-rules.ts). */
export const ZPricedRateCode = z.object({ ...rateCodeBase, items: z.array(ZPricedRateCodeItem), feeRules: ZFeeRules });
export type TPricedRateCode = z.infer<typeof ZPricedRateCode>;

/** GET /api/rate-codes: every rate code with all its items (inactive ones flagged). */
export const ZRateCodeListResponse = z.discriminatedUnion('ratesVisible', [
  z.object({ ratesVisible: z.literal(false), rateCodes: z.array(ZRateCode) }),
  z.object({ ratesVisible: z.literal(true), rateCodes: z.array(ZPricedRateCode) }),
]);
export type TRateCodeListResponse = z.infer<typeof ZRateCodeListResponse>;

/** One rate code, same visibility rule. */
export const ZRateCodeResponse = z.discriminatedUnion('ratesVisible', [
  z.object({ ratesVisible: z.literal(false), rateCode: ZRateCode }),
  z.object({ ratesVisible: z.literal(true), rateCode: ZPricedRateCode }),
]);
export type TRateCodeResponse = z.infer<typeof ZRateCodeResponse>;

const jobType = z.string().trim().min(1, 'Job type is required').max(100);

/** `eventKind` absent: guessed from the job type's name ('Deposition' → deposition). */
export const ZRateCodeItemCreateBody = z.object({
  jobType, rate: ZRateAmount, active: z.boolean().default(true), eventKind: ZItemEventKind.optional(),
});
export type TRateCodeItemCreateBody = z.input<typeof ZRateCodeItemCreateBody>;

/** POST /api/rate-codes. Items (with rates) may only be sent by a super admin. */
export const ZRateCodeCreateBody = z.object({
  name: z.string().trim().min(1, 'Rate code name is required').max(200),
  code: z.string().trim().min(1, 'Code is required').max(50),
  items: z.array(ZRateCodeItemCreateBody).max(100).default([]),
});
export type TRateCodeCreateBody = z.input<typeof ZRateCodeCreateBody>;

export const ZRateCodeUpdateBody = z.object({
  name: ZRateCodeCreateBody.shape.name,
  code: ZRateCodeCreateBody.shape.code,
  version: z.number().int(),
});
export type TRateCodeUpdateBody = z.input<typeof ZRateCodeUpdateBody>;

/** PUT /api/rate-codes/:id/items/:itemId. `rate` only from a super admin (else 403). */
export const ZRateCodeItemUpdateBody = z.object({
  jobType,
  active: z.boolean(),
  rate: ZRateAmount.optional(),
  eventKind: ZItemEventKind.optional(),
  version: z.number().int(),
});
export type TRateCodeItemUpdateBody = z.input<typeof ZRateCodeItemUpdateBody>;

export const ZRateCodeParams = z.object({ id: z.guid() });
export const ZRateCodeItemParams = z.object({ id: z.guid(), itemId: z.guid() });

export const RATE_CODE_MESSAGES = {
  duplicateCode: (code: string) => `The rate code "${code}" is already in use. Choose a different code.`,
  duplicateJobType: (jobType: string) => `The job type "${jobType}" already exists in this rate code.`,
} as const;
