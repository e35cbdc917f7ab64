import { retainerSign, type RetainerKind } from './billing.ts';
import { roundToCents } from '../money.ts';

// A case's retainer as a ledger (issue 24, docs/decisions/195): entries oldest first, each with
// the balance after it, and what can still be taken out on a given day without the balance ever
// going below zero, then or on any later day of the ledger.

export interface LedgerEntry { kind: RetainerKind; entryDate: string; amount: number }

/** The entries in the order given (oldest first), each with the balance after it. */
export function retainerLedger<E extends LedgerEntry>(entries: readonly E[]): (E & { balanceAfter: number })[] {
  let balance = 0;
  return entries.map((e) => ({ ...e, balanceAfter: (balance = roundToCents(balance + retainerSign(e.kind) * e.amount)) }));
}

/**
 * The most a refund dated `date` may take: the lowest balance from that day on (a refund dated
 * back must not empty the retainer before a later application drew on it). Entries oldest first.
 */
export function takeableOn(entries: readonly LedgerEntry[], date: string): number {
  const ledger = retainerLedger(entries);
  const before = ledger.filter((e) => e.entryDate <= date).at(-1)?.balanceAfter ?? 0;
  return Math.max(0, Math.min(before, ...ledger.filter((e) => e.entryDate > date).map((e) => e.balanceAfter)));
}
