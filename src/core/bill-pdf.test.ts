import { describe, expect, it } from 'vitest';
import type { TBillDetail } from './api/accounting.ts';
import { billFileName, billHeading, billTitle, billTotals, expenseCells, timeCells } from './bill-pdf.ts';

const MORE = {
  clientId: 'k', billToName: 'Cobalt Industries, LLC', adjustmentTotal: 0, subtotal: 455.5, discountTotal: 0, paidTotal: 0,
  creditedTotal: 0, balance: 455.5, termsDays: 30, dueOn: '2026-07-01', billingAddress: '', terms: 'Net 30', note: '', discount: null,
  clientMatterId: '', payments: [], creditNotes: [], retainer: { applied: 0, remaining: 0 },
} satisfies Partial<TBillDetail>;
const bill: TBillDetail = {
  id: 'b', number: 7, caseId: 'c', fileNumber: '24-000123', caseName: 'Kitchen fire', clientName: 'Cobalt Industries, LLC',
  periodStart: '2026-05-01', periodEnd: '2026-05-31', status: 'issued', hours: 3.5, timeTotal: 425, expenseTotal: 30.5,
  total: 455.5, issuedOn: '2026-06-01', paidOn: null, version: 2, lines: [],
  ...MORE,
};

describe('bill PDF texts', () => {
  it.each([
    ['draft', 'Bill 0007 — DRAFT'], ['issued', 'Bill 0007'], ['paid', 'Bill 0007'], ['void', 'Bill 0007 — VOID'],
  ] as const)('titles a %s bill %s', (status, title) => expect(billTitle({ number: 7, status })).toBe(title));

  it.each([
    [{ number: 7, clientName: 'Cobalt Industries, LLC' }, 'Bill-0007-Cobalt-Industries-LLC.pdf'],
    [{ number: 12345, clientName: 'Éa & Co' }, 'Bill-12345-a-Co.pdf'],
    [{ number: 3, clientName: '***' }, 'Bill-0003.pdf'],
  ])('names the file of %o %s', (b, name) => expect(billFileName(b)).toBe(name));

  it('heads the bill with client, case, period and the dates that are set', () => {
    expect(billHeading(bill)).toEqual([
      'Bill to: Cobalt Industries, LLC', 'Case: 24-000123 — Kitchen fire', 'Period: 05/01/2026 – 05/31/2026', 'Issued: 06/01/2026',
    ]);
    expect(billHeading({ ...bill, caseName: '', issuedOn: null, paidOn: null })).toEqual([
      'Bill to: Cobalt Industries, LLC', 'Case: 24-000123', 'Period: 05/01/2026 – 05/31/2026',
    ]);
    expect(billHeading({ ...bill, status: 'paid', paidOn: '2026-06-20' }).at(-1)).toBe('Paid: 06/20/2026');
  });

  it('prints lines and totals as money', () => {
    const line = { id: 'l', entryDate: '2026-05-04', projectNumber: '24-000123-01', staff: 'Ann Lee', description: 'Site visit' };
    expect(timeCells({ ...line, kind: 'time', type: 'Principal', hours: 1.5, rate: 250, amount: 375, originalAmount: 375, adjustmentReason: null }))
      .toEqual(['05/04/2026', '24-000123-01', 'Ann Lee', 'Principal', '1.50', '$250.00', '$375.00', 'Site visit']);
    expect(expenseCells({ ...line, kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 1234.5, originalAmount: 1234.5, adjustmentReason: null }))
      .toEqual(['05/04/2026', '24-000123-01', 'Ann Lee', 'Fuel', '$1,234.50', 'Site visit']);
    expect(billTotals(bill)).toEqual([['Hours', '3.50'], ['Time', '$425.00'], ['Expenses', '$30.50'], ['Total', '$455.50']]);
  });
});
