import type { TAgingByClient } from '../api/aging.ts';
import { AGE_BUCKETS, AGE_LABELS, ageBucket, type AgeBucket } from './billing.ts';
import { formatCurrency, roundToCents } from '../money.ts';
import { csvLine } from '../time/reports.ts';
import { formatUsDate } from '../smart-date.ts';

// A/R aging by client (issue 38): what each client still owes on the firm's today, by days past
// due, with the firm's totals. One rule for the screen, the CSV and the PDF.

/** `payer`: the deposing party a bill is made out to (docs/decisions/137, 143), by its key (its law firm, else its name). */
export interface OpenBill {
  clientId: string; clientName: string; payer?: { key: string; name: string } | null; dueOn: string | null; issuedOn: string | null; balance: number;
}

/** Whom a bill is owed by, as aging lists it: its payer when it has one (never the retaining client), else its client. */
export const agingParty = (bill: Pick<OpenBill, 'clientId' | 'clientName' | 'payer'>): { id: string; name: string } =>
  (bill.payer ? { id: `payer:${bill.payer.key}`, name: bill.payer.name } : { id: bill.clientId, name: bill.clientName });

const zero = (): Record<AgeBucket, number> => ({ current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });

/** Open bills (issued or partly paid, something owed) summed per client or payer, the one owing most first (then by name). */
export function agingByClient(bills: readonly OpenBill[], today: string): TAgingByClient {
  const byClient = new Map<string, TAgingByClient['clients'][number]>();
  const totals = zero();
  for (const b of bills.filter((x) => x.balance > 0)) {
    const bucket = ageBucket(b.dueOn ?? b.issuedOn ?? today, today);
    const party = agingParty(b);
    const row = byClient.get(party.id) ?? { clientId: party.id, clientName: party.name, buckets: zero(), total: 0, bills: 0 };
    row.buckets[bucket] = roundToCents(row.buckets[bucket] + b.balance);
    row.total = roundToCents(row.total + b.balance);
    row.bills += 1;
    byClient.set(party.id, row);
    totals[bucket] = roundToCents(totals[bucket] + b.balance);
  }
  const clients = [...byClient.values()].sort((a, b) => b.total - a.total || a.clientName.localeCompare(b.clientName));
  return { today, clients, totals, total: roundToCents(AGE_BUCKETS.reduce((s, k) => s + totals[k], 0)) };
}

export const AGING_BY_CLIENT_COLUMNS = ['Client', 'Bills', ...AGE_BUCKETS.map((b) => AGE_LABELS[b]), 'Total'] as const;

/** The table's rows (money as the screen shows it), the firm's totals last. */
export function agingByClientRows(r: TAgingByClient): string[][] {
  const money = (buckets: Record<AgeBucket, number>, total: number) => [...AGE_BUCKETS.map((k) => formatCurrency(buckets[k])), formatCurrency(total)];
  return [
    ...r.clients.map((c) => [c.clientName, String(c.bills), ...money(c.buckets, c.total)]),
    ['Total', String(r.clients.reduce((s, c) => s + c.bills, 0)), ...money(r.totals, r.total)],
  ];
}

/** The CSV: a BOM for spreadsheets, RFC 4180, plain numbers (two decimals) in the money columns. */
export function agingByClientCsv(r: TAgingByClient): string {
  const nums = (buckets: Record<AgeBucket, number>, total: number) => [...AGE_BUCKETS.map((k) => buckets[k].toFixed(2)), total.toFixed(2)];
  return `\uFEFF${csvLine([...AGING_BY_CLIENT_COLUMNS])}${r.clients.map((c) => csvLine([c.clientName, c.bills, ...nums(c.buckets, c.total)])).join('')}${
    csvLine(['Total', r.clients.reduce((s, c) => s + c.bills, 0), ...nums(r.totals, r.total)])}`;
}

export const agingByClientTitle = (today: string) => `A/R aging by client on ${formatUsDate(today)}`;
export const agingByClientFileName = (today: string, ext: 'csv' | 'pdf') => `ar-aging-by-client-${today}.${ext}`;
