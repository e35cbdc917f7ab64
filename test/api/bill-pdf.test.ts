import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(page).toContain('Bill to: Cobalt Industries');
    expect(page).toContain('Period: 05/01/2026 – 05/31/2026');
    expect(page).toContain('Issued: 06/01/2026');
    expect(page).toMatch(/Inspection notes 1/);
    expect(page).toMatch(/05\/02\/2026 .*1\.50 .*\$\d+\.\d\d/);
    expect(page).toMatch(/Parking at site/);
    expect(page).toMatch(/\$30\.50/);
    expect(page).toMatch(/Total\s+\$[\d,]+\.\d\d/);
    expect(page).toContain(`Total`);
    expect(page.replace(/\s+/g, ' ')).toContain(`Total $${bill.total.toFixed(2)}`);
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
