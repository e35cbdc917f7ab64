import { QB_ACCOUNTS, type QbAccounts, type QbTransaction } from './qb-ledger.ts';

// The period's totals to check a QuickBooks import against (issue 38, docs/decisions/114): per
// client, what Accounts Receivable, Client Retainers and Client Credit hold at the start and the
// end of the period and what moved them. Closing balance is the statement's closing balance,
// Retainer held its retainer and Client credit its client credit, on the period's last day.

export interface QbClientTotals {
  client: string;
  openingBalance: number; invoiced: number; paid: number; reversed: number; credited: number; closingBalance: number;
  retainerDeposited: number; retainerApplied: number; retainerRefunded: number; retainerHeld: number; clientCredit: number;
}

export const QB_TOTALS_COLUMNS: readonly [keyof QbClientTotals, string][] = [
  ['client', 'Client'], ['openingBalance', 'Opening balance'], ['invoiced', 'Invoiced'], ['paid', 'Paid'], ['reversed', 'Reversed'],
  ['credited', 'Credited'], ['closingBalance', 'Closing balance'], ['retainerDeposited', 'Retainer deposited'],
  ['retainerApplied', 'Retainer applied'], ['retainerRefunded', 'Retainer refunded'], ['retainerHeld', 'Retainer held'],
  ['clientCredit', 'Client credit'],
];

type Cents = Omit<QbClientTotals, 'client'>;
const zero = (): Cents => ({
  openingBalance: 0, invoiced: 0, paid: 0, reversed: 0, credited: 0, closingBalance: 0,
  retainerDeposited: 0, retainerApplied: 0, retainerRefunded: 0, retainerHeld: 0, clientCredit: 0,
});

/**
 * Totals per client (by name, as QuickBooks knows customers) and a last row 'Total', from every
 * transaction up to the period's end (`history`, earlier periods included, for the opening and
 * held balances). Each row adds up: opening + invoiced − paid + reversed − credited = closing.
 */
export function qbTotals(history: readonly QbTransaction[], from: string, accounts: QbAccounts = QB_ACCOUNTS): QbClientTotals[] {
  const by = new Map<string, Cents>();
  for (const t of history) {
    const c = by.get(t.name) ?? zero();
    by.set(t.name, c);
    const during = t.date >= from;
    for (const l of t.lines) {
      if (l.account === accounts.receivable) {
        c.closingBalance += l.cents;
        if (!during) c.openingBalance += l.cents;
        else if (t.kind === 'bill') c.invoiced += l.cents;
        else if (t.kind === 'reversal') c.reversed += l.cents;
        else if (t.kind === 'credit_note') c.credited -= l.cents;
        else c.paid -= l.cents;
      } else if (l.account === accounts.retainers) {
        c.retainerHeld -= l.cents;
        if (!during) continue;
        if (t.kind === 'retainer_deposit') c.retainerDeposited -= l.cents;
        else if (t.kind === 'retainer_refund') c.retainerRefunded += l.cents;
        else c.retainerApplied += l.cents;
      } else if (l.account === accounts.clientCredit) c.clientCredit -= l.cents;
    }
  }
  const total = zero();
  const rows = [...by.entries()].sort(([x], [y]) => x.localeCompare(y)).map(([client, c]) => {
    for (const k of Object.keys(total) as (keyof Cents)[]) total[k] += c[k];
    return { client, ...dollars(c) };
  });
  return [...rows, { client: 'Total', ...dollars(total) }];
}

const dollars = (c: Cents): Cents => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v / 100])) as Cents;
