import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill, payment } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let saId: string;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  saId = sa.id;
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
});
afterAll(async () => t?.close());

const newCase = async () => trackedProject(t.database.db, saId, { clientName: `Retainer client ${randomUUID().slice(0, 6)}` });
const entry = (over: Record<string, unknown>) => ({ id: randomUUID(), kind: 'deposit', entryDate: '2026-05-01', amount: 100, ...over });
const post = (caseId: string, payload: object, agent = superAdmin) =>
  agent.request({ method: 'POST', url: `/api/cases/${caseId}/retainer`, payload });
const get = (caseId: string) => superAdmin.request({ method: 'GET', url: `/api/cases/${caseId}/retainer` });
const threshold = (caseId: string, value: number | null, agent = superAdmin) =>
  agent.request({ method: 'PUT', url: `/api/cases/${caseId}/retainer/threshold`, payload: { threshold: value } });
const rows = async (caseId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from retainer_entries where case_id = ${caseId}`.execute(t.database.db)).rows[0]!.n;

describe('retainer access', () => {
  it('refuses every retainer route to admins and limited users with 403', async () => {
    const c = await newCase();
    for (const agent of [admin, limited]) {
      expect((await agent.request({ method: 'GET', url: `/api/cases/${c.caseId}/retainer` })).statusCode).toBe(403);
      expect((await post(c.caseId, entry({}), agent)).statusCode).toBe(403);
      expect((await threshold(c.caseId, 100, agent)).statusCode).toBe(403);
      expect((await agent.request({ method: 'GET', url: '/api/accounting/retainer-notices' })).statusCode).toBe(403);
    }
    expect(await rows(c.caseId)).toBe(0);
  });

  it('answers 404 for a case that does not exist', async () => {
    expect((await get(randomUUID())).statusCode).toBe(404);
    expect((await post(randomUUID(), entry({}))).statusCode).toBe(404);
    expect((await threshold(randomUUID(), 5)).statusCode).toBe(404);
  });
});

describe('retainer ledger', () => {
  it('takes deposits and refunds with a running balance; a refund beyond the balance is refused with what it holds', async () => {
    const c = await newCase();
    const empty = (await get(c.caseId)).json();
    expect(empty).toEqual({ caseId: c.caseId, fileNumber: c.fileNumber, balance: 0, threshold: null, notice: null, entries: [] });

    const first = await post(c.caseId, entry({ amount: 5000, method: 'Wire', reference: 'W-1', note: 'Initial retainer' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().balance).toBe(5000);
    await post(c.caseId, entry({ kind: 'refund', entryDate: '2026-05-20', amount: 1250.25 }));
    const refused = await post(c.caseId, entry({ kind: 'refund', entryDate: '2026-05-21', amount: 3749.76 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('This is more than the retainer holds ($3,749.75).');
    // A refund dated before the deposit would have overdrawn the retainer on that day.
    const early = await post(c.caseId, entry({ kind: 'refund', entryDate: '2026-04-30', amount: 1 }));
    expect(early.json().error.message).toBe('This is more than the retainer holds ($0.00).');

    const ledger = (await get(c.caseId)).json();
    expect(ledger.balance).toBe(3749.75);
    expect(ledger.entries.map((e: { kind: string; amount: number; balanceAfter: number }) => [e.kind, e.amount, e.balanceAfter]))
      .toEqual([['deposit', 5000, 5000], ['refund', 1250.25, 3749.75]]);
    expect(ledger.entries[0]).toMatchObject({ method: 'Wire', reference: 'W-1', note: 'Initial retainer', billNumber: null, paymentNumber: null });
    const all = await post(c.caseId, entry({ kind: 'refund', entryDate: '2026-05-22', amount: 3749.75 }));
    expect(all.json().balance).toBe(0);
  });

  it('answers a retried request with the ledger it made, never a second row; another use of the id is a duplicate', async () => {
    const c = await newCase();
    const body = entry({ amount: 700 });
    const [a, b] = [await post(c.caseId, body), await post(c.caseId, body)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await rows(c.caseId)).toBe(1);
    const reused = await post(c.caseId, { ...body, amount: 701 });
    expect(reused.statusCode).toBe(409);
    expect(await rows(c.caseId)).toBe(1);
  });

  it('never goes below zero under 20 refunds at once', async () => {
    const c = await newCase();
    await post(c.caseId, entry({ amount: 1000 }));
    const results = await Promise.all(Array.from({ length: 20 }, () => post(c.caseId, entry({ kind: 'refund', entryDate: '2026-05-02', amount: 100 }))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.json().error.message)).toEqual(Array(10).fill('This is more than the retainer holds ($0.00).'));
    expect((await get(c.caseId)).json().balance).toBe(0);
  });

  it('names the bill and payment of an application and its reversal (written by the payment routes)', async () => {
    const { bill, p } = await issuedBill(superAdmin, t.database.db, saId, { hours: [8] });
    await post(p.caseId, entry({ amount: 2000 }));
    const paid = await superAdmin.request({ method: 'POST', url: `/api/bills/${bill.id}/payments`, payload: payment({ amount: 800, method: 'retainer' }) });
    const pay = paid.json().payments[0];
    expect((await superAdmin.request({ method: 'POST', url: `/api/payments/${pay.id}/reverse`, payload: { reason: 'Wrong bill' } })).statusCode).toBe(200);
    const ledger = (await get(p.caseId)).json();
    expect(ledger.entries.map((e: Record<string, unknown>) => [e.kind, e.balanceAfter, e.billNumber, e.paymentNumber])).toEqual([
      ['deposit', 2000, null, null], ['application', 1200, bill.number, pay.number], ['reversal', 2000, bill.number, pay.number],
    ]);
  });
});

describe('retainer threshold and notices', () => {
  it('raises the notice below the threshold, lists it among the notices, and clears it', async () => {
    const c = await newCase();
    await post(c.caseId, entry({ amount: 1500 }));
    const set = await threshold(c.caseId, 2000);
    expect(set.statusCode).toBe(200);
    const notice = `Retainer for ${c.fileNumber} is below $2,000.00`;
    expect(set.json()).toMatchObject({ threshold: 2000, balance: 1500, notice });
    expect((await get(c.caseId)).json().notice).toBe(notice);
    const { notices } = (await superAdmin.request({ method: 'GET', url: '/api/accounting/retainer-notices' })).json();
    expect(notices).toContainEqual({ caseId: c.caseId, fileNumber: c.fileNumber, balance: 1500, threshold: 2000, message: notice });

    // A case with no retainer at all but a threshold is below it too; one at its threshold is not.
    const none = await newCase();
    await threshold(none.caseId, 0.01);
    const at = await newCase();
    await post(at.caseId, entry({ amount: 300 }));
    await threshold(at.caseId, 300);
    const listed = (await superAdmin.request({ method: 'GET', url: '/api/accounting/retainer-notices' })).json().notices
      .map((n: { caseId: string }) => n.caseId);
    expect(listed).toContain(none.caseId);
    expect(listed).not.toContain(at.caseId);

    const cleared = await threshold(c.caseId, null);
    expect(cleared.json()).toMatchObject({ threshold: null, notice: null });
    const after = (await superAdmin.request({ method: 'GET', url: '/api/accounting/retainer-notices' })).json().notices;
    expect(after.map((n: { caseId: string }) => n.caseId)).not.toContain(c.caseId);
  });
});
