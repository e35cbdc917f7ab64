import { formatCurrency } from '../money.ts';
import { yearsBefore } from './rule26.ts';

// Testimony on record (issue 40, docs/decisions/136 and 137): the kinds, who noticed a deposition,
// the deposit's state, the statement of compensation and the deposition fee history (CCP §2034.470).

export const TESTIMONY_KINDS = ['deposition', 'trial', 'hearing', 'arbitration'] as const;
export type TTestimonyKind = (typeof TESTIMONY_KINDS)[number];
export const NOTICED_BY = ['retaining', 'other'] as const;
export type TNoticedBy = (typeof NOTICED_BY)[number];
export const NOTICED_BY_LABELS: Record<TNoticedBy, string> = { retaining: 'Retaining side', other: 'Another party' };

export const TESTIMONY_MESSAGES = {
  consultingOnly: 'This case is consulting only: it has no testimony.',
  hasTestimony: 'This case has testimony on record: remove it before marking the case consulting only.',
  onlyDeposition: 'Only a deposition is noticed by another party.',
  payerRequired: 'Name the party that noticed the deposition (a law firm or a name).',
  notDeposingSide: 'This deposition was not noticed by another party: its time goes on the client\'s bill.',
  billed: 'This deposition is already billed to the deposing party.',
  nothingToBill: 'No unbilled entries of this expert on this case on the deposition day.',
  ownListOnly: 'You can see your own testimony list only.',
  billedLocked: 'This deposition is billed: void its bill before changing who pays.',
} as const;

export const DEPOSIT_NOT_RECEIVED = 'Deposit not received';

/** The deposit's words on the deposition, or null when none is asked for (or the payer is the retaining side). */
export function depositStatus(e: { noticedBy: TNoticedBy; depositRequired: boolean; depositReceivedOn: string | null }): string | null {
  if (e.noticedBy !== 'other' || !e.depositRequired) return null;
  return e.depositReceivedOn ? 'Deposit received' : DEPOSIT_NOT_RECEIVED;
}

/** Whether the refusal of a noticing party applies: another party must be named, the retaining side names none. */
export function payerProblem(e: { kind: TTestimonyKind; noticedBy: TNoticedBy; payerName: string; payerLawFirmId: string | null }):
  { field: string; message: string } | null {
  if (e.noticedBy === 'retaining') return null;
  if (e.kind !== 'deposition') return { field: 'noticedBy', message: TESTIMONY_MESSAGES.onlyDeposition };
  if (!e.payerLawFirmId && e.payerName.trim() === '') return { field: 'payerName', message: TESTIMONY_MESSAGES.payerRequired };
  return null;
}

export interface CompensationRate { jobType: string; rate: number; source: string }

/** The statement of compensation (FRCP 26(a)(2)(B)(vi)) from the hourly rates that apply. */
export function compensationStatement(expertName: string, rates: readonly CompensationRate[]): string[] {
  if (rates.length === 0) return [`No hourly rate is set for ${expertName}.`];
  return [
    `Statement of compensation: ${expertName} is compensated at the following hourly rates for study and testimony.`,
    ...rates.map((r) => `${r.jobType}: ${formatCurrency(r.rate)} per hour (${r.source})`),
  ];
}

export interface FeeBill { issuedOn: string; total: number; paidTotal: number; status: string }
export interface FeeTally { charged: number; chargedAmount: number; paid: number; paidAmount: number }
export interface FeeHistory { ever: FeeTally; lastTwoYears: FeeTally; since: string }

/**
 * How many times a deposition fee was charged (an issued bill to the deposing side, void ones not
 * counted) and paid (in full), with the amounts, ever and in the two years up to `today`
 * (the same day two years earlier included).
 */
export function feeHistory(bills: readonly FeeBill[], today: string): FeeHistory {
  const since = yearsBefore(today, 2);
  const tally = (list: readonly FeeBill[]): FeeTally => {
    const charged = list.filter((b) => b.status !== 'void' && b.status !== 'draft');
    const paid = charged.filter((b) => b.status === 'paid');
    const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;
    return {
      charged: charged.length, chargedAmount: sum(charged.map((b) => b.total)),
      paid: paid.length, paidAmount: sum(paid.map((b) => b.paidTotal)),
    };
  };
  return { ever: tally(bills), lastTwoYears: tally(bills.filter((b) => b.issuedOn >= since && b.issuedOn <= today)), since };
}
