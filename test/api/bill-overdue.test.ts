// Issue 38: a bill past its due date reads Overdue on the firm's today (list, bill, receivables,
// statement, dashboard); a credit note alone leaves a bill Issued, a payment makes it Partially paid.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';

const TZ = 'America/New_York';
let t: TestApp;
let sa: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp({ TZ });
  const user = await t.user('super_admin');
  saId = user.id;
  sa = await t.signIn(user.email);
});
afterAll(async () => t?.close());

const get = async (url: string) => {
  const res = await sa.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('overdue bills', () => {
  it('a bill 35 days late reads Overdue everywhere; one not yet due does not', async () => {
    const today = firmTodayIso(TZ);
    // Net 30: issued 65 days ago, due 35 days ago.
    const late = await issuedBill(sa, t.database.db, saId, { hours: [2] }, addDays(today, -65));
    const onTime = await issuedBill(sa, t.database.db, saId, { hours: [1] }, today);
    expect(late.bill).toMatchObject({ status: 'issued', dueOn: addDays(today, -35), overdue: true });
    expect(onTime.bill).toMatchObject({ status: 'issued', overdue: false });

    expect((await get(`/api/bills/${late.bill.id}`)).overdue).toBe(true);
    const { bills } = await get('/api/bills');
    expect(bills.find((b: { id: string }) => b.id === late.bill.id).overdue).toBe(true);
    expect(bills.find((b: { id: string }) => b.id === onTime.bill.id).overdue).toBe(false);
    const receivables = await get('/api/accounting/receivables');
    expect(receivables.bills.find((b: { id: string }) => b.id === late.bill.id)).toMatchObject({ overdue: true, daysPastDue: 35 });

    // A payment in part keeps it overdue (Partially paid underneath); the dashboard counts what is still owed.
    const paid = await post(sa, `/api/bills/${late.bill.id}/payments`, payment({ receivedOn: today, amount: 50 }));
    expect(paid.json()).toMatchObject({ status: 'partially_paid', overdue: true, balance: late.bill.total - 50 });
    expect(await get('/api/dashboard/money')).toMatchObject({ overdue: late.bill.total - 50, overdueBills: 1 });

    const statement = await get(`/api/clients/${late.clientId}/statement?from=${addDays(today, -90)}&to=${today}`);
    expect(statement.lines.find((l: { kind: string }) => l.kind === 'bill')).toMatchObject({ overdue: true });

    // Paid in full: no longer overdue.
    const rest = await post(sa, `/api/bills/${late.bill.id}/payments`, payment({ receivedOn: today, amount: late.bill.total - 50 }));
    expect(rest.json()).toMatchObject({ status: 'paid', overdue: false });
    expect(await get('/api/dashboard/money')).toMatchObject({ overdue: 0, overdueBills: 0 });
  });

  it('a credit note alone leaves the bill Issued; only a payment makes it Partially paid', async () => {
    const { bill } = await issuedBill(sa, t.database.db, saId, { hours: [3] });
    const credited = await post(sa, `/api/bills/${bill.id}/credit-notes`, { id: randomUUID(), issuedOn: '2026-06-20', reason: 'Late report', amount: 40 });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json()).toMatchObject({ status: 'issued', paidTotal: 0, creditedTotal: 40, balance: bill.total - 40 });
    const paid = await post(sa, `/api/bills/${bill.id}/payments`, payment({ receivedOn: '2026-06-21', amount: 10 }));
    expect(paid.json()).toMatchObject({ status: 'partially_paid', paidTotal: 10, balance: bill.total - 50 });
  });
});
