import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDES_FIELDS } from '../../src/core/billing/ledes.ts';
import { issuedBill, type BillFixture } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// Issue 38: a LEDES file names the client and the matter by the e-billing system's ids and the firm
// by its tax id, or is refused naming the missing field; UTBMS codes set per time entry travel into
// the fee lines, an entry with none takes its job title's.

let t: TestApp;
let sa: Agent;
let admin: Agent;
let made: BillFixture;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('super_admin');
  [sa, admin] = await Promise.all([t.signIn(user.email), t.signIn((await t.user('admin')).email)]);
  made = await issuedBill(sa, t.database.db, user.id, { hours: [2, 1.5], expenses: [40] });
});
afterAll(async () => t?.close());

const ledes = () => sa.request({ method: 'GET', url: `/api/bills/${made.bill.id}/ledes` });
const codes = (entryId: string, body: object, agent = sa) =>
  agent.request({ method: 'PUT', url: `/api/bills/${made.bill.id}/lines/${entryId}/utbms`, payload: body });

describe('LEDES required ids', () => {
  it.each([
    ['ledesFirmId', "Set the firm's LEDES id (tax id) in Settings → Firm profile."],
    ['ledesClientId', "Set the client's LEDES client id in the client's details (Clients → Edit client)."],
    ['clientMatterId', "Set the case's LEDES matter id in the case's details (Clients → Edit case)."],
  ])('refuses the file without %s, naming it (400)', async (field, message) => {
    const res = await ledes();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.details).toEqual([{ path: `/${field}`, message, rule: 'required' }]);
    // Set it, so the next field is asked for.
    const set: Record<string, () => Promise<unknown>> = {
      ledesFirmId: () => sql`update firm_profile set ledes_firm_id = '12-3456789' where id = 1`.execute(t.database.db),
      ledesClientId: () => sql`update clients set ledes_client_id = 'ACME-01' where id = ${made.clientId}`.execute(t.database.db),
      clientMatterId: () => sql`update cases set client_matter_id = 'MAT-42' where id = ${made.p.caseId}`.execute(t.database.db),
    };
    await set[field]!();
  });

  it('exports once every id is set: the client\'s and the firm\'s ids, never ours', async () => {
    const res = await ledes();
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body.split('\n').slice(2).map((l) => Object.fromEntries(l.slice(0, -2).split('|').map((v, i) => [LEDES_FIELDS[i], v])));
    for (const r of rows) expect(r).toMatchObject({ CLIENT_ID: 'ACME-01', LAW_FIRM_ID: '12-3456789', CLIENT_MATTER_ID: 'MAT-42' });
  });
});

describe('UTBMS codes per time entry', () => {
  it('carries an entry\'s own codes, and the job title\'s for an entry without', async () => {
    const put = await sa.request({ method: 'PUT', url: '/api/accounting/billing-codes', payload: { codes: [
      { kind: 'job_title', name: 'Consultant', taskCode: 'L110', activityCode: 'A101' },
    ] } });
    expect(put.statusCode, put.body).toBe(200);
    const [first, second] = made.times as [string, string];
    const res = await codes(second, { taskCode: 'l240', activityCode: 'A104' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ entryId: second, taskCode: 'L240', activityCode: 'A104', effectiveTaskCode: 'L240', effectiveActivityCode: 'A104' });
    const cleared = await codes(first, { taskCode: '', activityCode: '' });
    expect(cleared.json()).toMatchObject({ taskCode: '', effectiveTaskCode: 'L110', effectiveActivityCode: 'A101' });

    const file = (await ledes()).body;
    const fees = file.split('\n').slice(2).map((l) => l.slice(0, -2).split('|')).filter((f) => f[LEDES_FIELDS.indexOf('EXP/FEE/INV_ADJ_TYPE')] === 'F');
    const task = LEDES_FIELDS.indexOf('LINE_ITEM_TASK_CODE');
    const activity = LEDES_FIELDS.indexOf('LINE_ITEM_ACTIVITY_CODE');
    expect(fees.map((f) => [f[task], f[activity]])).toEqual([['L110', 'A101'], ['L240', 'A104']]);
  });

  it('shows each time line\'s own codes on the bill (the line editor reads them), none on an expense', async () => {
    const bill = (await sa.request({ method: 'GET', url: `/api/bills/${made.bill.id}` })).json();
    const byId = new Map(bill.lines.map((l: { id: string }) => [l.id, l]));
    expect(byId.get(made.times[0]!)).toMatchObject({ taskCode: '', activityCode: '' });
    expect(byId.get(made.times[1]!)).toMatchObject({ taskCode: 'L240', activityCode: 'A104' });
    expect(byId.get(made.expenses[0]!)).not.toHaveProperty('taskCode');
  });

  it.each([
    [{ taskCode: 'L-110' }, 400, 'taskCode'],
    [{ activityCode: 'ABCDEFGHIJK' }, 400, 'activityCode'],
  ])('refuses %j naming the field', async (body, status, field) => {
    const res = await codes(made.times[0]!, body);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(field);
  });

  it('answers 404 for an entry not on the bill, 403 for an admin', async () => {
    expect((await codes(randomUUID(), { taskCode: 'L110' })).statusCode).toBe(404);
    expect((await codes(made.expenses[0]!, { taskCode: 'L110' })).statusCode).toBe(404);
    expect((await codes(made.times[0]!, { taskCode: 'L110' }, admin)).statusCode).toBe(403);
  });
});
