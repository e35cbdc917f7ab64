// Concurrent money writes (issue 24): 20 people paying one bill at once never push its balance
// below zero nor its paid total above the total; payment, bill and credit note numbers stay
// gapless and unique under concurrent use.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

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

const gapless = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  expect(new Set(sorted).size).toBe(sorted.length);
  expect(sorted.at(-1)! - sorted[0]! + 1).toBe(sorted.length);
};

describe('races', () => {
  it('20 payments at once on one bill: exactly the ones that fit are taken, the balance never goes below zero', async () => {
    const { bill } = await issuedBill(sa, t.database.db, saId, { hours: [10] });
    expect(bill.balance).toBe(1000);
    const before = (await t.database.db.selectFrom('document_counters').select('last_number').where('series', '=', 'payment').executeTakeFirstOrThrow()).last_number;
    // 20 × $75 = $1,500 against $1,000: 13 fit ($975); each of the other 7 sees $25 left.
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(sa, `/api/bills/${bill.id}/payments`, payment({ amount: 75 }))));
    const taken = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(taken).toHaveLength(13);
    expect(refused.map((r) => [r.statusCode, r.json().error.message]))
      .toEqual(Array(7).fill([400, 'This payment is more than the balance due ($25.00).']));
    const after = (await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json();
    expect(after).toMatchObject({ status: 'partially_paid', total: 1000, paidTotal: 975, balance: 25 });
    expect(after.payments).toHaveLength(13);
    const numbers = after.payments.map((p: { number: number }) => p.number);
    gapless(numbers);
    expect(Math.min(...numbers)).toBe(before + 1);
    const row = await t.database.db.selectFrom('bills').select(['paid_total', 'balance']).where('id', '=', bill.id).executeTakeFirstOrThrow();
    expect([Number(row.paid_total), Number(row.balance)]).toEqual([975, 25]);
  });

  it('the same payment sent 5 times at once is taken once', async () => {
    const { bill } = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    const body = payment({ amount: 40 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(sa, `/api/bills/${bill.id}/payments`, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const after = (await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json();
    expect(after).toMatchObject({ paidTotal: 40, balance: 60 });
    expect(after.payments).toHaveLength(1);
  });

  it('20 bills and 20 credit notes made at once are numbered without gaps or repeats', async () => {
    const issued = [];
    for (let i = 0; i < 20; i++) issued.push((await issuedBill(sa, t.database.db, saId, { hours: [1] })).bill);
    const unbilled = [];
    for (let i = 0; i < 20; i++) {
      const p = await trackedProject(t.database.db, saId);
      unbilled.push({ caseId: p.caseId, entry: (await logTime(sa, p.projectId, { entryDate: '2026-05-12' })).id });
    }
    const answers = await Promise.all([
      ...issued.map((b) => post(sa, `/api/bills/${b.id}/credit-notes`, { id: randomUUID(), reason: 'Goodwill', amount: 10 })),
      ...unbilled.map((u) => post(sa, '/api/bills', {
        id: randomUUID(), caseId: u.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds: [u.entry],
      })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    gapless(answers.slice(0, 20).map((r) => r.json().creditNotes[0].number));
    gapless([...issued.map((b) => b.number), ...answers.slice(20).map((r) => r.json().number)]);
    for (const r of answers.slice(0, 20)) expect(r.json()).toMatchObject({ creditedTotal: 10, balance: 90, status: 'issued' });
  });
});
