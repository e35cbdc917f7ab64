import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../../src/server/db/connection.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { pdfInfo, pdfPages, pdfWords, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let adminId: string;
let projectId: string;
let clientName: string;

const COLUMNS = ['Attorney', 'Client', 'Assignee', 'Description', 'Date', 'Status', 'Date Completed'];

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn((await t.user('limited_user')).email);
  ({ projectId, clientName } = await makeProject(t.database.db, adminId, 'Kitchen fire'));
  const create = (fields: Record<string, unknown>) =>
    admin.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminId, fields) });
  await create({ shortDescription: 'Inspect roof', dueDate: '2026-03-02' });
  await create({ shortDescription: 'Call adjuster', dueDate: '2026-03-05' });
  const done = (await create({ shortDescription: 'Order dumpster', dueDate: '2026-03-01' })).json();
  await admin.request({ method: 'PATCH', url: `/api/action-items/${done.id}`, payload: { version: done.version, status: 'completed', dateCompleted: '03/04/2026' } });
  // An item whose assignee left: the report says Unassigned.
  const orphan = (await create({ shortDescription: 'Photo log' })).json();
  await withActor(t.database.db, adminId, (tx) => tx.updateTable('action_items').set({ assigned_to: null }).where('id', '=', orphan.id).execute());
});
afterAll(async () => t?.close());

const getPdf = (agent: Agent, query: string) => agent.request({ method: 'GET', url: `/api/action-items/report.pdf?${query}` });

describe('action items PDF', () => {
  it('is a US letter PDF with the letterhead, the columns, only open items, N/A and Unassigned, the summary, page numbers', async () => {
    const res = await getPdf(limited, `projectId=${projectId}&status=open`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // A personal client: the last word of the name.
    const lastName = clientName.split(' ').at(-1);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${lastName}-ActionItemsReport-\\d{2}-\\d{2}-\\d{4}\\.pdf"`));
    const pdf = res.rawPayload;
    savePdf('action-items-open.pdf', pdf);
    expect(pdfInfo(pdf)['Page size']).toMatch(/^612 x 792 pts/);
    const [page] = pdfPages(pdf);
    expect(page).toContain('Hale & Ortiz Engineering');
    for (const column of COLUMNS) expect(page).toContain(column);
    expect(page).toMatch(/Inspect roof/);
    expect(page).toMatch(/Call adjuster/);
    expect(page).not.toMatch(/Order dumpster/);
    expect(page).toMatch(/N\/A/);
    expect(page).toMatch(/Unassigned/);
    expect(page).toMatch(/03\/02\/2026/);
    expect(page).toMatch(/Total: 3/);
    expect(page).toMatch(/Open: 3/);
    expect(page).toMatch(/Page 1 of 1/);
    // No profile saved yet: the firm name alone, no invented licence.
    expect(page).not.toMatch(/License/);
  });

  it('prints completed items with their completion date', async () => {
    const page = pdfPages((await getPdf(admin, `projectId=${projectId}&status=completed`)).rawPayload).join('\n');
    expect(page).toMatch(/Order dumpster.*03\/01\/2026\s+Completed\s+03\/04\/2026/);
    expect(page).toMatch(/Completed: 1/);
  });

  it('filters by due date range', async () => {
    const page = pdfPages((await getPdf(admin, `projectId=${projectId}&status=all&start=2026-03-02&end=2026-03-04`)).rawPayload)[0]!;
    expect(page).toMatch(/Inspect roof/);
    expect(page).not.toMatch(/Call adjuster|Order dumpster|Photo log/);
  });

  it('answers clearly for a missing project, bad dates and no session', async () => {
    const missing = await getPdf(admin, 'projectId=00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('The project was not found. It may have been deleted.');
    const far = await getPdf(admin, `projectId=${projectId}&start=2040-01-01`);
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toBe('Date seems incorrect (>10 years from today)');
    const impossible = await getPdf(admin, `projectId=${projectId}&start=2026-02-30`);
    expect(impossible.statusCode).toBe(400);
    const reversed = await getPdf(admin, `projectId=${projectId}&start=2026-03-05&end=2026-03-01`);
    expect(reversed.json().error.message).toBe('The start date must be on or before the end date.');
    expect((await t.app.inject({ method: 'GET', url: '/api/action-items/report.pdf' })).statusCode).toBe(401);
  });

  it('pages 1,000 items with the header on each page and the summary on the last', async () => {
    const big = await makeProject(t.database.db, adminId, 'Warehouse flood');
    await withActor(t.database.db, adminId, (tx) => tx.insertInto('action_items').values(Array.from({ length: 1000 }, (_, i) => ({
      project_id: big.projectId, assigned_to: adminId, created_by: adminId, title: `Task number ${i + 1}`,
      description: '', due_date: '2026-05-01', status: i % 3 === 0 ? 'completed' : 'pending', completed_at: i % 3 === 0 ? '2026-05-02' : null,
    }))).execute());
    const res = await getPdf(admin, `projectId=${big.projectId}&status=all`);
    savePdf('action-items-1000.pdf', res.rawPayload);
    const pages = pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThan(10);
    expect(res.rawPayload.length).toBeLessThan(2 * 1024 * 1024);
    pages.forEach((page, i) => {
      expect(page).toContain('Hale & Ortiz Engineering');
      expect(page).toContain('Date Completed');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // SPEC §9 margins (points): the report's own text stays within top 72, bottom 100, left and
    // right 40; only the letterhead (above 62) and the footer (below 736) are written in them.
    const words = pdfWords(res.rawPayload);
    for (const w of words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(40 - 0.5);
      expect(w.xMax, w.text).toBeLessThanOrEqual(612 - 40 + 0.5);
    }
    const body = words.filter((w) => w.yMin > 62 && w.yMax < 736);
    expect(body.length).toBeGreaterThan(5000);
    for (const w of body) {
      expect(w.yMin, w.text).toBeGreaterThanOrEqual(72 - 0.5);
      expect(w.yMax, w.text).toBeLessThanOrEqual(792 - 100 + 0.5);
    }
    expect(words.filter((w) => w.yMax > 62.5 && w.yMin < 71.5)).toEqual([]);
    expect(pages.at(-1)).toMatch(/Total: 1000/);
    expect(pages.at(-1)).toMatch(/Completed: 334/);
    expect(pages.join('\n')).toContain('Task number 1000');
  });
});
