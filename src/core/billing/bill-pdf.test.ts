import { describe, expect, it } from 'vitest';
import type { TBillDetail, TPayment } from '../api/accounting.ts';
import { billFacts, billFileName, billTitle, billToLines, billTotals, expenseCells, timeCells } from './bill-pdf.ts';

const bill: TBillDetail = {
  id: 'b', number: 7, caseId: 'c', fileNumber: '24-000123', caseName: 'Kitchen fire', clientName: 'Cobalt Industries, LLC',
  periodStart: '2026-05-01', periodEnd: '2026-05-31', status: 'issued', hours: 3.5, timeTotal: 425, expenseTotal: 30.5,
  total: 455.5, issuedOn: '2026-06-01', paidOn: null, version: 2, overdue: false, lines: [],
  clientId: 'k', billToName: 'Cobalt Industries, LLC', adjustmentTotal: 0, subtotal: 455.5, discountTotal: 0, paidTotal: 0,
  creditedTotal: 0, balance: 455.5, termsDays: 30, dueOn: '2026-07-01', billingAddress: '', terms: 'Net 30', note: '', discount: null,
  clientMatterId: '', payments: [], creditNotes: [], retainer: { applied: 0, remaining: 0 },
};
const payment = (over: Partial<TPayment>): TPayment => ({
  id: 'p', number: 3, billId: 'b', billNumber: 7, receivedOn: '2026-06-10', method: 'check', reference: '1042', amount: 100,
  appliedAmount: 100, creditAmount: 0, reversedOn: null, reversalReason: null, ...over,
});
const line = { id: 'l', entryDate: '2026-05-04', projectNumber: '24-000123-01', staff: 'Ann Lee', description: 'Site visit' };

