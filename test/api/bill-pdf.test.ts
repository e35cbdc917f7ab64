import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../src/core/money.ts';
import { caseClient } from '../helpers/billing-sql.ts';
import { pdfInfo, pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { logExpense, logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const sa = await t.user('super_admin');
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Cobalt Industries' });
});
afterAll(async () => t?.close());

async function makeBill(timeEntries: number, from = '2026-05-01', to = '2026-05-31') {
  const timeIds = [];
  for (let i = 0; i < timeEntries; i++) {
    timeIds.push((await logTime(superAdmin, p.projectId, {
      entryDate: `${from.slice(0, 8)}${String(1 + (i % 28)).padStart(2, '0')}`, hours: 1.5, description: `Inspection notes ${i + 1}`,
    })).id);
  }
  const e = await logExpense(superAdmin, p.projectId, { entryDate: from, amount: 30.5, description: 'Parking at site' });
  const res = await superAdmin.request({
    method: 'POST', url: '/api/bills',
    payload: { id: randomUUID(), caseId: p.caseId, periodStart: from, periodEnd: to, timeEntryIds: timeIds, expenseEntryIds: [e.id] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; number: number; version: number; total: number };
}

const pdfOf = (agent: Agent, id: string) => agent.request({ method: 'GET', url: `/api/bills/${id}/pdf` });

describe('bill PDF', () => {
  it('prints the bill on the letterhead: client, case, period, time and expense lines, totals, page numbers', async () => {
    const bill = await makeBill(2);
    const issued = await superAdmin.request({ method: 'POST', url: `/api/bills/${bill.id}/issue`, payload: { version: bill.version, issuedOn: '2026-06-01' } });
    expect(issued.statusCode).toBe(200);
    const res = await pdfOf(superAdmin, bill.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = String(bill.number).padStart(4, '0');
    expect(res.headers['content-disposition']).toContain(`filename="Bill-${number}-Cobalt-Industries.pdf"`);
    savePdf('bill-issued.pdf', res.rawPayload);
    expect(pdfInfo(res.rawPayload)['Page size']).toMatch(/^612 x 792 pts/);
    const pages = pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const [page] = pages as [string];
    expect(page).toContain('Hale & Ortiz Engineering');
    expect(page).toContain(`Bill ${number}`);
    expect(page).not.toContain('DRAFT');
    expect(page).toContain('BILL TO');
    expect(page).toMatch(/Period\s+05\/01\/2026 – 05\/31\/2026/);
    expect(page).toMatch(/Issue date\s+06\/01\/2026/);
    expect(page).toMatch(/Due date\s+07\/01\/2026/);
    expect(page).toMatch(/Terms\s+Net 30/);
    expect(page).toMatch(/Inspection notes 1/);
    expect(page).toMatch(/05\/02\/2026 .*1\.50 .*\$\d+\.\d\d/);
    expect(page).toMatch(/Parking at site/);
    expect(page).toMatch(/\$30\.50/);
    expect(page).toMatch(/Total\s+\$[\d,]+\.\d\d/);
    expect(page).toContain(`Total`);
    expect(page.replace(/\s+/g, ' ')).toContain(`Total $${bill.total.toFixed(2)}`);
    expect(page.replace(/\s+/g, ' ')).toContain(`Balance due $${bill.total.toFixed(2)}`);
    expect(page).not.toContain('Retainer remaining');
    expect(page).toMatch(/Page 1 of 1/);
  });

  it('marks a draft, pages a long bill with Page x of y on every page', async () => {
    const bill = await makeBill(70, '2026-07-01', '2026-07-31');
    const res = await pdfOf(superAdmin, bill.id);
    expect(res.statusCode).toBe(200);
    savePdf('bill-draft-long.pdf', res.rawPayload);
    const pages = pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Hale & Ortiz Engineering');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[0]).toContain('DRAFT');
    expect(pages.join('\n')).toContain('Inspection notes 70');
  });

  it('is refused to admins and limited users (money), and a missing bill is a 404', async () => {
    const bill = await makeBill(1, '2026-08-01', '2026-08-31');
    for (const agent of [admin, limited]) expect((await pdfOf(agent, bill.id)).statusCode).toBe(403);
    const missing = await pdfOf(superAdmin, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This bill was not found.');
  });
});

describe('the bill a client pays from', () => {
  it('prints bill-to, dates, terms, matter, a write-down, discount, credit note, payments, balance due, retainer and remittance', async () => {
    const db = t.database.db;
    const bill = await makeBill(2, '2026-09-01', '2026-09-30');
    const clientId = await caseClient(db, p.caseId);
    await sql`update clients set billing_address = ${'Attn: Accounts payable\n1 Main St\nSpringfield, IL 62701'} where id = ${clientId}`.execute(db);
    await sql`update cases set client_matter_id = 'M-778' where id = ${p.caseId}`.execute(db);
    await sql`update firm_profile set remittance = ${'Pay by ACH to First Bank, routing 011000015, account 4455'} where id = 1`.execute(db);
    const send = async (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') => {
      const res = await superAdmin.request({ method, url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    // The draft shaped through the bill routes: one line written down, 10% off, a note, the address.
    let draft = (await superAdmin.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json();
    const line = draft.lines.find((l: { kind: string }) => l.kind === 'time');
    draft = await send(`/api/bills/${bill.id}/lines/${line.id}/adjust`, {
      version: draft.version, amount: line.amount - 30, reason: 'Research time exceeded estimate; courtesy reduction', clientNote: 'Courtesy adjustment',
    });
    expect(draft.lines.find((l: { id: string }) => l.id === line.id)).toMatchObject({
      adjustmentReason: 'Research time exceeded estimate; courtesy reduction', clientNote: 'Courtesy adjustment', amount: line.amount - 30,
    });
    draft = await send(`/api/bills/${bill.id}`, {
      version: draft.version, discount: { kind: 'percent', value: 10 }, note: 'Thank you for your business.',
      billingAddress: 'Attn: Accounts payable\n1 Main St\nSpringfield, IL 62701',
    }, 'PATCH');
    await send(`/api/bills/${bill.id}/issue`, { version: draft.version, issuedOn: '2026-10-01' });
    await send(`/api/cases/${p.caseId}/retainer`, { id: randomUUID(), kind: 'deposit', entryDate: '2026-09-15', amount: 1000 });
    const paid = (over: object) => send(`/api/bills/${bill.id}/payments`, { id: randomUUID(), method: 'check', ...over });
    await paid({ receivedOn: '2026-10-05', amount: 60, reference: '1042' });
    await paid({ receivedOn: '2026-10-06', amount: 100, method: 'retainer' });
    const wire = await paid({ receivedOn: '2026-10-07', amount: 25, method: 'wire' });
    await send(`/api/payments/${wire.payments.find((x: { method: string }) => x.method === 'wire').id}/reverse`, { reason: 'Sent to the wrong bill' });
    const credited = await send(`/api/bills/${bill.id}/credit-notes`, { id: randomUUID(), issuedOn: '2026-10-09', amount: 20, reason: 'Parking billed twice' });
    const check = credited.payments.find((x: { method: string }) => x.method === 'check');
    const retainer = credited.payments.find((x: { method: string }) => x.method === 'retainer');
    const cn = credited.creditNotes[0];

    const detail = (await superAdmin.request({ method: 'GET', url: `/api/bills/${bill.id}` })).json();
    const subtotal = Math.round((detail.timeTotal + detail.expenseTotal) * 100) / 100;
    expect(detail.discountTotal).toBe(Math.round(subtotal * 10) / 100);
    expect(detail.total).toBe(Math.round((subtotal - detail.discountTotal) * 100) / 100);
    expect(detail.balance).toBe(Math.round((detail.total - 60 - 100 - 20) * 100) / 100);
    expect(detail.retainer).toEqual({ applied: 100, remaining: 900 });

    const res = await pdfOf(superAdmin, bill.id);
    expect(res.statusCode).toBe(200);
    savePdf('bill-paid-in-part.pdf', res.rawPayload);
    const text = pdfPages(res.rawPayload).join('\n').replace(/[ \t]+/g, ' ');
    const money = (n: number) => formatCurrency(n);
    const num = (n: number) => String(n).padStart(4, '0');
    for (const expected of [
      'BILL TO', 'Cobalt Industries', 'Attn: Accounts payable', '1 Main St', 'Springfield, IL 62701',
      `Bill number ${num(bill.number)}`, 'Issue date 10/01/2026', 'Due date 10/31/2026', 'Terms Net 30', `Case file ${p.fileNumber}`,
      'Your matter M-778', money(line.amount - 30), 'Courtesy adjustment',
      `Subtotal ${money(subtotal)}`, `Discount (10%) -${money(detail.discountTotal)}`, `Total ${money(detail.total)}`,
      `Credit note CN-${num(cn.number)} (10/09/2026) -$20.00`, `Payment PMT-${num(check.number)}, Check 1042 (10/05/2026) -$60.00`,
      'Retainer applied (10/06/2026) -$100.00', `Balance due ${money(detail.balance)}`, 'Retainer remaining $900.00',
      'Thank you for your business.', 'HOW TO PAY', 'Pay by ACH to First Bank, routing 011000015, account 4455',
    ]) expect(text).toContain(expected);
    // The client reads the adjusted line and the note for them, never the history nor the firm's reason.
    expect(text).not.toContain('was $');
    expect(text).not.toMatch(/Research time|exceeded estimate|Written down/);
    // The reversed wire is not a payment applied; the retainer payment is not listed as a numbered payment.
    expect(text).not.toContain('Wire');
    expect(text).not.toContain(`PMT-${num(retainer.number)}`);
  });
});
