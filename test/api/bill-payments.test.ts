// Payments of issued bills (issue 24): several per bill, Issued → Partially paid → Paid, over the
// balance refused unless kept as client credit, retainer and client-credit payments, reversals.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositRetainer, draftBill, issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import type { TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let sa: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('super_admin');
  saId = user.id;
  sa = await t.signIn(user.email);
});
afterAll(async () => t?.close());

const bill500 = (p?: TrackedProjectFixture) => issuedBill(sa, t.database.db, saId, { hours: [5], p });
const pay = (billId: string, over: Record<string, unknown> = {}) => post(sa, `/api/bills/${billId}/payments`, payment(over));
const reverse = (paymentId: string, reason = 'Check bounced') => post(sa, `/api/payments/${paymentId}/reverse`, { reason });
const credit = async (clientId: string) => (await sa.request({ method: 'GET', url: `/api/clients/${clientId}/credit` })).json().balance;
const message = (res: { statusCode: number; json(): { error: { message: string } } }) => [res.statusCode, res.json().error.message];
// A rule's refusal names its field and rule (issue 44): the browser never reads them from the words.
const problem = (res: { json(): { error: { message: string; details: { path: string; rule: string; message: string }[] } } }) =>
  res.json().error.details.map((d) => [d.path, d.rule, d.message === res.json().error.message]);