describe('bill PDF texts', () => {
  it.each([
    ['draft', 'Bill 0007 — DRAFT'], ['issued', 'Bill 0007'], ['paid', 'Bill 0007'], ['void', 'Bill 0007 — VOID'],
  ] as const)('titles a %s bill %s', (status, title) => expect(billTitle({ number: 7, status })).toBe(title));

  it.each([
    [{ number: 7, clientName: 'Cobalt Industries, LLC' }, 'Bill-0007-Cobalt-Industries-LLC.pdf'],
    [{ number: 12345, clientName: 'Éa & Co' }, 'Bill-12345-a-Co.pdf'],
    [{ number: 3, clientName: '***' }, 'Bill-0003.pdf'],
  ])('names the file of %o %s', (b, name) => expect(billFileName(b)).toBe(name));

  it('lists the facts that are set: number, dates, terms, case, the client matter, period', () => {
    expect(billFacts({ ...bill, clientMatterId: 'M-778' })).toEqual([
      ['Bill number', '0007'], ['Issue date', '06/01/2026'], ['Due date', '07/01/2026'], ['Terms', 'Net 30'],
      ['Case file', '24-000123'], ['Your matter', 'M-778'], ['Period', '05/01/2026 – 05/31/2026'],
    ]);
    expect(billFacts({ ...bill, status: 'draft', issuedOn: null, dueOn: null, terms: '' }).map(([label]) => label))
      .toEqual(['Bill number', 'Case file', 'Period']);
  });

  it.each([
    ['', 'Acme Holdings', 'Acme', ['Acme Holdings']],
    ['1 Main St\r\n  Suite 4 \n\nSpringfield, IL 62701', 'Acme Holdings', 'Acme', ['Acme Holdings', '1 Main St', 'Suite 4', 'Springfield, IL 62701']],
    ['', '', 'Acme', ['Acme']],
  ])('addresses %j to its bill-to name and address lines', (billingAddress, billToName, clientName, lines) =>
    expect(billToLines({ billingAddress, billToName, clientName })).toEqual(lines));

  it('prints lines as billed: a written-down line at its new amount, never what it was nor the internal reason', () => {
    expect(timeCells({ ...line, kind: 'time', type: 'Principal', hours: 1.5, rate: 250, amount: 375, originalAmount: 375, adjustmentReason: null }))
      .toEqual(['05/04/2026', '24-000123-01', 'Ann Lee', 'Principal', '1.50', '$250.00', '$375.00', 'Site visit']);
    expect(timeCells({ ...line, kind: 'time', type: 'Principal', hours: 1.5, rate: 250, amount: 300, originalAmount: 375, adjustmentReason: 'Courtesy' }).slice(6))
      .toEqual(['$300.00', 'Site visit']);
    expect(timeCells({ ...line, kind: 'time', type: 'Principal', hours: 1.5, rate: 250, amount: 300, originalAmount: 375, adjustmentReason: 'Courtesy', clientNote: ' Courtesy rate ' }).slice(6))
      .toEqual(['$300.00', 'Site visit\nCourtesy rate']);
    expect(timeCells({ ...line, kind: 'time', type: 'Principal', hours: 1.5, rate: 250, amount: 375, originalAmount: 375, adjustmentReason: null, clientNote: 'stale' }).slice(7))
      .toEqual(['Site visit']);
    expect(expenseCells({ ...line, kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 1234.5, originalAmount: 1234.5, adjustmentReason: null }))
      .toEqual(['05/04/2026', '24-000123-01', 'Ann Lee', 'Fuel', '$1,234.50', 'Site visit']);
    expect(expenseCells({ ...line, description: '', kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 60, originalAmount: 50, adjustmentReason: 'Receipt found', clientNote: 'Toll receipt added' }).slice(4))
      .toEqual(['$60.00', 'Toll receipt added']);
  });

  it('totals a plain bill down to the balance due', () => {
    expect(billTotals(bill).map((t) => [t.label, t.amount])).toEqual([
      ['Hours', '3.50'], ['Time', '$425.00'], ['Expenses', '$30.50'], ['Total', '$455.50'], ['Balance due', '$455.50'],
    ]);
  });

  it('totals the discount, credit notes, payments not reversed, the retainer applied and what remains', () => {
    const paid: TBillDetail = {
      ...bill, subtotal: 455.5, discount: { kind: 'percent', value: 10 }, discountTotal: 45.55, total: 409.95, balance: 109.95,
      creditNotes: [{ id: 'c', number: 1, billId: 'b', billNumber: 7, issuedOn: '2026-06-05', reason: 'x', amount: 50, appliedAmount: 50, lines: [] }],
      payments: [
        payment({}), payment({ number: 4, reference: '', method: 'wire', reversedOn: '2026-06-12', reversalReason: 'Returned' }),
        payment({ number: 5, method: 'retainer', reference: '', receivedOn: '2026-06-11', appliedAmount: 150, amount: 150 }),
      ],
      retainer: { applied: 150, remaining: 850 },
    };
    const totals = billTotals(paid);
    expect(totals.map((t) => [t.label, t.amount])).toEqual([
      ['Hours', '3.50'], ['Time', '$425.00'], ['Expenses', '$30.50'], ['Subtotal', '$455.50'], ['Discount (10%)', '-$45.55'],
      ['Total', '$409.95'], ['Credit note CN-0001 (06/05/2026)', '-$50.00'], ['Payment PMT-0003, Check 1042 (06/10/2026)', '-$100.00'],
      ['Retainer applied (06/11/2026)', '-$150.00'], ['Balance due', '$109.95'], ['Retainer remaining', '$850.00'],
    ]);
    expect(totals.filter((t) => t.strong).map((t) => t.label)).toEqual(['Total', 'Balance due']);
    // Credits and payments read in date order, whichever they are.
    const later = billTotals({ ...paid, creditNotes: [{ ...paid.creditNotes[0]!, issuedOn: '2026-06-12' }] }).map((t) => t.label);
    expect(later.slice(6, 9)).toEqual([
      'Payment PMT-0003, Check 1042 (06/10/2026)', 'Retainer applied (06/11/2026)', 'Credit note CN-0001 (06/12/2026)',
    ]);
    expect(billTotals({ ...bill, discount: { kind: 'amount', value: 5 }, discountTotal: 5 })[4]).toEqual({ label: 'Discount', amount: '-$5.00' });
  });
});
