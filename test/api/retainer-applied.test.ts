import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// The retainer, the statement and the bill PDF read what the payment routes write: a retainer
// funded here and applied to a bill there, a check reversed, a credit note; every number compared.

let t: TestApp;
let saId: string;
let superAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  saId = sa.id;
  superAdmin = await t.signIn(sa.email);
});
afterAll(async () => t?.close());

const get = (url: string) => superAdmin.request({ method: 'GET', url });

describe('a retainer applied to a bill, seen on the ledger, the statement and the bill PDF', () => {
  it('keeps every balance in step', async () => {
    // 2 × 1.5 h at $100 and a $30.50 expense: $330.50, issued June 1, due July 1.
    const { bill, p, clientId } = await issuedBill(superAdmin, t.database.db, saId, { hours: [1.5, 1.5], expenses: [30.5] });
    expect(bill.total).toBe(330.5);
    const retainerUrl = `/api/cases/${p.caseId}/retainer`;
    expect((await post(superAdmin, retainerUrl, { id: randomUUID(), kind: 'deposit', entryDate: '2026-05-20', amount: 200 })).statusCode).toBe(201);

    const check = payment({ receivedOn: '2026-06-05', amount: 100, reference: '1042' });
    expect((await post(superAdmin, `/api/bills/${bill.id}/payments`, check)).statusCode).toBe(201);
    const fromRetainer = await post(superAdmin, `/api/bills/${bill.id}/payments`, payment({ receivedOn: '2026-06-06', amount: 150, method: 'retainer' }));
    expect(fromRetainer.statusCode).toBe(201);
    const refused = await post(superAdmin, retainerUrl, { id: randomUUID(), kind: 'refund', entryDate: '2026-06-07', amount: 60 });
    expect(refused.json().error.message).toBe('This is more than the retainer holds ($50.00).');
    expect((await post(superAdmin, `/api/payments/${check.id}/reverse`, { reason: 'Bounced' })).statusCode).toBe(200);
    const credited = await post(superAdmin, `/api/bills/${bill.id}/credit-notes`, { id: randomUUID(), issuedOn: '2026-06-10', reason: 'Parking', amount: 30.5 });
    expect(credited.statusCode).toBe(201);
    const after = credited.json();
    expect(after).toMatchObject({ status: 'partially_paid', balance: 150, retainer: { applied: 150, remaining: 50 } });

    const ledger = (await get(retainerUrl)).json();
    const applied = after.payments.find((x: { method: string }) => x.method === 'retainer');
    expect(ledger.entries.map((e: Record<string, unknown>) => [e.kind, e.amount, e.balanceAfter, e.billNumber, e.paymentNumber])).toEqual([
      ['deposit', 200, 200, null, null], ['application', 150, 50, bill.number, applied.number],
    ]);

    // The reversal is dated on the firm's day it was made (the test app's default time zone).
    const today = firmTodayIso('America/New_York');
    const s = (await get(`/api/clients/${clientId}/statement?from=2026-06-01&to=${today}`)).json();
    expect(s.openingBalance).toBe(0);
    expect(s.lines.map((l: Record<string, unknown>) => [l.date, l.kind, l.charge, l.credit, l.balance])).toEqual([
      ['2026-06-01', 'bill', 330.5, 0, 330.5],
      ['2026-06-05', 'payment', 0, 100, 230.5],
      ['2026-06-06', 'payment', 0, 150, 80.5],
      ['2026-06-10', 'credit_note', 0, 30.5, 50],
      [today, 'reversal', 100, 0, 150],
    ]);
    expect(s).toMatchObject({ closingBalance: 150, retainerBalance: 50, clientCredit: 0 });
    expect(s.aging.reduce((sum: number, a: { total: number }) => sum + a.total, 0)).toBe(after.balance);

    const pdf = await get(`/api/bills/${bill.id}/pdf`);
    savePdf('bill-retainer-applied.pdf', pdf.rawPayload);
    const text = pdfPages(pdf.rawPayload).join('\n').replace(/[ \t]+/g, ' ');
    expect(text).toContain('Retainer applied (06/06/2026) -$150.00');
    expect(text).toContain('Credit note CN-');
    expect(text).toContain('Balance due $150.00');
    expect(text).toContain('Retainer remaining $50.00');
    expect(text).not.toContain('Check 1042');
  });
});
