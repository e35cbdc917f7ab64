import { formatCurrency } from '../money.ts';
import { formatUsDate } from '../smart-date.ts';
import type { LetterValues } from './engagement-template.ts';
import { PARTY_ROLES, ROLE_LABELS, type TPartyRole, type TRetainedSide } from './conflict-sides.ts';
import { describeFeeRule, type FeeRule } from '../billing/fee-rules.ts';

// The facts of a case as its engagement letter words them (issue 39, docs/decisions/121).

/** The letter names the retained side in full; parties by their roles' labels, in the roles' order. */
const SIDE_WORDS: Record<TRetainedSide, string> = { plaintiff: 'Plaintiff', defense: 'Defense', neutral: 'Neutral / court-appointed' };

/** What the letter prints for a fact the case does not hold yet. */
export const NOT_RECORDED = '—';

export interface LetterFacts {
  /** The firm's today, YYYY-MM-DD. */
  today: string;
  firmName: string;
  client: { name: string; contactName: string | null; billingAddress: string };
  caseName: string;
  fileNumber: string;
  parties: readonly { role: TPartyRole; name: string }[];
  retainedSide: TRetainedSide | null;
  claimNumber: string | null;
  policyNumber: string | null;
  /** YYYY-MM-DD */
  dateOfLoss: string | null;
  lossAddress: string;
  /** The case's hourly rates: its rate code's active job titles, a custom rate first. */
  rates: readonly { jobType: string; rate: number }[];
  /** The fee rules in force for the case: its own, else its rate code's (docs/decisions/138). */
  feeRules: readonly FeeRule[];
  retainerRequested: number | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM-DD' as 'November 29, 2026', the way a letter is dated. */
export function letterDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
}

/** One line per role, in the list's order, its parties' names joined: 'Plaintiff: Ann Lee; Bo Chan'. */
export function partyLines(parties: LetterFacts['parties']): string {
  const lines = PARTY_ROLES.flatMap((role) => {
    const names = parties.filter((p) => p.role === role).map((p) => p.name.trim()).filter(Boolean);
    return names.length > 0 ? [`${ROLE_LABELS[role]}: ${names.join('; ')}`] : [];
  });
  return lines.length > 0 ? lines.join('\n') : 'No parties are recorded yet.';
}

/** One line per job title: 'Senior Engineer: $250.00 per hour'. */
export function rateLines(rates: LetterFacts['rates']): string {
  if (rates.length === 0) return 'No hourly rates are set for this case yet.';
  return rates.map((r) => `${r.jobType}: ${formatCurrency(r.rate)} per hour`).join('\n');
}

/** One line per fee rule: 'Deposition: at least 2.0 h'. */
export function feeRuleLines(rules: LetterFacts['feeRules']): string {
  if (rules.length === 0) return 'No fee rules apply: time is billed as worked at the hourly rates.';
  return rules.map(describeFeeRule).join('\n');
}

const orNot = (value: string | null | undefined) => (value && value.trim() ? value.trim() : NOT_RECORDED);

/** Every placeholder's value for one case. */
export function letterValues(f: LetterFacts): LetterValues {
  return {
    today: letterDate(f.today),
    firm_name: f.firmName,
    client: f.client.name,
    client_contact: orNot(f.client.contactName) === NOT_RECORDED ? f.client.name : f.client.contactName!.trim(),
    client_address: orNot(f.client.billingAddress),
    case_name: orNot(f.caseName),
    file_number: f.fileNumber,
    parties: partyLines(f.parties),
    retained_side: f.retainedSide ? SIDE_WORDS[f.retainedSide] : NOT_RECORDED,
    claim_number: orNot(f.claimNumber),
    policy_number: orNot(f.policyNumber),
    date_of_loss: f.dateOfLoss ? formatUsDate(f.dateOfLoss) : NOT_RECORDED,
    loss_address: orNot(f.lossAddress),
    rates: rateLines(f.rates),
    fee_rules: feeRuleLines(f.feeRules),
    retainer_requested: f.retainerRequested === null ? NOT_RECORDED : formatCurrency(f.retainerRequested),
  };
}

/** A PDF by content: its header within the first 1,024 bytes, as readers accept it. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** Engagement-Letter-{file number, cleaned}.pdf */
export function engagementLetterFileName(fileNumber: string): string {
  const cleaned = fileNumber.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `Engagement-Letter${cleaned ? `-${cleaned}` : ''}.pdf`;
}
