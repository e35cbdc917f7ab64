import { describe, expect, it } from 'vitest';
import type { TBillLine } from '../api/accounting.ts';
import { decodeCp1252 } from '../../../test/helpers/cp1252.ts';
import { ledgerOf, QB_KINDS, type LedgerBill, type LedgerInput, type LedgerPayment } from './qb-ledger.ts';
import { qbTotals } from './qb-totals.ts';
import {
  IIF_HEADERS, iifFile, iifText, QBO_COLUMNS, QBO_JOURNAL_COLUMNS, qboInvoicesCsv, qboJournalCsv, qbTotalsCsv, quickbooksFileName, usDate,
  type QbBill,
} from './quickbooks.ts';

const line = (over: Partial<TBillLine>): TBillLine => ({
  id: 'e1', kind: 'time', entryDate: '2026-05-04', projectNumber: 'P-1', staff: 'Maria Hale', type: 'Consultant',
  hours: 2, rate: 150, amount: 300, originalAmount: 300, adjustmentReason: null, description: 'Site visit', ...over,
});
const bill: QbBill & LedgerBill = {
  number: 7, clientName: 'Acme, Inc.', caseName: 'Roof leak', fileNumber: '25-0183', issuedOn: '2026-06-01', dueOn: '2026-07-01',
  termsDays: 30, timeTotal: 550, expenseTotal: 100, discountTotal: 65, total: 585,
  lines: [
    line({}), line({ id: 'e2', amount: 250, originalAmount: 300, hours: 2 }),
    line({ id: 'e3', kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 100, originalAmount: 100, description: '' }),
  ],
};
const payment = (over: Partial<LedgerPayment>): LedgerPayment => ({
  number: 1, billNumber: 7, clientName: 'Acme, Inc.', receivedOn: '2026-06-10', method: 'check', reference: '1234', amount: 200,
  appliedAmount: 200, reversedOn: null, reversalReason: null, ...over,
});
const period = { from: '2026-06-01', to: '2026-06-30' };
const empty: LedgerInput = { ...period, bills: [], payments: [], creditNotes: [], retainer: [] };
const deposit = { id: 'ab12cd34-0000-0000-0000-000000000000', clientName: 'Acme, Inc.', fileNumber: '25-0183', method: 'wire', reference: 'W-9' };

/** Each transaction as 'TYPE doc: account amount, …' (amounts in dollars, debits positive). */
const shape = (input: Partial<LedgerInput>) => ledgerOf({ ...empty, ...input }).map((t) =>
  `${t.type} ${t.doc} ${t.date}: ${t.lines.map((l) => `${l.account} ${(l.cents / 100).toFixed(2)}`).join(', ')}`);

