import type { TStatement } from '../api/accounting.ts';
import { formatCurrency, roundToCents } from '../money.ts';
import { formatUsDate } from '../smart-date.ts';

// The retainer part of a client's statement (issue 38): money the client holds with the firm, by
// case, is not what the client owes, so it is its own table beside the account activity: deposits
// and reversed applications add to it, applications to bills and refunds take from it.

export type RetainerKind = 'deposit' | 'application' | 'refund' | 'reversal';
export interface StatementRetainerEntry {
  date: string; kind: RetainerKind; fileNumber: string; method: string; reference: string; note: string; amount: number;
}
type Section = TStatement['retainer'];

const WORDS: Record<RetainerKind, string> = {
  deposit: 'Deposit', application: 'Applied to a bill', refund: 'Refund', reversal: 'Application reversed',
};
const adds = (kind: RetainerKind) => kind === 'deposit' || kind === 'reversal';

/** Entries of every case of the client up to `to`, oldest first (the order given breaks ties): before `from`, the opening. */
export function retainerSection(entries: readonly StatementRetainerEntry[], from: string, to: string): Section {
  let balance = 0;
  let opening = 0;
  const lines: Section['lines'] = [];
  for (const e of [...entries].filter((x) => x.date <= to).sort((a, b) => a.date.localeCompare(b.date))) {
    balance = roundToCents(balance + (adds(e.kind) ? e.amount : -e.amount));
    if (e.date < from) { opening = balance; continue; }
    const how = [e.method, e.reference].filter(Boolean).join(' ');
    lines.push({
      date: e.date, kind: e.kind, reference: `Case ${e.fileNumber}`,
      description: `${WORDS[e.kind]}${how ? `, ${how}` : ''}${e.note ? ` (${e.note})` : ''}`,
      deposit: adds(e.kind) ? e.amount : 0, withdrawal: adds(e.kind) ? 0 : e.amount, balance,
    });
  }
  return { opening, lines, closing: balance };
}

export const RETAINER_COLUMNS = ['Date', 'Case', 'Description', 'In', 'Out', 'Held'] as const;

/** The retainer table's rows: the opening, each line, the closing. */
export function retainerRows(s: Pick<TStatement, 'from' | 'to' | 'retainer'>): string[][] {
  const cell = (n: number) => (n === 0 ? '' : formatCurrency(n));
  return [
    [formatUsDate(s.from), '', 'Retainer held at the start', '', '', formatCurrency(s.retainer.opening)],
    ...s.retainer.lines.map((l) => [formatUsDate(l.date), l.reference, l.description, cell(l.deposit), cell(l.withdrawal), formatCurrency(l.balance)]),
    [formatUsDate(s.to), '', 'Retainer held at the end', '', '', formatCurrency(s.retainer.closing)],
  ];
}
