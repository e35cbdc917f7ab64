// Issue 40, fee rules (docs/decisions/138, 139): the check's numbers end to end through a draft
// bill — a 0.75 h deposition bills 2.0 h, 3 h travel at 50 % of $500 bills $750.00, a 5.5 h trial
// day bills the full-day fee once, a cancellation 30 h ahead bills 2 h and 80 h ahead nothing, a
// rate change dated 07/01/2026 leaves June's entries and billed entries alone — and money stays
// super_admin only.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillDetail, TBillLine } from '../../src/core/api/accounting.ts';
import { post } from '../helpers/bill-fixtures.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { withoutIds } from '../helpers/without-ids.ts';

let t: TestApp;
let sa: Agent;
let admin: Agent;
let user: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp();
  const me = await t.user('super_admin');
  saId = me.id;
  [sa, admin, user] = await Promise.all([
    t.signIn(me.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
});
afterAll(async () => t?.close());

const RULES = [
  { type: 'minimum', kind: 'deposition', hours: 2 },
  { type: 'flat', kind: 'trial', halfDayUpToHours: 4, halfDayFee: '2000.00', fullDayFee: '3500.00' },
  { type: 'percent', kind: 'travel', percent: 50 },
  { type: 'cancellation', kind: 'deposition', tiers: [{ noticeUnderHours: 48, hours: 2 }, { noticeUnderHours: 72, hours: 1 }] },
];

/** A case whose rate code bills Deposition $600, Trial $500 and Travel $500 an hour under RULES. */
async function feeCase(): Promise<TrackedProjectFixture & { itemIds: Record<string, string> }> {
  const p = await trackedProject(t.database.db, saId, { customRates: {} });
  for (const [jobType, rate] of [['Deposition', '600.00'], ['Trial', '500.00'], ['Travel', '500.00']]) {
    const res = await post(sa, `/api/rate-codes/${p.rateCodeId}/items`, { jobType, rate });
    expect(res.statusCode, res.body).toBe(201);
  }
  const code = (await sa.request({ method: 'GET', url: `/api/rate-codes/${p.rateCodeId}` })).json().rateCode;
  expect(code.items.find((i: { jobType: string }) => i.jobType === 'Deposition').eventKind).toBe('deposition');
  const saved = await sa.request({ method: 'PUT', url: `/api/rate-codes/${p.rateCodeId}/fee-rules`, payload: { rules: RULES, version: code.version } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().rateCode.feeRules).toEqual(RULES);
  const itemIds = Object.fromEntries(code.items.map((i: { jobType: string; id: string }) => [i.jobType, i.id]));
  return { ...p, itemIds };
}

const cancel = (p: TrackedProjectFixture, scheduledAt: string, noticeGivenAt: string) =>
  post(sa, `/api/cases/${p.caseId}/cancellations`, {
    id: randomUUID(), projectId: p.projectId, userId: saId, jobType: 'Deposition', scheduledAt, noticeGivenAt,
  });

async function bill(p: TrackedProjectFixture, timeEntryIds: string[], from = '2026-06-01', to = '2026-06-30'): Promise<TBillDetail> {
  const res = await post(sa, '/api/bills', { id: randomUUID(), caseId: p.caseId, periodStart: from, periodEnd: to, timeEntryIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const lineOf = (b: TBillDetail, id: string): TBillLine => b.lines.find((l) => l.id === id)!;

describe('fee rules price a draft bill', () => {
  it('bills the minimum, the travel percentage, the flat trial day once and cancellations by notice', async () => {
    const p = await feeCase();
    const deposition = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-06-10', hours: 0.75, description: 'Deposition of J. Doe' });
    const travel = await logTime(sa, p.projectId, { jobType: 'Travel', entryDate: '2026-06-10', hours: 3, description: 'To Sacramento' });
    const trialAm = await logTime(sa, p.projectId, { jobType: 'Trial', entryDate: '2026-06-11', hours: 3, description: 'Trial, morning' });
    const trialPm = await logTime(sa, p.projectId, { jobType: 'Trial', entryDate: '2026-06-11', hours: 2.5, description: 'Trial, afternoon' });
    const work = await logTime(sa, p.projectId, { jobType: 'Consultant', entryDate: '2026-06-12', hours: 1.5 });
    const late = await cancel(p, '2026-06-15T16:00:00Z', '2026-06-14T10:00:00Z');
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ noticeHours: 30, jobType: 'Deposition', entryDate: '2026-06-15' });
    const early = await cancel(p, '2026-06-20T16:00:00Z', '2026-06-17T08:00:00Z');
    expect(early.json().noticeHours).toBe(80);

    const b = await bill(p, [deposition.id, travel.id, trialAm.id, trialPm.id, work.id, late.json().id, early.json().id]);
    expect(lineOf(b, deposition.id)).toMatchObject({ hours: 0.75, billedHours: 2, rate: 600, amount: 1200, feeRule: 'Deposition minimum 2.0 h' });
    expect(lineOf(b, travel.id)).toMatchObject({ hours: 3, rate: 500, amount: 750, feeRule: 'Travel at 50 %' });
    expect(lineOf(b, trialAm.id)).toMatchObject({ amount: 3500, feeRule: 'Trial full day (flat fee)' });
    expect(lineOf(b, trialPm.id)).toMatchObject({ amount: 0, feeRule: 'Included in the trial full day (flat fee)' });
    expect(lineOf(b, work.id)).toMatchObject({ amount: 150, feeRule: null });
    expect(lineOf(b, late.json().id)).toMatchObject({ hours: 0, billedHours: 2, amount: 1200, feeRule: 'Deposition cancelled with 30 h notice: 2.0 h' });
    expect(lineOf(b, early.json().id)).toMatchObject({ billedHours: 0, amount: 0, feeRule: 'Deposition cancelled with 80 h notice: no fee' });
    expect(b.timeTotal).toBe(1200 + 750 + 3500 + 150 + 1200);
    expect(b.total).toBe(6800);

    // A write-down is measured from the priced amount.
    const down = await post(sa, `/api/bills/${b.id}/lines/${deposition.id}/adjust`, { version: b.version, amount: 1000, reason: 'Courtesy' });
    expect(down.statusCode, down.body).toBe(200);
    expect(lineOf(down.json(), deposition.id)).toMatchObject({ amount: 1000, originalAmount: 1200 });
    expect(down.json().adjustmentTotal).toBe(-200);

    // The LEDES line says which rule, and units × unit cost + adjustment is the total.
    const issued = await post(sa, `/api/bills/${b.id}/issue`, { version: down.json().version, issuedOn: '2026-07-02' });
    expect(issued.statusCode, issued.body).toBe(200);
    await sql`update clients set ledes_client_id = 'COBALT-7' where id = (select client_id from cases where id = ${p.caseId})`.execute(t.database.db);
    await sql`update cases set client_matter_id = 'CM-2026-42' where id = ${p.caseId}`.execute(t.database.db);
    await sql`update firm_profile set ledes_firm_id = '12-3456789' where id = 1`.execute(t.database.db);
    const ledes = await sa.request({ method: 'GET', url: `/api/bills/${b.id}/ledes` });
    expect(ledes.statusCode, ledes.body).toBe(200);
    expect(ledes.body).toContain('Deposition of J. Doe (Deposition minimum 2.0 h)');
    expect(ledes.body).toContain('To Sacramento (Travel at 50 %)');

    // Rules changed after issue never reprice the issued bill.
    const code = (await sa.request({ method: 'GET', url: `/api/rate-codes/${p.rateCodeId}` })).json().rateCode;
    await sa.request({ method: 'PUT', url: `/api/rate-codes/${p.rateCodeId}/fee-rules`, payload: { rules: [], version: code.version } });
    const again = (await sa.request({ method: 'GET', url: `/api/bills/${b.id}` })).json();
    expect(lineOf(again, deposition.id)).toMatchObject({ billedHours: 2, originalAmount: 1200, feeRule: 'Deposition minimum 2.0 h' });
    expect(again.total).toBe(issued.json().total);
  });

  it('a case\'s own rules replace its rate code\'s; null goes back to them', async () => {
    const p = await feeCase();
    const got = await sa.request({ method: 'GET', url: `/api/cases/${p.caseId}/fee-rules` });
    expect(got.json()).toEqual({ rules: null, rateCodeRules: RULES, version: null });
    const own = await sa.request({
      method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: { rules: [{ type: 'minimum', kind: 'deposition', hours: 3 }], version: null },
    });
    expect(own.statusCode, own.body).toBe(200);
    const deposition = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-06-10', hours: 1 });
    const travel = await logTime(sa, p.projectId, { jobType: 'Travel', entryDate: '2026-06-10', hours: 2 });
    const b = await bill(p, [deposition.id, travel.id]);
    expect(lineOf(b, deposition.id)).toMatchObject({ billedHours: 3, amount: 1800, feeRule: 'Deposition minimum 3.0 h' });
    expect(lineOf(b, travel.id)).toMatchObject({ amount: 1000, feeRule: null });
    const stale = await sa.request({ method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: { rules: null, version: null } });
    expect(stale.statusCode).toBe(409);
    const back = await sa.request({ method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: { rules: null, version: own.json().version } });
    expect(back.json().rules).toBeNull();
    const bad = await sa.request({ method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: {
      rules: [{ type: 'minimum', kind: 'deposition', hours: 2 }, { type: 'minimum', kind: 'deposition', hours: 3 }], version: null,
    } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Deposition has two minimum rules.');
  });
});

describe('the unbilled summary on Accounting prices by fee rules', () => {
  it('shows for a case what its bill would: the minimum, the travel percentage, the cancellation fee', async () => {
    const p = await feeCase();
    const plain = await trackedProject(t.database.db, saId, { customRates: {} });
    const ids = [
      (await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-06-10', hours: 0.75 })).id,
      (await logTime(sa, p.projectId, { jobType: 'Travel', entryDate: '2026-06-10', hours: 3 })).id,
      (await logTime(sa, p.projectId, { jobType: 'Consultant', entryDate: '2026-06-12', hours: 1.5 })).id,
      (await cancel(p, '2026-06-15T16:00:00Z', '2026-06-14T10:00:00Z')).json().id,
    ];
    await logTime(sa, plain.projectId, { jobType: 'Consultant', entryDate: '2026-06-12', hours: 2 });
    const res = await sa.request({ method: 'GET', url: '/api/accounting/unbilled' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().cases.find((c: { caseId: string }) => c.caseId === p.caseId);
    // 2.0 h × $600 + 3 h × $500 × 50 % + 1.5 h × $100 + the 30 h cancellation's 2.0 h × $600.
    expect(row).toMatchObject({ timeValue: 1200 + 750 + 150 + 1200, hours: 2 + 3 + 1.5 + 2, entries: 4 });
    expect(res.json().cases.find((c: { caseId: string }) => c.caseId === plain.caseId)).toMatchObject({ timeValue: 200, hours: 2 });
    // The dashboard's unbilled work says the same as the list: hours × rate, with the fee rules' change.
    const listed = res.json().cases.reduce((sum: number, c: { timeValue: number; expenses: number }) => sum + c.timeValue + c.expenses, 0);
    const money = await sa.request({ method: 'GET', url: '/api/dashboard/money' });
    expect(money.statusCode, money.body).toBe(200);
    expect(money.json().unbilledValue).toBeCloseTo(listed, 2);
    const b = await bill(p, ids);
    expect(b.timeTotal).toBe(row.timeValue);
    expect(b.hours).toBe(row.hours);
  });
});

describe('the case page lists cancellations (docs/decisions/139)', () => {
  it('lists them for admins, the fee (as the bill prices it) for a super admin only', async () => {
    const p = await feeCase();
    const late = (await cancel(p, '2026-06-15T16:00:00Z', '2026-06-14T10:00:00Z')).json();
    const early = (await cancel(p, '2026-06-20T16:00:00Z', '2026-06-17T08:00:00Z')).json();
    const url = `/api/cases/${p.caseId}/cancellations`;
    const forSa = await sa.request({ method: 'GET', url });
    expect(forSa.statusCode, forSa.body).toBe(200);
    expect(forSa.json().jobTitles).toEqual(['Deposition', 'Travel', 'Trial', 'Consultant', 'Senior Consultant']);
    expect(forSa.json().moneyVisible).toBe(true);
    expect(forSa.json().cancellations).toEqual([
      expect.objectContaining({ id: early.id, noticeHours: 80, billId: null, userName: expect.any(String),
        fee: { amount: 0, billedHours: 0, rule: 'Deposition cancelled with 80 h notice: no fee' } }),
      expect.objectContaining({ id: late.id, noticeHours: 30, scheduledAt: '2026-06-15T12:00:00-04:00',
        fee: { amount: 1200, billedHours: 2, rule: 'Deposition cancelled with 30 h notice: 2.0 h' } }),
    ]);

    const forAdmin = await admin.request({ method: 'GET', url });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().moneyVisible).toBe(false);
    expect(forAdmin.json().cancellations).toHaveLength(2);
    expect(withoutIds(forAdmin.body)).not.toMatch(/"fee"|1200|no fee/);
    expect((await user.request({ method: 'GET', url })).statusCode).toBe(403);

    // Issued, the bill's kept rules price it: rules dropped later change nothing.
    const b = await bill(p, [late.id]);
    expect((await post(sa, `/api/bills/${b.id}/issue`, { version: b.version, issuedOn: '2026-07-02' })).statusCode).toBe(200);
    const code = (await sa.request({ method: 'GET', url: `/api/rate-codes/${p.rateCodeId}` })).json().rateCode;
    await sa.request({ method: 'PUT', url: `/api/rate-codes/${p.rateCodeId}/fee-rules`, payload: { rules: [], version: code.version } });
    const after = (await sa.request({ method: 'GET', url })).json().cancellations;
    expect(after.find((c: { id: string }) => c.id === late.id)).toMatchObject({ billId: b.id, fee: { amount: 1200 } });
  });
});

describe('rates with an effective date', () => {
  it('a rate change dated 07/01/2026 prices July, leaves June and billed entries alone', async () => {
    const p = await feeCase();
    const billedJuly = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-07-02', hours: 3 });
    const billed = await bill(p, [billedJuly.id], '2026-07-01', '2026-07-31');
    const june = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-06-30', hours: 3 });
    const july = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-07-01', hours: 3 });

    const changed = await post(sa, `/api/rate-codes/${p.rateCodeId}/items/${p.itemIds.Deposition}/rates`, { effectiveOn: '2026-07-01', rate: '700.00' });
    expect(changed.statusCode, changed.body).toBe(201);
    const item = changed.json().rateCode.items.find((i: { jobType: string }) => i.jobType === 'Deposition');
    expect(item).toMatchObject({ rate: '600.00', rateChanges: [{ effectiveOn: '2026-07-01', rate: '700.00' }] });

    // A July entry saved after the change takes it too.
    const later = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-07-20', hours: 3 });
    const juneBill = await bill(p, [june.id]);
    expect(lineOf(juneBill, june.id)).toMatchObject({ rate: 600, amount: 1800 });
    const julyBill = await bill(p, [july.id, later.id], '2026-07-01', '2026-07-31');
    expect(lineOf(julyBill, july.id)).toMatchObject({ rate: 700, amount: 2100 });
    expect(lineOf(julyBill, later.id)).toMatchObject({ rate: 700, amount: 2100 });
    const before = (await sa.request({ method: 'GET', url: `/api/bills/${billed.id}` })).json();
    expect(lineOf(before, billedJuly.id)).toMatchObject({ rate: 600, amount: 1800 });

    // Removing the change (Settings → Rate codes, after a confirmation) is allowed though billed entries used it:
    // they keep its rate (never repriced); the unbilled ones from its date on go back to the rate in force.
    const stray = await logTime(sa, p.projectId, { jobType: 'Deposition', entryDate: '2026-07-05', hours: 3 });
    const removed = await sa.request({
      method: 'DELETE', url: `/api/rate-codes/${p.rateCodeId}/items/${p.itemIds.Deposition}/rates/${item.rateChanges[0].id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().rateCode.items.find((i: { jobType: string }) => i.jobType === 'Deposition').rateChanges).toEqual([]);
    const julyAfter = (await sa.request({ method: 'GET', url: `/api/bills/${julyBill.id}` })).json();
    expect(lineOf(julyAfter, july.id)).toMatchObject({ rate: 700, amount: 2100 });
    const unbilled = await sa.request({ method: 'GET', url: `/api/accounting/unbilled/${p.caseId}?from=2026-07-01&to=2026-07-31` });
    expect(unbilled.json().lines.find((l: TBillLine) => l.id === stray.id)).toMatchObject({ rate: 600, amount: 1800 });
    const again = await sa.request({
      method: 'DELETE', url: `/api/rate-codes/${p.rateCodeId}/items/${p.itemIds.Deposition}/rates/${item.rateChanges[0].id}`,
    });
    expect(again.statusCode).toBe(404);
    const byAdmin = await admin.request({ method: 'DELETE', url: `/api/rate-codes/${p.rateCodeId}/items/${p.itemIds.Deposition}/rates/${randomUUID()}` });
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('money is super_admin only', () => {
  it('fee rules, rate changes and the case\'s rules reach no other role', async () => {
    const p = await feeCase();
    for (const agent of [admin, user]) {
      const list = await agent.request({ method: 'GET', url: '/api/rate-codes' });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('feeRules');
      expect(list.body).not.toContain('rateChanges');
      expect(list.body).not.toContain('600.00');
      const one = await agent.request({ method: 'GET', url: `/api/rate-codes/${p.rateCodeId}` });
      expect(one.json().rateCode.items.find((i: { jobType: string }) => i.jobType === 'Deposition')).toEqual({
        id: p.itemIds.Deposition, jobType: 'Deposition', active: true, eventKind: 'deposition', version: expect.any(Number),
      });
      expect((await agent.request({ method: 'GET', url: `/api/cases/${p.caseId}/fee-rules` })).statusCode).toBe(403);
      expect((await agent.request({ method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: { rules: [], version: null } })).statusCode).toBe(403);
      expect((await agent.request({ method: 'PUT', url: `/api/rate-codes/${p.rateCodeId}/fee-rules`, payload: { rules: [], version: 1 } })).statusCode).toBe(403);
      expect((await post(agent, `/api/rate-codes/${p.rateCodeId}/items/${p.itemIds.Deposition}/rates`, { effectiveOn: '2026-07-01', rate: '1.00' })).statusCode)
        .toBe(403);
    }
  });
});
