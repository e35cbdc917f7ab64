// Rules of bills and receivables (issue 11, docs/decisions/082). No I/O, no clock: dates come in.

export const BILL_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void',
};

export type BillAction = 'issue' | 'pay' | 'void';

/** Which status each action leads to, from which statuses it is allowed. */
const MOVES: Record<BillAction, { from: BillStatus[]; to: BillStatus }> = {
  issue: { from: ['draft'], to: 'issued' },
  pay: { from: ['issued'], to: 'paid' },
  void: { from: ['draft', 'issued'], to: 'void' },
};

/** Why `action` cannot be taken on a bill in `status`, or null when it can. */
export function billMoveProblem(status: BillStatus, action: BillAction): string | null {
  if (MOVES[action].from.includes(status)) return null;
  if (status === 'void') return 'This bill is void and can no longer be changed.';
  if (action === 'issue') return `This bill is already ${status}.`;
  if (action === 'pay') return status === 'paid' ? 'This bill is already paid.' : 'Only an issued bill can be marked paid.';
  return 'A paid bill cannot be voided.';
}

export const nextStatus = (action: BillAction): BillStatus => MOVES[action].to;

/** The message a locked entry answers with (issue 11). */
export const lockedEntryMessage = (billNumber: number) =>
  `This entry is on bill ${formatBillNumber(billNumber)} and can no longer be changed.`;

/** Bill numbers as printed: at least four digits. */
export const formatBillNumber = (n: number) => String(n).padStart(4, '0');

export const NO_ENTRIES_MESSAGE = 'A bill needs at least one unbilled entry.';
export const ENTRIES_TAKEN_MESSAGE =
  'Some of these entries were billed or changed by someone else. Reload the unbilled work and try again.';

export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const AGE_LABELS: Record<AgeBucket, string> = {
  '0-30': '0–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days',
};

/** Whole days from `issuedOn` to `today` (both YYYY-MM-DD). */
export function daysBetween(issuedOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${issuedOn}T00:00:00Z`)) / 86_400_000);
}

/** The receivables bucket of a bill issued on `issuedOn`. */
export function ageBucket(issuedOn: string, today: string): AgeBucket {
  const days = Math.max(0, daysBetween(issuedOn, today));
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  return days <= 90 ? '61-90' : '90+';
}