describe('ledgerOf', () => {
  it.each([
    ['an invoice split by income, the discount a debit', { bills: [bill] },
      ['INVOICE 0007 2026-06-01: Accounts Receivable 585.00, Professional Fees -550.00, Reimbursed Expenses -100.00, Discounts Given 65.00']],
    ['an invoice of expenses only keeps its fees split', { bills: [{ ...bill, timeTotal: 0, discountTotal: 0, total: 100 }] },
      ['INVOICE 0007 2026-06-01: Accounts Receivable 100.00, Professional Fees 0.00, Reimbursed Expenses -100.00']],
    ['a bill issued outside the period is left out', { bills: [{ ...bill, issuedOn: '2026-05-31' }] }, []],
    ['a check', { payments: [payment({})] }, ['PAYMENT PMT-0001 2026-06-10: Undeposited Funds 200.00, Accounts Receivable -200.00']],
    ['a check beyond the balance: the rest is client credit', { payments: [payment({ amount: 250 })] },
      ['PAYMENT PMT-0001 2026-06-10: Undeposited Funds 250.00, Accounts Receivable -200.00, Client Credit -50.00']],
    ['a retainer applied', { payments: [payment({ method: 'retainer', amount: 100, appliedAmount: 100 })] },
      ['PAYMENT PMT-0001 2026-06-10: Client Retainers 100.00, Accounts Receivable -100.00']],
    ['client credit used', { payments: [payment({ method: 'client_credit', amount: 40, appliedAmount: 40 })] },
      ['GENERAL JOURNAL PMT-0001 2026-06-10: Client Credit 40.00, Accounts Receivable -40.00']],
    ['a payment reversed in the period: both go', { payments: [payment({ reversedOn: '2026-06-20', reversalReason: 'Bounced' })] }, [
      'PAYMENT PMT-0001 2026-06-10: Undeposited Funds 200.00, Accounts Receivable -200.00',
      'GENERAL JOURNAL PMT-0001R 2026-06-20: Accounts Receivable 200.00, Undeposited Funds -200.00',
    ]],
    ['a payment of an earlier period reversed in this one: the reversal only', { payments: [payment({ receivedOn: '2026-05-20', reversedOn: '2026-06-02', method: 'retainer' })] },
      ['GENERAL JOURNAL PMT-0001R 2026-06-02: Accounts Receivable 200.00, Client Retainers -200.00']],
    ['a payment reversed after the period: the payment only', { payments: [payment({ reversedOn: '2026-07-02' })] },
      ['PAYMENT PMT-0001 2026-06-10: Undeposited Funds 200.00, Accounts Receivable -200.00']],
    ['a credit note', { creditNotes: [{ number: 2, billNumber: 7, clientName: 'Acme, Inc.', issuedOn: '2026-06-12', reason: 'Rate error', amount: 150, appliedAmount: 150 }] },
      ['CREDIT MEMO CN-0002 2026-06-12: Accounts Receivable -150.00, Credits Given 150.00']],
    ['a credit note beyond the balance: the rest is client credit', {
      creditNotes: [{ number: 2, billNumber: 7, clientName: 'Acme, Inc.', issuedOn: '2026-06-12', reason: 'Rate error', amount: 150, appliedAmount: 0 }],
    }, ['CREDIT MEMO CN-0002 2026-06-12: Accounts Receivable 0.00, Credits Given 150.00, Client Credit -150.00']],
    ['a retainer deposit and a refund', {
      retainer: [{ ...deposit, kind: 'deposit' as const, entryDate: '2026-06-03', amount: 2000 }, { ...deposit, kind: 'refund' as const, entryDate: '2026-06-30', amount: 300 }],
    }, [
      'DEPOSIT RET-AB12CD34 2026-06-03: Undeposited Funds 2000.00, Client Retainers -2000.00',
      'CHECK RET-AB12CD34 2026-06-30: Checking -300.00, Client Retainers 300.00',
    ]],
  ])('%s', (_name, input, expected) => {
    expect(shape(input)).toEqual(expected);
  });

  it('balances every transaction and uses the accounts it is given', () => {
    const accounts = { receivable: 'A/R', fees: 'Fees', expenses: 'Exp', discounts: 'Disc', credits: 'Cred', deposits: 'UF', bank: 'Bank', retainers: 'Ret', clientCredit: 'CC' };
    const all = ledgerOf({ ...empty, accounts, bills: [bill], payments: [payment({ amount: 250, reversedOn: '2026-06-11' })] });
    for (const t of all) expect(t.lines.reduce((s, l) => s + l.cents, 0)).toBe(0);
    expect(new Set(all.flatMap((t) => t.lines.map((l) => l.account)))).toEqual(new Set(['A/R', 'Fees', 'Exp', 'Disc', 'UF', 'CC']));
  });
});

/** Bill 0007 ($585), a credit note of $150, $2,000 retainer, $300 of it applied, a $100 check reversed, a $200 refund. */
const history: LedgerInput = {
  from: '2026-01-01', to: '2026-06-30', bills: [bill],
  creditNotes: [{ number: 1, billNumber: 7, clientName: 'Acme, Inc.', issuedOn: '2026-06-05', reason: 'Rate – error', amount: 150, appliedAmount: 150 }],
  retainer: [{ ...deposit, kind: 'deposit', entryDate: '2026-05-01', amount: 2000 }, { ...deposit, kind: 'refund', entryDate: '2026-06-20', amount: 200 }],
  payments: [
    payment({ number: 1, method: 'retainer', amount: 300, appliedAmount: 300, receivedOn: '2026-06-06' }),
    payment({ number: 2, amount: 100, appliedAmount: 100, receivedOn: '2026-06-07', reversedOn: '2026-06-15', reversalReason: 'Bounced' }),
    payment({ number: 3, amount: 160, appliedAmount: 135, receivedOn: '2026-06-16' }),
  ],
};

describe('qbTotals', () => {
  it('gives per client what A/R, the retainer and client credit hold, and how the period moved them', () => {
    const totals = qbTotals(ledgerOf(history), '2026-06-01');
    expect(totals).toEqual([
      {
        client: 'Acme, Inc.', openingBalance: 0, invoiced: 585, paid: 535, reversed: 100, credited: 150, closingBalance: 0,
        retainerDeposited: 0, retainerApplied: 300, retainerRefunded: 200, retainerHeld: 1500, clientCredit: 25,
      },
      {
        client: 'Total', openingBalance: 0, invoiced: 585, paid: 535, reversed: 100, credited: 150, closingBalance: 0,
        retainerDeposited: 0, retainerApplied: 300, retainerRefunded: 200, retainerHeld: 1500, clientCredit: 25,
      },
    ]);
    expect(qbTotalsCsv(totals).split('\r\n')[0]).toBe(
      'Client,Opening balance,Invoiced,Paid,Reversed,Credited,Closing balance,Retainer deposited,Retainer applied,Retainer refunded,Retainer held,Client credit');
    expect(qbTotalsCsv(totals).split('\r\n')[2]).toBe('Total,0.00,585.00,535.00,100.00,150.00,0.00,0.00,300.00,200.00,1500.00,25.00');
  });
});

