import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementInput, type StatementPayment } from './statement.ts';

const client = { id: 'k', name: 'Cobalt Industries', billToName: 'Cobalt Industries, LLC', billingAddress: '1 Main St' };
const bill = (id: string, number: number, issuedOn: string, total: number, dueOn: string | null = null) =>
  ({ id, number, issuedOn, dueOn, total, fileNumber: '25-0183' });
const pay = (number: number, billId: string, receivedOn: string, appliedAmount: number, over: Partial<StatementPayment> = {}): StatementPayment =>
  ({ number, billId, receivedOn, method: 'check', reference: '', appliedAmount, reversedOn: null, reversalReason: null, ...over });
const input = (over: Partial<StatementInput>): StatementInput => ({
  client, from: '2026-05-01', to: '2026-05-31', bills: [], payments: [], creditNotes: [], retainerBalance: 0, clientCredit: 0, ...over,
});
const buckets = (s: ReturnType<typeof buildStatement>) => Object.fromEntries(s.aging.map((a) => [a.bucket, a.total]));

describe('statement of account', () => {
  it.each([
    ['nothing at all', input({}), 0, 0, []],
    ['a bill before the period is the opening balance', input({ bills: [bill('a', 1, '2026-04-10', 500)] }), 500, 500, []],
    ['a payment before the period lowers the opening balance', input({
      bills: [bill('a', 1, '2026-04-10', 500)], payments: [pay(1, 'a', '2026-04-20', 200)],
    }), 300, 300, []],
    ['a payment reversed before the period counts as paid and reversed: nothing', input({
      bills: [bill('a', 1, '2026-04-10', 500)], payments: [pay(1, 'a', '2026-04-20', 200, { reversedOn: '2026-04-25', reversalReason: 'Bounced' })],
    }), 500, 500, []],
    ['a payment before, reversed in the period: a reversal line', input({
      bills: [bill('a', 1, '2026-04-10', 500)], payments: [pay(1, 'a', '2026-04-20', 200, { reversedOn: '2026-05-03', reversalReason: 'Bounced' })],
    }), 300, 500, [['2026-05-03', 'reversal', 'PMT-0001', 200, 0, 500]]],
    ['bills, payments, credit notes in the period, in date order with the running balance', input({
      bills: [bill('a', 1, '2026-04-10', 500), bill('b', 2, '2026-05-05', 1000)],
      payments: [pay(3, 'b', '2026-05-20', 400), pay(2, 'a', '2026-05-05', 100, { method: 'retainer' })],
      creditNotes: [{ number: 1, billId: 'b', issuedOn: '2026-05-10', reason: 'Travel billed twice', appliedAmount: 50 }],
    }), 500, 950, [
      ['2026-05-05', 'bill', 'Bill 0002', 1000, 0, 1500],
      ['2026-05-05', 'payment', 'PMT-0002', 0, 100, 1400],
      ['2026-05-10', 'credit_note', 'CN-0001', 0, 50, 1350],
      ['2026-05-20', 'payment', 'PMT-0003', 0, 400, 950],
    ]],
    ['what happens after the period is left out', input({
      bills: [bill('a', 1, '2026-05-10', 500), bill('b', 2, '2026-06-02', 800)], payments: [pay(1, 'a', '2026-06-03', 500)],
    }), 0, 500, [['2026-05-10', 'bill', 'Bill 0001', 500, 0, 500]]],
    ['payments and credits of a bill not given (void) are left out', input({
      bills: [bill('a', 1, '2026-05-10', 500)], payments: [pay(1, 'gone', '2026-05-11', 70)],
      creditNotes: [{ number: 4, billId: 'gone', issuedOn: '2026-05-12', reason: 'x', appliedAmount: 5 }],
    }), 0, 500, [['2026-05-10', 'bill', 'Bill 0001', 500, 0, 500]]],
  ] as const)('%s', (_name, given, opening, closing, lines) => {
    const s = buildStatement(given);
    expect(s.openingBalance).toBe(opening);
    expect(s.closingBalance).toBe(closing);
    expect(s.lines.map((l) => [l.date, l.kind, l.reference, l.charge, l.credit, l.balance])).toEqual(lines);
    expect(s.aging.reduce((sum, a) => sum + a.total, 0)).toBeCloseTo(closing, 2);
  });

  it('describes each line for the client', () => {
    const s = buildStatement(input({
      bills: [bill('a', 7, '2026-05-02', 500)],
      payments: [pay(1, 'a', '2026-05-03', 100, { reference: '1042', reversedOn: '2026-05-04', reversalReason: 'Bounced' }),
        pay(2, 'a', '2026-05-05', 50, { method: 'retainer' })],
      creditNotes: [{ number: 1, billId: 'a', issuedOn: '2026-05-06', reason: 'Duplicate travel', appliedAmount: 25 }],
    }));
    expect(s.lines.map((l) => l.description)).toEqual([
      'Case 25-0183', 'Payment, Check 1042 (Bill 0007)', 'Payment reversed: Bounced (Bill 0007)',
      'Retainer applied (Bill 0007)', 'Credit note: Duplicate travel (Bill 0007)',
    ]);
  });

  it('ages what each bill still owes on `to` by its due date (the issue date when none)', () => {
    const s = buildStatement(input({
      to: '2026-06-30',
      bills: [
        bill('cur', 1, '2026-06-20', 100, '2026-07-20'), bill('d10', 2, '2026-05-01', 200, '2026-06-20'),
        bill('d45', 3, '2026-04-01', 300, '2026-05-16'), bill('d75', 4, '2026-04-16', 400), bill('d120', 5, '2026-01-01', 500, '2026-03-02'),
        bill('paid', 6, '2026-01-01', 600, '2026-01-31'),
      ],
      payments: [pay(1, 'paid', '2026-02-01', 600), pay(2, 'd120', '2026-02-01', 125.5)],
    }));
    expect(buckets(s)).toEqual({ current: 100, '1-30': 200, '31-60': 300, '61-90': 400, '90+': 374.5 });
    expect(s.aging.map((a) => a.count)).toEqual([1, 1, 1, 1, 1]);
    expect(s.closingBalance).toBe(1374.5);
  });

  it.each([
    // to, today, → the bills marked Overdue (issue 38)
    ['2026-06-30', undefined, ['Bill 0002']],
    ['2026-06-30', '2026-06-30', ['Bill 0002']],
    ['2026-07-31', '2026-07-10', ['Bill 0002']],
    ['2026-07-31', '2026-07-21', ['Bill 0002', 'Bill 0001']],
    ['2026-07-31', undefined, ['Bill 0002', 'Bill 0001']],
  ] as const)('to %s, today %s: a bill still owing past its due date is overdue', (to, today, overdue) => {
    const s = buildStatement(input({
      from: '2026-04-01', to, today,
      bills: [bill('cur', 1, '2026-06-20', 100, '2026-07-20'), bill('late', 2, '2026-05-01', 200, '2026-06-20'), bill('paid', 3, '2026-04-01', 50, '2026-05-01')],
      payments: [pay(1, 'paid', '2026-05-15', 50)],
    }));
    expect(s.lines.filter((l) => l.overdue).map((l) => l.reference)).toEqual(overdue);
    expect(s.lines.filter((l) => l.kind !== 'bill').every((l) => l.overdue === undefined)).toBe(true);
  });

  it('rounds to cents and passes the retainer and client credit through', () => {
    const s = buildStatement(input({
      bills: [bill('a', 1, '2026-05-02', 0.3)], payments: [pay(1, 'a', '2026-05-03', 0.1), pay(2, 'a', '2026-05-04', 0.1)],
      retainerBalance: 1200.005, clientCredit: 40,
    }));
    expect(s.closingBalance).toBe(0.1);
    expect(s.retainerBalance).toBe(1200.01);
    expect(s.clientCredit).toBe(40);
  });
});
