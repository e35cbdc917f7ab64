// Issue 38: a draft is deleted, not voided; a draft line's hours, rate and description (an
// expense's amount) are edited from the bill, which edits the entry, audited before and after.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftBill, issuedBill } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let sa: Agent;
let admin: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('super_admin');
  saId = user.id;
  [sa, admin] = await Promise.all([t.signIn(user.email), t.signIn((await t.user('admin')).email)]);
});
afterAll(async () => t?.close());

const message = (res: { statusCode: number; json(): { error: { message: string } } }) => [res.statusCode, res.json().error.message];
const editLine = (agent: Agent, billId: string, entryId: string, payload: object) =>
  agent.request({ method: 'PATCH', url: `/api/bills/${billId}/lines/${entryId}`, payload });
const remove = (agent: Agent, billId: string, version: number) =>
  agent.request({ method: 'DELETE', url: `/api/bills/${billId}?version=${version}` });

describe('a draft is deleted, not voided', () => {
  it('refuses to void a draft, deletes it (entries unbilled, its number given back when last), refuses to delete an issued bill', async () => {
    const { bill, times, expenses } = await draftBill(sa, t.database.db, saId, { hours: [2], expenses: [30] });
    const voided = await sa.request({ method: 'POST', url: `/api/bills/${bill.id}/void`, payload: { version: bill.version } });
    expect(message(voided)).toEqual([409, 'A draft is deleted, not voided.']);
    expect((await remove(admin, bill.id, bill.version)).statusCode).toBe(403);
    expect(message(await remove(sa, bill.id, bill.version + 1))).toEqual([409, 'Someone else changed this bill. Reload it and try again.']);

    const res = await remove(sa, bill.id, bill.version);
    expect(res.statusCode, res.body).toBe(204);
    expect((await sa.request({ method: 'GET', url: `/api/bills/${bill.id}` })).statusCode).toBe(404);
    const { rows } = await sql<{ n: string }>`select count(*) n from (select bill_id from time_entries where id = ${times[0]}
      union all select bill_id from expense_entries where id = ${expenses[0]}) x where bill_id is null`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBe(2);
    // The deletion is in the audit log, named by its number.
    const { rows: audit } = await sql<{ n: string }>`select count(*) n from audit_log where table_name = 'bills' and row_id = ${bill.id}
      and action = 'delete'`.execute(t.database.db);
    expect(Number(audit[0]!.n)).toBe(1);
    // The last number taken is given back: the next bill has it, so the series has no gap.
    const next = await draftBill(sa, t.database.db, saId, { hours: [1] });
    expect(next.bill.number).toBe(bill.number);

    const issued = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    expect(message(await remove(sa, issued.bill.id, issued.bill.version)))
      .toEqual([409, 'Only a draft bill can be deleted. Void an issued bill instead.']);
  });
});

describe('editing a draft line', () => {
  it('changes hours, rate and description of a time line and an expense amount, recomputes the total, and audits the entry', async () => {
    const { bill, times, expenses } = await draftBill(sa, t.database.db, saId, { hours: [2], expenses: [30] });
    expect((await editLine(admin, bill.id, times[0]!, { version: bill.version, hours: 3 })).statusCode).toBe(403);
    const edited = await editLine(sa, bill.id, times[0]!, { version: bill.version, hours: 2.5, rate: 120, description: 'Site inspection, revised' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json();
    expect(after.lines.find((l: { id: string }) => l.id === times[0])).toMatchObject({
      hours: 2.5, rate: 120, amount: 300, originalAmount: 300, description: 'Site inspection, revised',
    });
    expect(after.version).toBeGreaterThan(bill.version);
    const expense = (await editLine(sa, bill.id, expenses[0]!, { version: after.version, amount: 45.25 })).json();
    expect(expense.total).toBe(345.25);

    expect(message(await editLine(sa, bill.id, expenses[0]!, { version: expense.version, hours: 1 })))
      .toEqual([400, 'A time line takes hours and a rate; an expense line takes an amount.']);
    expect(message(await editLine(sa, bill.id, times[0]!, { version: bill.version, hours: 1 })))
      .toEqual([409, 'Someone else changed this bill. Reload it and try again.']);

    const { rows } = await sql<{ before: Record<string, unknown>; after: Record<string, unknown> }>`select before, after from audit_log
      where table_name = 'time_entries' and row_id = ${times[0]} and action = 'update' order by id desc limit 1`.execute(t.database.db);
    expect(rows[0]!.before).toMatchObject({ hours: 2 });
    expect(rows[0]!.after).toMatchObject({ hours: 2.5, rate: 120, description: 'Site inspection, revised' });

    // A written-down line keeps what it is billed at; its own amount follows the entry.
    const down = (await sa.request({ method: 'POST', url: `/api/bills/${bill.id}/lines/${times[0]}/adjust`,
      payload: { version: expense.version, amount: 250, reason: 'Courtesy' } })).json();
    const again = (await editLine(sa, bill.id, times[0]!, { version: down.version, hours: 3 })).json();
    expect(again.lines.find((l: { id: string }) => l.id === times[0])).toMatchObject({ amount: 250, originalAmount: 360 });

    const issued = await issuedBill(sa, t.database.db, saId, { hours: [1] });
    expect(message(await editLine(sa, issued.bill.id, issued.times[0]!, { version: issued.bill.version, hours: 2 })))
      .toEqual([409, 'An issued bill never changes. Correct it with a credit note.']);
  });
});
