import { ZFeeRules } from '../../../core/api/fee-rules.ts';
import { EVENT_KINDS, effectiveFeeRules, type EventKind, type FeeRule } from '../../../core/billing/fee-rules.ts';
import type { DbOrTx } from '../../db/connection.ts';

// What prices a case's bill lines (docs/decisions/138): its fee rules (its own, else its rate
// code's) and the event kind of each job title of its rate code. A draft bill reads it live; an
// issued bill keeps the copy taken at issue (bills.fee_pricing), so it is never repriced.

export interface Pricing {
  rules: readonly FeeRule[];
  /** Job title → the event it bills. */
  kinds: Readonly<Record<string, EventKind>>;
}

const isKind = (value: unknown): value is EventKind => (EVENT_KINDS as readonly unknown[]).includes(value);

/** A kept copy (bills.fee_pricing) read back; anything unreadable prices as no rules. */
export function readPricing(json: unknown): Pricing {
  const value = (json ?? {}) as { rules?: unknown; kinds?: Record<string, unknown> };
  const rules = ZFeeRules.safeParse(value.rules ?? []);
  const kinds = Object.fromEntries(Object.entries(value.kinds ?? {}).filter((entry): entry is [string, EventKind] => isKind(entry[1])));
  return { rules: rules.success ? rules.data : [], kinds };
}

export async function casePricing(db: DbOrTx, caseId: string): Promise<Pricing> {
  const row = await db.selectFrom('cases').leftJoin('rate_codes', 'rate_codes.id', 'cases.rate_code_id')
    .leftJoin('case_fee_rules', 'case_fee_rules.case_id', 'cases.id')
    .select(['cases.rate_code_id', 'rate_codes.fee_rules', 'case_fee_rules.rules as case_rules'])
    .where('cases.id', '=', caseId).executeTakeFirst();
  if (!row?.rate_code_id) return { rules: readPricing({ rules: row?.case_rules ?? [] }).rules, kinds: {} };
  const items = await db.selectFrom('rate_code_items').select(['job_type', 'event_kind'])
    .where('rate_code_id', '=', row.rate_code_id).where('event_kind', 'is not', null).execute();
  const codeRules = readPricing({ rules: row.fee_rules }).rules;
  const caseRules = row.case_rules === null ? null : readPricing({ rules: row.case_rules }).rules;
  return {
    rules: effectiveFeeRules(codeRules, caseRules),
    kinds: Object.fromEntries(items.flatMap((i) => (isKind(i.event_kind) ? [[i.job_type, i.event_kind]] : []))),
  };
}
