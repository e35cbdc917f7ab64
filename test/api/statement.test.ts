import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseClient, sqlBill, sqlCreditNote, sqlPayment } from '../helpers/billing-sql.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let saId: string;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let clientId: string;
let first: TrackedProjectFixture;
let second: { caseId: string; fileNumber: string };
const numbers: Record<string, number> = {};
const PERIOD = 'from=2026-05-01&to=2026-05-31';

// One client, two cases: bills before, in and after May 2026, payments (one reversed before May,
// one reversed in it, one from the retainer), a credit note, a void bill, retainers and credit.
beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const sa = await t.user('super_admin');
  saId = sa.id;
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
  const db = t.database.db;
  first = await trackedProject(db, saId, { clientName: 'Cobalt Industries' });
  clientId = await caseClient(db, first.caseId);
  await sql`update clients set bill_to_name = 'Cobalt Industries, LLC', billing_address = ${'Attn: Accounts payable\n1 Main St\nSpringfield, IL 62701'}
    where id = ${clientId}`.execute(db);
  await sql`update firm_profile set remittance = ${'Pay by ACH to First Bank, routing 011000015, account 4455'} where id = 1`.execute(db);
  const kase = await db.insertInto('cases').values({ client_id: clientId, file_number: '25-0183', case_name: 'Warehouse' })
    .returning('id').executeTakeFirstOrThrow();
  second = { caseId: kase.id, fileNumber: '25-0183' };
  const other = await trackedProject(db, saId, { clientName: 'Someone Else' });

  const bill = async (name: string, caseId: string, issuedOn: string, dueOn: string, total: number, status?: 'void') => {
    const b = await sqlBill(db, saId, { caseId, issuedOn, dueOn, total, status });
    numbers[name] = b.number;
    return b.id;
  };
  const b1 = await bill('b1', first.caseId, '2026-03-10', '2026-04-09', 1000);
  const b2 = await bill('b2', first.caseId, '2026-04-01', '2026-05-01', 500);
  await bill('void', first.caseId, '2026-04-05', '2026-05-05', 999, 'void');
  const b4 = await bill('b4', second.caseId, '2026-05-05', '2026-06-04', 2000);
  await bill('other', other.caseId, '2026-05-06', '2026-06-05', 777);
  const pay = async (name: string, p: Parameters<typeof sqlPayment>[2]) => { numbers[name] = (await sqlPayment(db, saId, p)).number; };
  await pay('p1', { billId: b1, receivedOn: '2026-03-20', amount: 400 });
  await pay('p2', { billId: b2, receivedOn: '2026-04-15', amount: 200, reversedAt: new Date('2026-04-20T16:00:00Z'), reason: 'Bounced' });
  await pay('p3', { billId: b2, receivedOn: '2026-04-25', amount: 300, reversedAt: new Date('2026-05-15T16:00:00Z'), reason: 'Stopped' });
  await pay('p4', { billId: b1, receivedOn: '2026-05-10', amount: 650, applied: 600, method: 'wire', reference: 'W-88' });
  numbers.cn = (await sqlCreditNote(db, saId, { billId: b2, issuedOn: '2026-05-12', amount: 100, reason: 'Travel billed twice' })).number;

  const deposit = (caseId: string, entryDate: string, amount: number, kind = 'deposit') => superAdmin.request({
    method: 'POST', url: `/api/cases/${caseId}/retainer`, payload: { id: randomUUID(), kind, entryDate, amount },
  });
  await deposit(first.caseId, '2026-04-01', 1000);
  await deposit(second.caseId, '2026-05-01', 800);
  await pay('p5', { billId: b4, receivedOn: '2026-05-20', amount: 500, method: 'retainer' });
  await pay('p6', { billId: b4, receivedOn: '2026-06-05', amount: 100 });
  expect((await deposit(first.caseId, '2026-06-10', 200, 'refund')).statusCode).toBe(201);
  await db.insertInto('client_credits').values([
    { client_id: clientId, entry_date: '2026-05-03', amount: 50, created_by: saId },
    { client_id: clientId, entry_date: '2026-06-02', amount: 20, created_by: saId },
  ]).execute();
});
afterAll(async () => t?.close());

const get = (url: string, agent = superAdmin) => agent.request({ method: 'GET', url });
const bill = (n: string) => `Bill ${String(numbers[n]).padStart(4, '0')}`;
const pmt = (n: string) => `PMT-${String(numbers[n]).padStart(4, '0')}`;

