import { describe, expect, it } from 'vitest';
import type { TBillLine } from './api/accounting.ts';
import {
  IIF_HEADERS, iifFile, iifText, paymentsToExport, QBO_COLUMNS, qboInvoicesCsv, quickbooksFileName, usDate, type QbBill, type QbPayment,
} from './quickbooks.ts';

const line = (over: Partial<TBillLine>): TBillLine => ({
  id: 'e1', kind: 'time', entryDate: '2026-05-04', projectNumber: 'P-1', staff: 'Maria Hale', type: 'Consultant',
  hours: 2, rate: 150, amount: 300, originalAmount: 300, adjustmentReason: null, description: 'Site visit', ...over,
});
const bill: QbBill = {
  number: 7, clientName: 'Acme, Inc.', caseName: 'Roof leak', fileNumber: '25-0183', issuedOn: '2026-06-01', dueOn: '2026-07-01',
  termsDays: 30, timeTotal: 550, expenseTotal: 100, discountTotal: 65, total: 585,
  lines: [
    line({}), line({ id: 'e2', amount: 250, originalAmount: 300, hours: 2 }),
    line({ id: 'e3', kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 100, originalAmount: 100, description: '' }),
  ],
};
const payment = (over: Partial<QbPayment>): QbPayment => ({
  number: 1, billNumber: 7, clientName: 'Acme, Inc.', receivedOn: '2026-06-10', method: 'check', reference: '1234', amount: 200,
  reversedOn: null, reversalReason: null, ...over,
});

const rowsOf = (file: string) => {
  expect(file.endsWith('\r\n')).toBe(true);
  expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return file.slice(0, -2).split('\r\n').map((r) => r.split('\t'));
};

describe('paymentsToExport', () => {
  it.each([
    ['received in the period', payment({}), 1, 0],
    ['received before the period', payment({ receivedOn: '2026-05-31' }), 0, 0],
    ['received after the period', payment({ receivedOn: '2026-07-01' }), 0, 0],
    ['reversed within the period', payment({ reversedOn: '2026-06-20' }), 0, 0],
    ['reversed after the period', payment({ reversedOn: '2026-07-02' }), 1, 0],
    ['received before, reversed within', payment({ receivedOn: '2026-05-20', reversedOn: '2026-06-02' }), 0, 1],
    ['paid from client credit', payment({ method: 'client_credit' }), 0, 0],
    ['paid from the retainer', payment({ method: 'retainer' }), 1, 0],
  ])('%s', (_name, p, payments, reversals) => {
    const out = paymentsToExport([p], '2026-06-01', '2026-06-30');
    expect([out.payments.length, out.reversals.length]).toEqual([payments, reversals]);
  });
});

describe('iifFile', () => {
  it('has the headers, an invoice that balances, and a payment that balances', () => {
    const rows = rowsOf(iifFile({
      bills: [bill], from: '2026-06-01', to: '2026-06-30',
      payments: [payment({}), payment({ number: 2, method: 'retainer', reference: '', amount: 100 }), payment({ number: 3, reversedOn: '2026-06-11' })],
    }));
    expect(rows.slice(0, 3)).toEqual(IIF_HEADERS.map((h) => [...h]));
    const kinds = rows.slice(3).map((r) => `${r[0]} ${r[0] === 'ENDTRNS' ? '' : r[2]}`.trim());
    expect(kinds).toEqual([
      'TRNS INVOICE', 'SPL INVOICE', 'SPL INVOICE', 'SPL INVOICE', 'ENDTRNS',
      'TRNS PAYMENT', 'SPL PAYMENT', 'ENDTRNS', 'TRNS PAYMENT', 'SPL PAYMENT', 'ENDTRNS',
    ]);
    const [trns, fees, expenses, discount] = rows.slice(3, 7) as string[][];
    expect(trns).toEqual(['TRNS', '', 'INVOICE', '06/01/2026', 'Accounts Receivable', 'Acme, Inc.', '585.00', '0007', '25-0183 Roof leak', '07/01/2026']);
    expect([fees![4], fees![6]]).toEqual(['Professional Fees', '-550.00']);
    expect([expenses![4], expenses![6]]).toEqual(['Reimbursed Expenses', '-100.00']);
    expect([discount![4], discount![6]]).toEqual(['Discounts Given', '65.00']);
    // Each transaction balances: TRNS plus its SPLs is zero.
    let sum = 0;
    for (const r of rows.slice(3)) {
      if (r[0] === 'ENDTRNS') { expect(sum).toBe(0); continue; }
      sum += Math.round(Number(r[6]) * 100);
      expect(r).toHaveLength(r[0] === 'TRNS' ? IIF_HEADERS[0].length : IIF_HEADERS[1].length);
      expect(r[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    const [check, retainer] = rows.filter((r) => r[0] === 'TRNS' && r[2] === 'PAYMENT');
    expect(check).toEqual(['TRNS', '', 'PAYMENT', '06/10/2026', 'Undeposited Funds', 'Acme, Inc.', '200.00', 'PMT-0001', 'Bill 0007 CHECK 1234', '']);
    expect(retainer![4]).toBe('Client Retainers');
  });

  it('sends the reversal of an earlier period\'s payment as a journal entry', () => {
    const rows = rowsOf(iifFile({
      bills: [], from: '2026-06-01', to: '2026-06-30',
      payments: [payment({ receivedOn: '2026-05-20', reversedOn: '2026-06-02', reversalReason: 'Bounced' })],
    }));
    expect(rows.slice(3)).toEqual([
      ['TRNS', '', 'GENERAL JOURNAL', '06/02/2026', 'Accounts Receivable', 'Acme, Inc.', '200.00', 'PMT-0001R', 'Reversal of PMT-0001: Bounced', ''],
      ['SPL', '', 'GENERAL JOURNAL', '06/02/2026', 'Undeposited Funds', 'Acme, Inc.', '-200.00', 'PMT-0001R', 'Reversal of PMT-0001: Bounced'],
      ['ENDTRNS'],
    ]);
  });

  it('gives an invoice of expenses only, or of nothing, a split that balances it', () => {
    const expensesOnly = rowsOf(iifFile({ bills: [{ ...bill, timeTotal: 0, discountTotal: 0, total: 100 }], payments: [], from: '2026-06-01', to: '2026-06-30' }));
    expect(expensesOnly.slice(3).map((r) => [r[0], r[4], r[6]])).toEqual([
      ['TRNS', 'Accounts Receivable', '100.00'], ['SPL', 'Professional Fees', '0.00'], ['SPL', 'Reimbursed Expenses', '-100.00'], ['ENDTRNS', undefined, undefined],
    ]);
  });

  it('keeps tabs, line breaks and double quotes out of fields', () => {
    expect(iifText('a\tb\r\nc "d"')).toBe("a b c 'd'");
    const rows = rowsOf(iifFile({ bills: [{ ...bill, caseName: 'Line\none\t"x"' }], payments: [], from: '2026-06-01', to: '2026-06-30' }));
    expect(rows[3]![8]).toBe("25-0183 Line one 'x'");
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