describe('payments', () => {
  it('takes several payments: Issued → Partially paid → Paid, numbered in sequence, then nothing is due', async () => {
    const { bill } = await bill500();
    expect(bill).toMatchObject({ status: 'issued', total: 500, balance: 500, paidTotal: 0 });
    const first = await pay(bill.id, { amount: 200, method: 'check', reference: 'Check 1043' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'partially_paid', paidTotal: 200, balance: 300, paidOn: null });
    const second = (await pay(bill.id, { amount: 300, method: 'ach', receivedOn: '2026-06-12' })).json();
    expect(second).toMatchObject({ status: 'paid', paidTotal: 500, balance: 0, paidOn: '2026-06-12' });
    const [a, b] = second.payments;
    expect(a).toMatchObject({ method: 'check', reference: 'Check 1043', amount: 200, appliedAmount: 200, creditAmount: 0, receivedOn: '2026-06-10', billNumber: bill.number });
    expect(b.number).toBe(a.number + 1);
    expect(message(await pay(bill.id, { amount: 1 }))).toEqual([409, 'This bill has no balance due.']);
    const voiding = await post(sa, `/api/bills/${bill.id}/void`, { version: second.version });
    expect(message(voiding)).toEqual([409, 'Only an unpaid bill can be voided. Correct it with a credit note.']);
    const recv = (await sa.request({ method: 'GET', url: '/api/accounting/receivables' })).json();
    expect(recv.bills.map((r: { id: string }) => r.id)).not.toContain(bill.id);
  });

  it('refuses a payment over the balance, unless the rest is kept as client credit', async () => {
    const { bill, clientId } = await bill500();
    await pay(bill.id, { amount: 120 });
    const over = await pay(bill.id, { amount: 380.01 });
    expect(message(over)).toEqual([400, 'This payment is more than the balance due ($380.00).']);
    expect(problem(over)).toEqual([['/amount', 'over_balance', true]]);
    expect(await credit(clientId)).toBe(0);
    const res = (await pay(bill.id, { amount: 400, excessToCredit: true, method: 'wire' })).json();
    expect(res).toMatchObject({ status: 'paid', paidTotal: 500, balance: 0 });
    expect(res.payments[1]).toMatchObject({ amount: 400, appliedAmount: 380, creditAmount: 20 });
    expect(await credit(clientId)).toBe(20);
  });

  it('refuses a payment dated before the issue, and on a draft or a void bill', async () => {
    const { bill } = await bill500();
    const early = await pay(bill.id, { receivedOn: '2026-05-31' });
    expect(message(early)).toEqual([400, 'The payment date is before the bill was issued.']);
    expect(problem(early)).toEqual([['/receivedOn', 'before_issue', true]]);
    const made = await draftBill(sa, t.database.db, saId, { hours: [1] });
    expect(message(await pay(made.bill.id))).toEqual([409, 'Only an issued bill can take a payment.']);
    await post(sa, `/api/bills/${bill.id}/void`, { version: bill.version });
    expect(message(await pay(bill.id))).toEqual([409, 'Only an issued bill can take a payment.']);
    expect(message(await pay(randomUUID()))).toEqual([404, 'This bill was not found.']);
    const bad = await pay(bill.id, { method: 'barter' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a retried payment with the bill it made, once; the same id on another bill is a duplicate', async () => {
    const { bill } = await bill500();
    const body = payment({ amount: 150 });
    const first = await post(sa, `/api/bills/${bill.id}/payments`, body);
    const again = await post(sa, `/api/bills/${bill.id}/payments`, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ paidTotal: 150, balance: 350 });
    expect(again.json().payments).toHaveLength(1);
    const other = (await bill500()).bill;
    expect((await post(sa, `/api/bills/${other.id}/payments`, body)).statusCode).toBe(409);
  });

  it('draws on the case’s retainer, never below zero, and gives it back on reversal', async () => {
    const { bill, p } = await bill500();
    const retainer = async () => (await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json().retainer;
    const short = await pay(bill.id, { method: 'retainer', amount: 10 });
    expect(message(short)).toEqual([400, 'This is more than the retainer holds ($0.00).']);
    expect(problem(short)).toEqual([['/amount', 'retainer_short', true]]);
    await depositRetainer(t.database.db, saId, p.caseId, 250);
    expect(message(await pay(bill.id, { method: 'retainer', amount: 250.01 }))).toEqual([400, 'This is more than the retainer holds ($250.00).']);
    const res = (await pay(bill.id, { method: 'retainer', amount: 200 })).json();
    expect(res).toMatchObject({ status: 'partially_paid', balance: 300, retainer: { applied: 200, remaining: 50 } });
    const applied = await t.database.db.selectFrom('retainer_entries').select(['kind', 'amount', 'payment_id', 'case_id'])
      .where('payment_id', '=', res.payments[0].id).execute();
    expect(applied.map((r) => [r.kind, Number(r.amount), r.case_id])).toEqual([['application', 200, p.caseId]]);
    // Retainer and credit payments never go beyond the balance, even when asked to keep the rest.
    await depositRetainer(t.database.db, saId, p.caseId, 1000);
    expect(message(await pay(bill.id, { method: 'retainer', amount: 301, excessToCredit: true })))
      .toEqual([400, 'This payment is more than the balance due ($300.00).']);

    const back = (await reverse(res.payments[0].id, 'Applied to the wrong bill')).json();
    expect(back).toMatchObject({ status: 'issued', balance: 500, paidTotal: 0, retainer: { applied: 0, remaining: 1250 } });
    const kinds = await t.database.db.selectFrom('retainer_entries').select(['kind', 'amount'])
      .where('payment_id', '=', res.payments[0].id).orderBy('created_at').execute();
    expect(kinds.map((r) => [r.kind, Number(r.amount)])).toEqual([['application', 200], ['reversal', 200]]);
    expect(await retainer()).toEqual({ applied: 0, remaining: 1250 });
  });

  it('pays from the client’s credit, never more than it holds, and gives it back on reversal', async () => {
    const first = await bill500();
    await pay(first.bill.id, { amount: 560, excessToCredit: true });
    expect(await credit(first.clientId)).toBe(60);
    const { bill } = await bill500(first.p);
    expect(message(await pay(bill.id, { method: 'client_credit', amount: 60.01 }))).toEqual([400, 'This is more than the client\'s credit ($60.00).']);
    const used = (await pay(bill.id, { method: 'client_credit', amount: 45 })).json();
    expect(used).toMatchObject({ status: 'partially_paid', balance: 455 });
    expect(await credit(first.clientId)).toBe(15);

    // The credit the first payment left is partly spent: reversing it is refused until the use is reversed.
    const leftBy = (await sa.request({ method: 'GET', url: `/api/bills/${first.bill.id}` })).json().payments[0];
    expect(message(await reverse(leftBy.id))).toEqual([409, 'The client has already used the credit this payment left ($60.00). Reverse the payment that used it first.']);
    const restored = (await reverse(used.payments[0].id, 'Client asked to keep the credit')).json();
    expect(restored).toMatchObject({ status: 'issued', balance: 500 });
    expect(await credit(first.clientId)).toBe(60);
    const undone = (await reverse(leftBy.id)).json();
    expect(undone).toMatchObject({ status: 'issued', balance: 500, paidTotal: 0, paidOn: null });
    expect(await credit(first.clientId)).toBe(0);
    const rows = await t.database.db.selectFrom('client_credits').select(['amount', 'payment_id']).where('client_id', '=', first.clientId)
      .orderBy('created_at').execute();
    expect(rows.map((r) => Number(r.amount))).toEqual([60, -45, 45, -60]);
    expect((await sa.request({ method: 'GET', url: `/api/clients/${randomUUID()}/credit` })).statusCode).toBe(404);
  });
});

describe('reversal', () => {
  it('restores the balance and status with a reason, audited, once', async () => {
    const { bill } = await bill500();
    await pay(bill.id, { amount: 100 });
    const paid = (await pay(bill.id, { amount: 400, receivedOn: '2026-06-15' })).json();
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-06-15' });
    const noReason = await post(sa, `/api/payments/${paid.payments[1].id}/reverse`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give a reason.');
    const res = await reverse(paid.payments[1].id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'partially_paid', paidTotal: 100, balance: 400, paidOn: null });
    expect(res.json().payments[1]).toMatchObject({ reversalReason: 'Check bounced', reversedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(message(await reverse(paid.payments[1].id))).toEqual([409, 'This payment was already reversed.']);
    expect(message(await reverse(randomUUID()))).toEqual([404, 'This payment was not found.']);

    const audit = (await sa.request({ method: 'GET', url: `/api/audit?rowId=${paid.payments[1].id}` })).json();
    expect(audit.entries.map((e: { action: string }) => e.action).sort()).toEqual(['insert', 'update']);
    expect(JSON.stringify(audit)).toContain('Check bounced');

    const again = (await reverse(paid.payments[0].id, 'Entered twice')).json();
    expect(again).toMatchObject({ status: 'issued', paidTotal: 0, balance: 500 });
    // Every payment reversed: the bill is unpaid again, so it can be voided.
    expect((await post(sa, `/api/bills/${bill.id}/void`, { version: again.version })).json().status).toBe('void');
  });
});