describe('statement of account', () => {
  it('opens with what was owed, lists the period in date order with the running balance, closes, and ages', async () => {
    const res = await get(`/api/clients/${clientId}/statement?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.client).toEqual({
      id: clientId, name: 'Cobalt Industries', billToName: 'Cobalt Industries, LLC',
      billingAddress: 'Attn: Accounts payable\n1 Main St\nSpringfield, IL 62701',
    });
    // Before May: 1,000 − 400 on bill 1; 500 on bill 2, paid 200 and 300, the 200 reversed: 800.
    expect(s.openingBalance).toBe(800);
    expect(s.lines.map((l: Record<string, unknown>) => [l.date, l.kind, l.reference, l.charge, l.credit, l.balance])).toEqual([
      ['2026-05-05', 'bill', bill('b4'), 2000, 0, 2800],
      ['2026-05-10', 'payment', pmt('p4'), 0, 600, 2200],
      ['2026-05-12', 'credit_note', `CN-${String(numbers.cn).padStart(4, '0')}`, 0, 100, 2100],
      ['2026-05-15', 'reversal', pmt('p3'), 300, 0, 2400],
      ['2026-05-20', 'payment', pmt('p5'), 0, 500, 1900],
    ]);
    expect(s.lines[0].description).toBe('Case 25-0183');
    expect(s.lines[1].description).toBe(`Payment, Wire W-88 (${bill('b1')})`);
    expect(s.lines[3].description).toBe(`Payment reversed: Stopped (${bill('b2')})`);
    expect(s.lines[4].description).toBe(`Retainer applied (${bill('b4')})`);
    expect(s.closingBalance).toBe(1900);
    // Retainers of both cases on May 31 (the June refund not yet): 1,000 + 800 − 500.
    expect(s.retainerBalance).toBe(1300);
    // Retainer deposits and applications of the client's cases in the period, held not owed (issue 38).
    expect(s.retainer).toEqual({
      opening: 1000, closing: 1300, lines: [
        { date: '2026-05-01', kind: 'deposit', reference: 'Case 25-0183', description: 'Deposit', deposit: 800, withdrawal: 0, balance: 1800 },
        expect.objectContaining({ date: '2026-05-20', kind: 'application', reference: 'Case 25-0183', deposit: 0, withdrawal: 500, balance: 1300 }),
      ],
    });
    expect(s.clientCredit).toBe(50);
    // Bill 2 owes 400, 30 days past its May 1 due date; bill 4 owes 1,500, due in June.
    expect(s.aging).toEqual([
      { bucket: 'current', count: 1, total: 1500 }, { bucket: '1-30', count: 1, total: 400 },
      { bucket: '31-60', count: 0, total: 0 }, { bucket: '61-90', count: 0, total: 0 }, { bucket: '90+', count: 0, total: 0 },
    ]);
    expect(JSON.stringify(s)).not.toContain(bill('void'));
    expect(JSON.stringify(s)).not.toContain(bill('other'));
  });

  it('opens a later period where the earlier one closed', async () => {
    const june = (await get(`/api/clients/${clientId}/statement?from=2026-06-01&to=2026-06-30`)).json();
    expect(june.openingBalance).toBe(1900);
    expect(june.lines.map((l: { reference: string; balance: number }) => [l.reference, l.balance])).toEqual([[pmt('p6'), 1800]]);
    expect(june).toMatchObject({ closingBalance: 1800, retainerBalance: 1100, clientCredit: 70 });
  });

  it('refuses admins and limited users (money), an unknown client and a period ending before it starts', async () => {
    for (const agent of [admin, limited]) {
      expect((await get(`/api/clients/${clientId}/statement?${PERIOD}`, agent)).statusCode).toBe(403);
      expect((await get(`/api/clients/${clientId}/statement.pdf?${PERIOD}`, agent)).statusCode).toBe(403);
    }
    const missing = await get(`/api/clients/${randomUUID()}/statement?${PERIOD}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This client was not found.');
    expect((await get(`/api/clients/${clientId}/statement?from=2026-05-31&to=2026-05-01`)).statusCode).toBe(400);
    expect((await get(`/api/clients/${clientId}/statement`)).statusCode).toBe(400);
  });
});

describe('statement PDF', () => {
  it('prints the statement on the letterhead: addressee, period, every line, closing balance, retainer, aging, remittance', async () => {
    const res = await get(`/api/clients/${clientId}/statement.pdf?${PERIOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Statement-Cobalt-Industries-2026-05-31.pdf"');
    savePdf('statement.pdf', res.rawPayload);
    const pages = pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Hale & Ortiz Engineering', 'Statement of account', 'Cobalt Industries, LLC', 'Attn: Accounts payable', 'Springfield, IL 62701',
      'Period 05/01/2026 – 05/31/2026', '05/01/2026 Opening balance $800.00',
      `05/05/2026 ${bill('b4')} Case 25-0183 $2,000.00 $2,800.00`, `05/10/2026 ${pmt('p4')}`, '$600.00 $2,200.00',
      '$100.00 $2,100.00', `05/15/2026 ${pmt('p3')}`, '$300.00 $2,400.00', '$500.00 $1,900.00',
      '05/31/2026 Closing balance $1,900.00', 'Balance due $1,900.00', 'Retainer held $1,300.00', 'Client credit $50.00',
      'Current 1–30 days 31–60 days 61–90 days Over 90 days', '$1,500.00 $400.00 $0.00 $0.00 $0.00',
      'Pay by ACH to First Bank, routing 011000015, account 4455', 'Page 1 of 1',
      'RETAINER', 'Retainer held at the start $1,000.00', '05/01/2026 Case 25-0183 Deposit $800.00 $1,800.00',
      'Retainer held at the end $1,300.00',
    ]) expect(text).toContain(expected);
    expect(text).not.toContain(bill('void'));
  });
});