const rowsOf = (file: string) => {
  expect(file.endsWith('\r\n')).toBe(true);
  expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return file.slice(0, -2).split('\r\n').map((r) => r.split('\t'));
};

describe('iifFile', () => {
  it('has the headers, every transaction type, rows that balance, in Windows-1252', () => {
    const bytes = iifFile(ledgerOf(history));
    expect([...bytes].every((b) => b < 0x100)).toBe(true);
    expect(bytes.includes(0x96)).toBe(true); // the en dash of 'Rate – error'
    const rows = rowsOf(decodeCp1252(bytes));
    expect(rows.slice(0, 3)).toEqual(IIF_HEADERS.map((h) => [...h]));
    expect(rows.filter((r) => r[0] === 'TRNS').map((r) => r[2])).toEqual(
      ['DEPOSIT', 'INVOICE', 'CREDIT MEMO', 'PAYMENT', 'PAYMENT', 'GENERAL JOURNAL', 'PAYMENT', 'CHECK']);
    let sum = 0;
    for (const r of rows.slice(3)) {
      if (r[0] === 'ENDTRNS') { expect(sum).toBe(0); continue; }
      sum += Math.round(Number(r[6]) * 100);
      expect(r).toHaveLength(r[0] === 'TRNS' ? IIF_HEADERS[0].length : IIF_HEADERS[1].length);
      expect(r[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    expect(rows.find((r) => r[2] === 'INVOICE')).toEqual(
      ['TRNS', '', 'INVOICE', '06/01/2026', 'Accounts Receivable', 'Acme, Inc.', '585.00', '0007', '25-0183 Roof leak', '07/01/2026']);
    expect(rows.find((r) => r[2] === 'CREDIT MEMO')?.[8]).toBe('Bill 0007: Rate – error');
  });

  it('keeps tabs, line breaks and double quotes out of fields', () => {
    expect(iifText('a\tb\r\nc "d"')).toBe("a b c 'd'");
    const rows = rowsOf(decodeCp1252(iifFile(ledgerOf({ ...empty, bills: [{ ...bill, caseName: 'Line\none\t"x"' }] }))));
    expect(rows[3]![8]).toBe("25-0183 Line one 'x'");
  });
});

describe('qboJournalCsv', () => {
  it('has a row per line, debits and credits that balance per journal, every type named', () => {
    const lines = qboJournalCsv(ledgerOf(history)).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(QBO_JOURNAL_COLUMNS.join(','));
    expect(lines[1]).toBe('RET-AB12CD34,05/01/2026,Deposit,Undeposited Funds,2000.00,,"Retainer deposit, case 25-0183 WIRE W-9","Acme, Inc."');
    const sums = new Map<string, number>();
    const types = new Set<string>();
    for (const l of lines.slice(1)) {
      const [no, date, type, , debit, credit] = l.split(',');
      types.add(type!);
      const key = `${no} ${date}`;
      sums.set(key, (sums.get(key) ?? 0) + Math.round(Number(debit || 0) * 100) - Math.round(Number(credit || 0) * 100));
    }
    expect([...sums.values()].every((s) => s === 0)).toBe(true);
    expect([...types].sort()).toEqual(['Credit Memo', 'Deposit', 'Invoice', 'Journal Entry', 'Payment', 'Refund']);
    expect(QB_KINDS).toHaveLength(7);
  });
});

describe('qboInvoicesCsv', () => {
  it('has a row per line and the discount, with the invoice columns on each', () => {
    const csv = qboInvoicesCsv([bill]);
    const lines = csv.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(QBO_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      '0007,"Acme, Inc.",06/01/2026,07/01/2026,Net 30,25-0183 Roof leak,Professional Fees,Consultant - Maria Hale - Site visit,2,150.00,300.00,05/04/2026',
      '0007,"Acme, Inc.",06/01/2026,07/01/2026,Net 30,25-0183 Roof leak,Professional Fees,Consultant - Maria Hale - Site visit,,,250.00,05/04/2026',
      '0007,"Acme, Inc.",06/01/2026,07/01/2026,Net 30,25-0183 Roof leak,Reimbursed Expenses,Fuel - Maria Hale,1,100.00,100.00,05/04/2026',
      '0007,"Acme, Inc.",06/01/2026,07/01/2026,Net 30,25-0183 Roof leak,Discount,Discount,,,-65.00,06/01/2026',
    ]);
    const amounts = lines.slice(1).map((l) => Math.round(Number(l.split(',').at(-2)) * 100));
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(58500);
  });

  it('formats dates and names files by the period', () => {
    expect(usDate('2026-01-09')).toBe('01/09/2026');
    expect(quickbooksFileName('2026-06-01', '2026-06-30', 'iif')).toBe('QuickBooks-2026-06-01-to-2026-06-30.iif');
  });
});
