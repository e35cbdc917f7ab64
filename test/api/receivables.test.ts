// A/R aging (issue 24): bucket totals over every open bill by days past due, the bills a page at a
// time (the longest overdue first), one bucket's bills on their own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { addDays } from '../../src/core/dates/iso-date.ts';

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

const get = async (query = '') => (await sa.request({ method: 'GET', url: `/api/accounting/receivables${query}` })).json();

describe('receivables', () => {
  it('sums balances per bucket over every open bill and pages the bills, the longest overdue first', async () => {
    const { rows: [row] } = await sql<{ today: string }>`select current_date::text as today`.execute(t.database.db);
    const today = row!.today;
    // Net 30: issued 5 days ago is current; 40 → 10 days past due; 100 → 70; 200 → 170.
    const made = [];
    for (const ago of [5, 40, 100, 200]) made.push((await issuedBill(sa, t.database.db, saId, { hours: [5] }, addDays(today, -ago))).bill);
    const partly = made[1]!;
    expect((await post(sa, `/api/bills/${partly.id}/payments`, payment({ amount: 120, receivedOn: today }))).statusCode).toBe(201);

    const all = await get();
    expect(all.buckets).toEqual([
      { bucket: 'current', count: 1, total: 500 }, { bucket: '1-30', count: 1, total: 380 }, { bucket: '31-60', count: 0, total: 0 },
      { bucket: '61-90', count: 1, total: 500 }, { bucket: '90+', count: 1, total: 500 },
    ]);
    expect([all.total, all.count]).toEqual([1880, 4]);
    expect(all.bills.map((b: { number: number }) => b.number)).toEqual([made[3]!.number, made[2]!.number, made[1]!.number, made[0]!.number]);
    expect(all.bills.map((b: { daysPastDue: number }) => b.daysPastDue)).toEqual([170, 70, 10, 0]);

    const second = await get('?limit=2&offset=2');
    expect(second.bills.map((b: { number: number }) => b.number)).toEqual([made[1]!.number, made[0]!.number]);
    expect([second.count, second.total]).toEqual([4, 1880]);
    const late = await get('?bucket=1-30');
    expect(late.bills.map((b: { id: string; balance: number }) => [b.id, b.balance])).toEqual([[partly.id, 380]]);
    expect(late.count).toBe(1);
    expect((await sa.request({ method: 'GET', url: '/api/accounting/receivables?bucket=soon' })).statusCode).toBe(400);
    expect((await sa.request({ method: 'GET', url: '/api/accounting/receivables?limit=501' })).statusCode).toBe(400);
  });
});
