// Credit notes (issue 24): the only correction of an issued bill, numbered CN-0001 in their own
// series, capped by what is left to credit; they reduce the balance, the rest is client credit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftBill, issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

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

const creditNote = (billId: string, over: Record<string, unknown>) =>
  post(sa, `/api/bills/${billId}/credit-notes`, { id: randomUUID(), issuedOn: '2026-06-20', reason: 'Report delivered late', ...over });
const credit = async (clientId: string) => (await sa.request({ method: 'GET', url: `/api/clients/${clientId}/credit` })).json().balance;
const message = (res: { statusCode: number; json(): { error: { message: string } } }) => [res.statusCode, res.json().error.message];

describe('credit notes', () => {
  it('reduce the balance, by an amount or by lines, capped by what is left to credit; numbered in their own series', async () => {
    const { bill, times } = await issuedBill(sa, t.database.db, saId, { hours: [3, 2] });
    expect(bill).toMatchObject({ total: 500, balance: 500 });
    const first = await creditNote(bill.id, { amount: 100 });
    expect(first.statusCode, first.body).toBe(201);
    // A credit note alone never makes a bill Partially paid (issue 38).
    expect(first.json()).toMatchObject({ status: 'issued', creditedTotal: 100, balance: 400, paidTotal: 0 });
    expect(first.json().creditNotes[0]).toMatchObject({
      billId: bill.id, billNumber: bill.number, issuedOn: '2026-06-20', reason: 'Report delivered late', amount: 100, appliedAmount: 100, lines: [],
    });
    const second = (await creditNote(bill.id, { lines: [
      { description: 'Site visit of May 10 at half rate', amount: 150, entryId: times[0] },
      { description: 'Copies', amount: 25 },
    ] })).json();
    expect(second).toMatchObject({ creditedTotal: 275, balance: 225, status: 'issued' });
    const [a, b] = second.creditNotes;
    expect(b).toMatchObject({ number: a.number + 1, amount: 175, appliedAmount: 175, lines: [
      { description: 'Site visit of May 10 at half rate', amount: 150, entryId: times[0] }, { description: 'Copies', amount: 25, entryId: null },
    ] });
    expect(message(await creditNote(bill.id, { amount: 225.01 })))
      .toEqual([400, 'A credit note cannot be more than what is left to credit on this bill ($225.00).']);
    expect(message(await creditNote(bill.id, { lines: [{ description: 'x', amount: 1, entryId: randomUUID() }] })))
      .toEqual([400, 'A credit note line names an entry that is not on this bill.']);
    // Credited in full: nothing is owed, the bill reads paid on the credit's date.
    const last = (await creditNote(bill.id, { amount: 225, issuedOn: '2026-06-25' })).json();
    expect(last).toMatchObject({ status: 'paid', balance: 0, creditedTotal: 500, paidOn: '2026-06-25' });
    expect(message(await creditNote(bill.id, { amount: 0.01 })))
      .toEqual([400, 'A credit note cannot be more than what is left to credit on this bill ($0.00).']);
  });

  it('correct a paid bill: nothing is owed, so the credit is the client’s', async () => {
    const { bill, clientId } = await issuedBill(sa, t.database.db, saId, { hours: [2] });
    const paid = (await post(sa, `/api/bills/${bill.id}/payments`, payment({ amount: 200 }))).json();
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-06-10' });
    const res = (await creditNote(bill.id, { amount: 50 })).json();
    expect(res).toMatchObject({ status: 'paid', paidOn: '2026-06-10', balance: 0, paidTotal: 200, creditedTotal: 0 });
    expect(res.creditNotes[0]).toMatchObject({ amount: 50, appliedAmount: 0 });
    expect(await credit(clientId)).toBe(50);
    const row = await t.database.db.selectFrom('client_credits').select(['amount', 'credit_note_id']).where('client_id', '=', clientId).executeTakeFirstOrThrow();
    expect([Number(row.amount), row.credit_note_id]).toEqual([50, res.creditNotes[0].id]);
    // A partly paid bill: the credit meets the balance first, the rest is credit.
    const other = await issuedBill(sa, t.database.db, saId, { hours: [2] });
    await post(sa, `/api/bills/${other.bill.id}/payments`, payment({ amount: 170 }));
    const split = (await creditNote(other.bill.id, { amount: 40 })).json();
    expect(split).toMatchObject({ status: 'paid', balance: 0, creditedTotal: 30 });
    expect(split.creditNotes[0]).toMatchObject({ amount: 40, appliedAmount: 30 });
    expect(await credit(other.clientId)).toBe(10);
    expect(message(await post(sa, `/api/bills/${other.bill.id}/void`, { version: split.version })))
      .toEqual([409, 'Only an unpaid bill can be voided. Correct it with a credit note.']);
  });

  it('refuse drafts, void bills, a date before the issue, no reason, and both or neither of amount and lines', async () => {
    const draft = await draftBill(sa, t.database.db, saId, { hours: [1] });
    expect(message(await creditNote(draft.bill.id, { amount: 10 }))).toEqual([409, 'Only an issued bill can be credited. Change a draft instead.']);
    const { bill } = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    expect(message(await creditNote(bill.id, { amount: 10, issuedOn: '2026-05-31' }))).toEqual([400, 'The credit note date is before the bill was issued.']);
    const noReason = await creditNote(bill.id, { amount: 10, reason: '' });
    expect([noReason.statusCode, noReason.body.includes('Please give a reason.')]).toEqual([400, true]);
    for (const body of [{}, { amount: 10, lines: [{ description: 'x', amount: 10 }] }]) {
      const res = await creditNote(bill.id, body);
      expect([res.statusCode, res.body.includes('Give either an amount or lines.')]).toEqual([400, true]);
    }
    await post(sa, `/api/bills/${bill.id}/void`, { version: bill.version });
    expect(message(await creditNote(bill.id, { amount: 10 }))).toEqual([409, 'This bill is void and can no longer be changed.']);
  });

  it('answer a retried note with the bill it made, once', async () => {
    const { bill } = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    const body = { id: randomUUID(), reason: 'Goodwill', amount: 20 };
    const first = await post(sa, `/api/bills/${bill.id}/credit-notes`, body);
    const again = await post(sa, `/api/bills/${bill.id}/credit-notes`, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ creditedTotal: 20, balance: 80 });
    expect(again.json().creditNotes).toHaveLength(1);
  });
});
