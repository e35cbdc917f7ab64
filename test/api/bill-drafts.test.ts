// Shaping draft bills (issue 24): bill-to, terms, note, due date, discount; adding and removing
// entries; writing lines down and up. Only drafts change, only at the version the caller saw.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftBill, issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let sa: Agent;
let admin: Agent;
let limited: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp();
  saId = (await t.user('super_admin')).id;
  const email = (await t.database.db.selectFrom('users').select('email').where('id', '=', saId).executeTakeFirstOrThrow()).email;
  [sa, admin, limited] = await Promise.all([t.signIn(email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email)]);
});
afterAll(async () => t?.close());

const STALE = 'Someone else changed this bill. Reload it and try again.';
const ISSUED = 'An issued bill never changes. Correct it with a credit note.';
const draft = (lines: { hours?: number[]; expenses?: number[] } = { hours: [2, 1], expenses: [30.5] }) => draftBill(sa, t.database.db, saId, lines);
const patch = (agent: Agent, id: string, payload: object) => agent.request({ method: 'PATCH', url: `/api/bills/${id}`, payload });

describe('access', () => {
  it('refuses every write route of bills and the client credit to admins and limited users with 403', async () => {
    const { bill, times, clientId } = await draft();
    const routes: [string, string, object?][] = [
      ['PATCH', `/api/bills/${bill.id}`, { version: bill.version, note: 'x' }],
      ['POST', `/api/bills/${bill.id}/entries`, { version: bill.version, timeEntryIds: [randomUUID()] }],
      ['POST', `/api/bills/${bill.id}/entries/remove`, { version: bill.version, entryIds: times }],
      ['POST', `/api/bills/${bill.id}/lines/${times[0]}/adjust`, { version: bill.version, amount: 1, reason: 'x' }],
      ['POST', `/api/bills/${bill.id}/payments`, payment()],
      ['POST', `/api/payments/${randomUUID()}/reverse`, { reason: 'x' }],
      ['POST', `/api/bills/${bill.id}/credit-notes`, { id: randomUUID(), reason: 'x', amount: 1 }],
      ['GET', `/api/clients/${clientId}/credit`],
    ];
    for (const [method, url, payload] of routes) {
      for (const agent of [admin, limited]) {
        const res = await agent.request({ method: method as 'POST', url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.body).not.toContain('330.5');
      }
    }
    const after = (await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json();
    expect(after).toMatchObject({ version: bill.version, note: '', lines: expect.any(Array) });
    expect(after.lines).toHaveLength(3);
  });
});

describe('a draft’s terms, note, bill-to, due date and discount', () => {
  it('changes what is named, renames the terms with their days, and recomputes the total with the discount', async () => {
    const { bill } = await draft();
    expect(bill).toMatchObject({ subtotal: 330.5, total: 330.5, balance: 330.5, terms: 'Net 30', termsDays: 30 });
    const res = await patch(sa, bill.id, {
      version: bill.version, billToName: 'Cobalt Accounts Payable', billingAddress: '1 Main St\nSpringfield, IL 62701',
      termsDays: 45, note: 'Thank you.', dueOn: '2026-07-20', discount: { kind: 'percent', value: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      billToName: 'Cobalt Accounts Payable', billingAddress: '1 Main St\nSpringfield, IL 62701', termsDays: 45, terms: 'Net 45',
      note: 'Thank you.', dueOn: '2026-07-20', discount: { kind: 'percent', value: 10 },
      subtotal: 330.5, discountTotal: 33.05, total: 297.45, balance: 297.45, status: 'draft',
    });
    expect(a.version).toBeGreaterThan(bill.version);

    const b = (await patch(sa, bill.id, { version: a.version, discount: { kind: 'amount', value: 50 }, terms: 'Net 45, 1.5% monthly after' })).json();
    expect(b).toMatchObject({ discountTotal: 50, total: 280.5, terms: 'Net 45, 1.5% monthly after', note: 'Thank you.', dueOn: '2026-07-20' });
    const c = (await patch(sa, bill.id, { version: b.version, discount: null, dueOn: null })).json();
    expect(c).toMatchObject({ discount: null, discountTotal: 0, total: 330.5, dueOn: null, billToName: 'Cobalt Accounts Payable' });

    const stale = await patch(sa, bill.id, { version: b.version, note: 'late' });
    expect([stale.statusCode, stale.json().error.message]).toEqual([409, STALE]);
    const tooMuch = await patch(sa, bill.id, { version: c.version, discount: { kind: 'percent', value: 101 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('A discount cannot be more than 100%.');

    // The due date set on the draft is kept when it is issued; otherwise the terms after the issue date.
    const withDue = (await patch(sa, bill.id, { version: c.version, dueOn: '2026-06-20' })).json();
    const issued = (await post(sa, `/api/bills/${bill.id}/issue`, { version: withDue.version, issuedOn: '2026-06-01' })).json();
    expect(issued).toMatchObject({ status: 'issued', dueOn: '2026-06-20', total: 330.5, balance: 330.5 });
    const other = (await draft({ hours: [1] })).bill;
    const net45 = (await patch(sa, other.id, { version: other.version, termsDays: 45 })).json();
    expect((await post(sa, `/api/bills/${other.id}/issue`, { version: net45.version, issuedOn: '2026-06-01' })).json().dueOn).toBe('2026-07-16');
  });
});

describe('lines of a draft', () => {
  it('adds unbilled entries of the bill’s case and period, all or none', async () => {
    const { bill, p } = await draft();
    const more = await logTime(sa, p.projectId, { entryDate: '2026-05-20', hours: 0.5 });
    const res = await post(sa, `/api/bills/${bill.id}/entries`, { version: bill.version, timeEntryIds: [more.id] });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.lines).toHaveLength(4);
    expect(a).toMatchObject({ hours: 3.5, timeTotal: 350, total: 380.5 });

    const june = await logTime(sa, p.projectId, { entryDate: '2026-06-02', hours: 1 });
    const elsewhere = (await draft({ hours: [1] })).times[0]!;
    const unbilledElsewhere = await logTime(sa, (await draft({ hours: [1] })).p.projectId, { entryDate: '2026-05-21' });
    for (const ids of [[june.id], [elsewhere], [unbilledElsewhere.id], [more.id]]) {
      const refused = await post(sa, `/api/bills/${bill.id}/entries`, { version: a.version, timeEntryIds: ids });
      expect([refused.statusCode, refused.json().error.message])
        .toEqual([409, 'Some of these entries were billed or changed by someone else. Reload the unbilled work and try again.']);
    }
    const none = await post(sa, `/api/bills/${bill.id}/entries`, { version: a.version });
    expect([none.statusCode, none.json().error.message]).toEqual([400, 'Choose at least one unbilled entry to add.']);
    const stale = await post(sa, `/api/bills/${bill.id}/entries`, { version: bill.version, timeEntryIds: [june.id] });
    expect(stale.json().error.message).toBe(STALE);
    expect((await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json()).toMatchObject({ version: a.version, total: 380.5 });
  });

  it('writes a line down or up with a reason, keeps the original amount on record, and takes it back with null', async () => {
    const { bill, times, expenses } = await draft();
    const url = `/api/bills/${bill.id}/lines/${times[0]}/adjust`;
    const down = (await post(sa, url, { version: bill.version, amount: 150, reason: 'First site visit at half rate' })).json();
    const line = down.lines.find((l: { id: string }) => l.id === times[0]);
    expect(line).toMatchObject({ amount: 150, originalAmount: 200, adjustmentReason: 'First site visit at half rate' });
    expect(down).toMatchObject({ timeTotal: 250, adjustmentTotal: -50, subtotal: 280.5, total: 280.5 });
    const up = (await post(sa, `/api/bills/${bill.id}/lines/${expenses[0]}/adjust`, { version: down.version, amount: 40, reason: 'Mileage added' })).json();
    expect(up).toMatchObject({ expenseTotal: 40, adjustmentTotal: -40.5, total: 290 });
    const again = (await post(sa, url, { version: up.version, amount: 175, reason: 'Agreed with the client' })).json();
    expect(again.lines.find((l: { id: string }) => l.id === times[0])).toMatchObject({ amount: 175, originalAmount: 200, adjustmentReason: 'Agreed with the client' });

    const rows = await t.database.db.selectFrom('bill_adjustments').selectAll().where('bill_id', '=', bill.id).orderBy('amount').execute();
    expect(rows.map((r) => [r.kind, Number(r.original_amount), Number(r.amount), r.reason])).toEqual([
      ['expense', 30.5, 40, 'Mileage added'], ['time', 200, 175, 'Agreed with the client'],
    ]);
    const audit = (await sa.request({ method: 'GET', url: `/api/audit?rowId=${rows[1]!.id}` })).json();
    expect(audit.entries).toHaveLength(2);
    expect(JSON.stringify(audit)).toContain('First site visit at half rate');

    const noReason = await post(sa, url, { version: again.version, amount: 100 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give a reason.');
    const notHere = await post(sa, `/api/bills/${bill.id}/lines/${randomUUID()}/adjust`, { version: again.version, amount: 1, reason: 'x' });
    expect([notHere.statusCode, notHere.json().error.message]).toEqual([404, 'This line is not on this bill.']);
    const back = (await post(sa, url, { version: again.version, amount: null })).json();
    expect(back.lines.find((l: { id: string }) => l.id === times[0])).toMatchObject({ amount: 200, originalAmount: 200, adjustmentReason: null });
    expect(back).toMatchObject({ adjustmentTotal: 9.5, total: 340 });
  });

  it('removes entries back to unbilled with their write-downs, and refuses entries not on the bill', async () => {
    const { bill, times, expenses, p } = await draft();
    const down = (await post(sa, `/api/bills/${bill.id}/lines/${times[1]}/adjust`, { version: bill.version, amount: 10, reason: 'x' })).json();
    const notOn = await post(sa, `/api/bills/${bill.id}/entries/remove`, { version: down.version, entryIds: [times[1], randomUUID()] });
    expect([notOn.statusCode, notOn.json().error.message]).toEqual([409, 'Some of these entries are not on this bill. Reload the bill and try again.']);
    const unbilledValue = async () => Number((await sql<{ v: string }>`select coalesce(sum(time_value + expenses), 0) as v from unbilled_totals`
      .execute(t.database.db)).rows[0]!.v);
    const valueBefore = await unbilledValue();
    const res = await post(sa, `/api/bills/${bill.id}/entries/remove`, { version: down.version, entryIds: [times[1], expenses[0]] });
    expect(res.statusCode, res.body).toBe(200);
    // The dashboard's unbilled work counts them again (at their own amounts, not the write-down).
    expect(await unbilledValue()).toBeCloseTo(valueBefore + 130.5, 2);
    expect(res.json()).toMatchObject({ hours: 2, timeTotal: 200, expenseTotal: 0, adjustmentTotal: 0, total: 200 });
    expect(res.json().lines.map((l: { id: string }) => l.id)).toEqual([times[0]]);
    expect(await t.database.db.selectFrom('bill_adjustments').select('id').where('bill_id', '=', bill.id).execute()).toEqual([]);
    const unbilled = (await sa.request({ method: 'GET', url: `/api/accounting/unbilled/${p.caseId}?from=2026-05-01&to=2026-05-31` })).json();
    expect(unbilled.lines.map((l: { id: string }) => l.id).sort()).toEqual([times[1], expenses[0]].sort());
    // Back on the bill, the line bills its own amount again.
    const readded = (await post(sa, `/api/bills/${bill.id}/entries`, { version: res.json().version, timeEntryIds: [times[1]] })).json();
    expect(readded).toMatchObject({ timeTotal: 300, total: 300 });
  });

  it('refuses every draft change on an issued, paid or void bill, before the version', async () => {
    const { bill, times } = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    const changes: [string, object][] = [
      [`/api/bills/${bill.id}/entries`, { version: 1, timeEntryIds: [randomUUID()] }],
      [`/api/bills/${bill.id}/entries/remove`, { version: 1, entryIds: times }],
      [`/api/bills/${bill.id}/lines/${times[0]}/adjust`, { version: 1, amount: 1, reason: 'x' }],
    ];
    const check = async (message: string) => {
      const p = await patch(sa, bill.id, { version: 1, note: 'x' });
      expect([p.statusCode, p.json().error.message]).toEqual([409, message]);
      for (const [url, payload] of changes) {
        const res = await post(sa, url, payload);
        expect([res.statusCode, res.json().error.message], url).toEqual([409, message]);
      }
    };
    await check(ISSUED);
    const voided = (await post(sa, `/api/bills/${bill.id}/void`, { version: bill.version })).json();
    expect(voided.status).toBe('void');
    await check('This bill is void and can no longer be changed.');
  });
});
