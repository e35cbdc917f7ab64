import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBillDetail } from '../../src/core/api/accounting.ts';
import { LEDES_DRAFT_MESSAGE, LEDES_FIELDS, LEDES_VOID_MESSAGE } from '../../src/core/billing/ledes.ts';
import { IIF_HEADERS, QBO_COLUMNS, QBO_JOURNAL_COLUMNS } from '../../src/core/billing/quickbooks.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { storeTotals } from '../../src/server/features/billing/bills/bills.ts';
import { logExpense, logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let saId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  saId = sa.id;
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Cobalt Industries' });
  await sql`update clients set ledes_client_id = 'COBALT-7' where id = (select client_id from cases where id = ${p.caseId})`.execute(t.database.db);
  await sql`update cases set client_matter_id = 'CM-2026-42' where id = ${p.caseId}`.execute(t.database.db);
  await sql`update firm_profile set ledes_firm_id = '12-3456789' where id = 1`.execute(t.database.db);
});
afterAll(async () => t?.close());

const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url });
const post = (agent: Agent, url: string, payload: object) => agent.request({ method: 'POST', url, payload });

/** A bill of two time entries (one written down), an expense and a $25 discount, issued on `issuedOn` unless a draft is wanted. */
async function makeBill(month: string, issuedOn: string | null): Promise<TBillDetail> {
  const t1 = await logTime(superAdmin, p.projectId, { entryDate: `${month}-04`, hours: 2, description: 'Site | inspection [roof]' });
  const t2 = await logTime(superAdmin, p.projectId, { entryDate: `${month}-06`, hours: 1.25, jobType: 'Senior Consultant' });
  const e1 = await logExpense(superAdmin, p.projectId, { entryDate: `${month}-05`, amount: 310.4, expenseType: 'Airfare', description: 'BOS-AUS' });
  const res = await post(superAdmin, '/api/bills', {
    id: randomUUID(), caseId: p.caseId, periodStart: `${month}-01`, periodEnd: `${month}-28`, timeEntryIds: [t1.id, t2.id], expenseEntryIds: [e1.id],
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  // Shaped by SQL here (the draft-editing routes are another part of issue 24): a write-down and a discount.
  await withActor(t.database.db, saId, async (tx) => {
    await tx.insertInto('bill_adjustments').values({
      bill_id: id, entry_id: t1.id, kind: 'time', original_amount: 200, amount: 150, reason: 'Courtesy', created_by: saId,
    }).execute();
    await tx.updateTable('bills').set({ discount_kind: 'amount', discount_value: 25 }).where('id', '=', id).execute();
    await storeTotals(tx, id);
  });
  const draft = (await get(superAdmin, `/api/bills/${id}`)).json() as TBillDetail;
  if (issuedOn === null) return draft;
  const issued = await post(superAdmin, `/api/bills/${id}/issue`, { version: draft.version, issuedOn });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as TBillDetail;
}

async function addPayment(bill: TBillDetail, over: { receivedOn: string; amount: number; method?: string; reversedAt?: string }) {
  await withActor(t.database.db, saId, async (tx) => {
    const { last_number } = await tx.updateTable('document_counters').set({ last_number: sql`last_number + 1` })
      .where('series', '=', 'payment').returning('last_number').executeTakeFirstOrThrow();
    await tx.insertInto('payments').values({
      id: randomUUID(), number: last_number, bill_id: bill.id, client_id: bill.clientId, received_on: over.receivedOn,
      method: (over.method ?? 'check') as 'check', reference: '1001', amount: over.amount, applied_amount: over.amount, created_by: saId,
      reversed_at: over.reversedAt ? new Date(over.reversedAt) : null, reversal_reason: over.reversedAt ? 'Bounced' : null,
    }).execute();
  });
}

describe('access', () => {
  it.each([
    ['GET', `/api/bills/${randomUUID()}/ledes`], ['GET', '/api/accounting/export.iif?from=2026-01-01&to=2026-01-31'],
    ['GET', '/api/accounting/export.csv?from=2026-01-01&to=2026-01-31'], ['GET', '/api/accounting/export-totals.csv?from=2026-01-01&to=2026-01-31'],
    ['GET', '/api/accounting/billing-codes'],
    ['PUT', '/api/accounting/billing-codes'],
  ])('refuses %s %s to admins and limited users with 403', async (method, url) => {
    for (const agent of [admin, limited]) {
      const res = await agent.request({ method: method as 'GET', url, ...(method === 'PUT' ? { payload: { codes: [] } } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toMatch(/\d+\.\d{2}/);
    }
  });
});

describe('billing codes', () => {
  it('lists every job title and expense type, saves codes upper case, deletes emptied rows', async () => {
    await logExpense(superAdmin, p.projectId, { entryDate: '2026-08-03', amount: 75, expenseType: 'Drone rental' });
    const before = (await get(superAdmin, '/api/accounting/billing-codes')).json().codes as { kind: string; name: string; taskCode: string }[];
    expect(before).toContainEqual({ kind: 'job_title', name: 'Consultant', taskCode: '', activityCode: '', expenseCode: '' });
    expect(before).toContainEqual({ kind: 'expense_type', name: 'Airfare', taskCode: '', activityCode: '', expenseCode: '' });
    expect(before).toContainEqual({ kind: 'expense_type', name: 'Drone rental', taskCode: '', activityCode: '', expenseCode: '' });
    expect(before).toContainEqual({ kind: 'job_title', name: 'Retired Role', taskCode: '', activityCode: '', expenseCode: '' });
    expect(before.some((c) => c.name === 'Custom...')).toBe(false);

    const put = await superAdmin.request({ method: 'PUT', url: '/api/accounting/billing-codes', payload: { codes: [
      { kind: 'job_title', name: 'Consultant', taskCode: 'l110', activityCode: 'A101', expenseCode: '' },
      { kind: 'job_title', name: 'Senior Consultant', taskCode: 'L120', activityCode: 'A102' },
      { kind: 'expense_type', name: 'Airfare', expenseCode: 'E110' },
      { kind: 'expense_type', name: 'Fuel', expenseCode: 'E999' },
    ] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().codes).toContainEqual({ kind: 'job_title', name: 'Consultant', taskCode: 'L110', activityCode: 'A101', expenseCode: '' });
    expect(put.json().codes).toContainEqual({ kind: 'expense_type', name: 'Airfare', taskCode: '', activityCode: '', expenseCode: 'E110' });

    const cleared = await superAdmin.request({ method: 'PUT', url: '/api/accounting/billing-codes', payload: { codes: [
      { kind: 'expense_type', name: 'Fuel', expenseCode: '' },
    ] } });
    expect(cleared.json().codes).toContainEqual({ kind: 'expense_type', name: 'Fuel', taskCode: '', activityCode: '', expenseCode: '' });
    const rows = await t.database.db.selectFrom('billing_codes').select('name').execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['Airfare', 'Consultant', 'Senior Consultant']);
  });

  it.each([
    [{ kind: 'job_title', name: 'Consultant', taskCode: 'L-110' }, 'taskCode', 'Task code of Consultant must be letters then digits, at most 10 characters (like L110).'],
    [{ kind: 'job_title', name: 'Consultant', activityCode: 'ABCDEFGHIJK' }, 'activityCode', 'Must be 10 characters or fewer (now 11)'],
    [{ kind: 'expense_type', name: 'Fuel', taskCode: 'L110' }, 'taskCode', 'Task code of Fuel: an expense type takes only an expense code.'],
  ])('refuses %j naming the field', async (code, field, message) => {
    const res = await superAdmin.request({ method: 'PUT', url: '/api/accounting/billing-codes', payload: { codes: [code] } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(message);
  });
});

describe('LEDES 1998B', () => {
  it('exports an issued bill field by field, with totals that add up', async () => {
    const bill = await makeBill('2026-03', '2026-04-01');
    expect(bill).toMatchObject({ timeTotal: 368.75, expenseTotal: 310.4, discountTotal: 25, total: 654.15 });
    const res = await get(superAdmin, `/api/bills/${bill.id}/ledes`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const number = String(bill.number).padStart(4, '0');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Bill-${number}.ledes"`);

    const lines = res.body.split('\n');
    expect(lines[0]).toBe('LEDES1998B[]');
    expect(lines[1]).toBe(`${LEDES_FIELDS.join('|')}[]`);
    expect(lines).toHaveLength(2 + 3 + 2);
    const rows = lines.slice(2).map((l) => {
      expect(l.endsWith('[]')).toBe(true);
      const fields = l.slice(0, -2).split('|');
      expect(fields).toHaveLength(24);
      return Object.fromEntries(LEDES_FIELDS.map((f, i) => [f, fields[i]!]));
    });
    for (const r of rows) {
      expect(r).toMatchObject({
        INVOICE_DATE: '20260401', INVOICE_NUMBER: number, CLIENT_ID: 'COBALT-7', LAW_FIRM_MATTER_ID: p.fileNumber,
        INVOICE_TOTAL: '654.15', BILLING_START_DATE: '20260301', BILLING_END_DATE: '20260328', LAW_FIRM_ID: '12-3456789',
        CLIENT_MATTER_ID: 'CM-2026-42',
      });
      expect(r.LINE_ITEM_DATE).toMatch(/^202603\d{2}$|^20260401$/);
    }
    expect(rows.map((r) => r['EXP/FEE/INV_ADJ_TYPE'])).toEqual(['F', 'F', 'E', 'IF', 'IE']);
    const [fee, senior, expense, feeDiscount, expenseDiscount] = rows as Record<string, string>[];
    expect(fee).toMatchObject({
      LINE_ITEM_NUMBER: '1', LINE_ITEM_NUMBER_OF_UNITS: '2.00', LINE_ITEM_UNIT_COST: '100.00', LINE_ITEM_ADJUSTMENT_AMOUNT: '-50.00',
      LINE_ITEM_TOTAL: '150.00', LINE_ITEM_DATE: '20260304', LINE_ITEM_TASK_CODE: 'L110', LINE_ITEM_ACTIVITY_CODE: 'A101',
      LINE_ITEM_DESCRIPTION: 'Site / inspection (roof)', TIMEKEEPER_ID: saId.replace(/-/g, '').slice(0, 12).toUpperCase(),
      TIMEKEEPER_CLASSIFICATION: 'OT',
    });
    expect(senior).toMatchObject({ LINE_ITEM_NUMBER_OF_UNITS: '1.25', LINE_ITEM_UNIT_COST: '175.00', LINE_ITEM_TOTAL: '218.75', LINE_ITEM_TASK_CODE: 'L120' });
    expect(expense).toMatchObject({ LINE_ITEM_EXPENSE_CODE: 'E110', LINE_ITEM_UNIT_COST: '310.40', LINE_ITEM_TOTAL: '310.40', TIMEKEEPER_ID: '' });
    expect(Number(feeDiscount!.LINE_ITEM_TOTAL) + Number(expenseDiscount!.LINE_ITEM_TOTAL)).toBeCloseTo(-25, 2);
    const sum = rows.reduce((s, r) => s + Math.round(Number(r.LINE_ITEM_TOTAL) * 100), 0);
    expect(sum).toBe(65415);
  });

  it('refuses a draft and a void bill with 409 and says why', async () => {
    const draft = await makeBill('2026-02', null);
    const refused = await get(superAdmin, `/api/bills/${draft.id}/ledes`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LEDES_DRAFT_MESSAGE);
    // A draft is deleted, not voided (issue 38): the void bill is an issued one voided.
    const issued = await makeBill('2026-03', '2026-03-31');
    const voided = await post(superAdmin, `/api/bills/${issued.id}/void`, { version: issued.version });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await get(superAdmin, `/api/bills/${issued.id}/ledes`)).json().error.message).toBe(LEDES_VOID_MESSAGE);
    expect((await get(superAdmin, `/api/bills/${randomUUID()}/ledes`)).statusCode).toBe(404);
  });
});

describe('QuickBooks', () => {
  it('IIF: the period\'s invoices and payments, balanced, tab-separated with CRLF', async () => {
    const bill = await makeBill('2026-01', '2026-01-30');
    const other = await makeBill('2025-12', '2025-12-31');
    await addPayment(bill, { receivedOn: '2026-01-31', amount: 100 });
    await addPayment(bill, { receivedOn: '2026-01-31', amount: 50, reversedAt: '2026-01-31T15:00:00Z' });
    await addPayment(other, { receivedOn: '2025-12-31', amount: 40, reversedAt: '2026-01-15T15:00:00Z' });
    await addPayment(bill, { receivedOn: '2026-01-31', amount: 20, method: 'retainer' });

    const res = await get(superAdmin, '/api/accounting/export.iif?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="QuickBooks-2026-01-01-to-2026-01-31.iif"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = res.body.slice(0, -2).split('\r\n').map((r) => r.split('\t'));
    expect(rows.slice(0, 3)).toEqual(IIF_HEADERS.map((h) => [...h]));
    const trns = rows.filter((r) => r[0] === 'TRNS');
    // By date: a payment of December reversed in January, the invoice, the payments, one reversed the same day (both go).
    expect(trns.map((r) => [r[2], r[3], r[4], r[6]])).toEqual([
      ['GENERAL JOURNAL', '01/15/2026', 'Accounts Receivable', '40.00'],
      ['INVOICE', '01/30/2026', 'Accounts Receivable', bill.total.toFixed(2)],
      ['PAYMENT', '01/31/2026', 'Undeposited Funds', '100.00'],
      ['PAYMENT', '01/31/2026', 'Undeposited Funds', '50.00'],
      ['PAYMENT', '01/31/2026', 'Client Retainers', '20.00'],
      ['GENERAL JOURNAL', '01/31/2026', 'Accounts Receivable', '50.00'],
    ]);
    expect(trns[1]![5]).toBe('Cobalt Industries');
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(rows.filter((r) => r[0] === 'ENDTRNS')).toHaveLength(6);
    let sum = 0;
    for (const r of rows.slice(3)) {
      if (r[0] === 'ENDTRNS') { expect(sum).toBe(0); continue; }
      sum += Math.round(Number(r[6]) * 100);
    }
  });

  it('CSV for QuickBooks Online: journal entries of every transaction, each balanced', async () => {
    const res = await get(superAdmin, '/api/accounting/export.csv?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(QBO_JOURNAL_COLUMNS.join(','));
    expect(lines.filter((l) => l.startsWith('0') && l.includes(',Invoice,Accounts Receivable,'))).toHaveLength(1);
  });

  it('CSV for QuickBooks Online\'s invoice importer (view=invoices): a row per line and the discount', async () => {
    const res = await get(superAdmin, '/api/accounting/export.csv?from=2026-01-01&to=2026-01-31&view=invoices');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="QuickBooks-2026-01-01-to-2026-01-31-invoices.csv"');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(QBO_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 3 + 1);
    const total = lines.slice(1).reduce((s, l) => s + Math.round(Number(l.split(',').at(-2)) * 100), 0);
    expect(total).toBe(65415);
  });

  it.each([
    ['from=2026-02-01&to=2026-01-01'], ['from=2026-01-01'], ['from=01/01/2026&to=2026-01-31'],
  ])('refuses the period %s with 400', async (q) => {
    expect((await get(superAdmin, `/api/accounting/export.iif?${q}`)).statusCode).toBe(400);
    expect((await get(superAdmin, `/api/accounting/export.csv?${q}`)).statusCode).toBe(400);
    expect((await get(superAdmin, `/api/accounting/export-totals.csv?${q}`)).statusCode).toBe(400);
  });
});
