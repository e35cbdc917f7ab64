// Issue 38: A/R aging by client on the firm's today, as JSON, CSV and PDF; money, so super admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedBill } from '../helpers/bill-fixtures.ts';
import { pdfPages } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';

const TZ = 'America/New_York';
let t: TestApp;
let sa: Agent;
let admin: Agent;
let saId: string;
beforeAll(async () => {
  t = await createTestApp({ TZ });
  const user = await t.user('super_admin');
  saId = user.id;
  [sa, admin] = await Promise.all([t.signIn(user.email), t.signIn((await t.user('admin')).email)]);
});
afterAll(async () => t?.close());

const URL = '/api/accounting/receivables/by-client';

describe('A/R aging by client', () => {
  it('sums each client by days past due, as the screen, a CSV and a PDF, to super admins only', async () => {
    const today = firmTodayIso(TZ);
    const late = await issuedBill(sa, t.database.db, saId, { hours: [2] }, addDays(today, -65));
    const current = await issuedBill(sa, t.database.db, saId, { hours: [1] }, today);
    for (const url of [URL, `${URL}.csv`, `${URL}.pdf`]) expect((await admin.request({ method: 'GET', url })).statusCode).toBe(403);

    const res = await sa.request({ method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.today).toBe(today);
    const row = (clientId: string) => report.clients.find((c: { clientId: string }) => c.clientId === clientId);
    expect(row(late.clientId)).toMatchObject({ bills: 1, total: late.bill.total, buckets: { '31-60': late.bill.total, current: 0 } });
    expect(row(current.clientId)).toMatchObject({ bills: 1, total: current.bill.total, buckets: { current: current.bill.total } });
    expect(report.total).toBe(late.bill.total + current.bill.total);

    const csv = await sa.request({ method: 'GET', url: `${URL}.csv` });
    expect(csv.headers['content-disposition']).toContain(`ar-aging-by-client-${today}.csv`);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFClient,Bills,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total');
    expect(csv.body).toContain(`Total,2,${current.bill.total.toFixed(2)},0.00,${late.bill.total.toFixed(2)},0.00,0.00,`);

    const pdf = await sa.request({ method: 'GET', url: `${URL}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfPages(pdf.rawPayload).join('\n').replace(/[ \t]+/g, ' ');
    expect(text).toContain('A/R aging by client on');
    expect(text).toContain('Over 90 days');
    expect(text).toMatch(/Total 2 \$[\d,]+\.\d\d/);
  });
});
