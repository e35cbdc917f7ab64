import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDES_FIELDS } from '../../src/core/billing/ledes.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { withoutIds } from '../helpers/without-ids.ts';

// Issue 40, the testimony half: testimony on record, the Rule 26 list (JSON, CSV, PDF, Word) and the
// bill to the deposing side, with money for super admins only.

let t: TestApp;
let sa: Agent;
let admin: Agent;
let limited: Agent;
let expertId: string;
let limitedId: string;
let p: TrackedProjectFixture;
let consulting: TrackedProjectFixture;
let lawFirmId: string;

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const [saUser, adminUser, limitedUser] = await Promise.all([t.user('super_admin'), t.user('admin'), t.user('limited_user')]);
  expertId = saUser.id;
  limitedId = limitedUser.id;
  [sa, admin, limited] = await Promise.all([t.signIn(saUser.email), t.signIn(adminUser.email), t.signIn(limitedUser.email)]);
  p = await trackedProject(t.database.db, saUser.id, { clientName: 'Cobalt Industries', customRates: { consultant_rate: 600 } });
  consulting = await trackedProject(t.database.db, saUser.id, { clientName: 'Quiet Advice Co' });
  const firm = await t.database.db.insertInto('law_firms').values({
    name: 'Opposing LLP', address: JSON.stringify({
      fullAddress: '', streetAddress1: '9 Court Plaza', streetAddress2: '', city: 'Newark', stateCode: 'NJ', stateName: 'New Jersey',
      postalCode: '07102', country: 'United States', source: 'manual', radarPlaceId: null,
    }),
  }).returning('id').executeTakeFirstOrThrow();
  lawFirmId = firm.id;
});
afterAll(async () => t?.close());

const event = (over: Record<string, unknown> = {}) => ({
  caseId: p.caseId, kind: 'deposition', eventDate: '2025-03-04', expertId, court: 'Superior Court of New Jersey, Essex County',
  caption: 'Cobalt Industries v. Harbor Roofing, Inc.', docket: 'ESX-L-1234-24', ...over,
});
const put = (agent: Agent, id: string, body: object) => agent.request({ method: 'PUT', url: `/api/testimony/${id}`, payload: body });
const list = (agent: Agent, query: Record<string, string>, ext = '') =>
  agent.request({ method: 'GET', url: `/api/testimony/rule26${ext}?${new URLSearchParams(query)}` });

function docxText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'casebook-docx-'));
  try {
    writeFileSync(path.join(dir, 'list.docx'), bytes);
    const xml = execFileSync('unzip', ['-p', path.join(dir, 'list.docx'), 'word/document.xml'], { encoding: 'utf8' });
    return xml.replace(/<w:p[ >][^]*?<\/w:p>/g, (para) => `${para.replace(/<[^>]+>/g, '')}\n`).replace(/<[^>]+>/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('testimony on record', () => {
  it('records events on the case page, refuses a consulting-only case, names the refused field', async () => {
    const made = await put(admin, randomUUID(), event({ kind: 'trial', eventDate: '2024-09-16', caption: 'Doe v. Roe' }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ kind: 'trial', expertName: 'Test super_admin', fileNumber: p.fileNumber });

    const off = await admin.request({ method: 'PUT', url: `/api/cases/${consulting.caseId}/consulting-only`, payload: { consultingOnly: true } });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await put(admin, randomUUID(), event({ caseId: consulting.caseId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({ path: '/caseId', message: 'This case is consulting only: it has no testimony.' });

    const noPayer = await put(admin, randomUUID(), event({ noticedBy: 'other' }));
    expect(noPayer.statusCode).toBe(400);
    expect(noPayer.json().error.details[0].path).toBe('/payerName');

    const limitedWrite = await put(limited, randomUUID(), event());
    expect(limitedWrite.statusCode).toBe(403);
  });
});

describe('the Rule 26 list', () => {
  beforeAll(async () => {
    // Recorded straight in the table where a consulting-only case would have refused them.
    for (const [date, kind, caption] of [
      ['2022-06-02', 'deposition', 'In: June second'], ['2022-05-31', 'trial', 'Out: May 31st'], ['2022-06-01', 'trial', 'In: June first'],
      ['2026-06-01', 'deposition', 'In: as-of day'], ['2026-06-03', 'deposition', 'Out: after'], ['2025-01-08', 'hearing', 'Out: a hearing'],
    ] as const) {
      const res = await put(admin, randomUUID(), event({ eventDate: date, kind, caption }));
      expect(res.statusCode, res.body).toBe(200);
    }
    await sql`update cases set consulting_only = false where id = ${consulting.caseId}`.execute(t.database.db);
    const res = await put(admin, randomUUID(), event({ caseId: consulting.caseId, eventDate: '2025-05-05', caption: 'Out: consulting only' }));
    expect(res.statusCode).toBe(200);
    await sql`update cases set consulting_only = true where id = ${consulting.caseId}`.execute(t.database.db);
  });

  it('lists trials and depositions of the four years up to the date, boundary day in, newest first', async () => {
    const res = await list(sa, { expertId, asOf: '2026-06-01', caseId: p.caseId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.from).toBe('2022-06-01');
    expect(body.events.map((e: { caption: string }) => e.caption)).toEqual(['In: as-of day', 'Doe v. Roe', 'In: June second', 'In: June first']);
    expect(body.events[0]).toMatchObject({ kind: 'deposition', eventDate: '2026-06-01', court: 'Superior Court of New Jersey, Essex County', docket: 'ESX-L-1234-24' });
    expect(body.compensation[0]).toBe('Statement of compensation: Test super_admin is compensated at the following hourly rates for study and testimony.');
    expect(body.compensation).toContain(`Consultant: $600.00 per hour (case ${p.fileNumber})`);
  });

  it('writes the CSV, the PDF and the Word file', async () => {
    const q = { expertId, asOf: '2026-06-01' };
    const csv = await list(sa, q, '.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      'Date,Type,Caption,Court,Docket',
      '06/01/2026,Deposition,In: as-of day,"Superior Court of New Jersey, Essex County",ESX-L-1234-24',
      '09/16/2024,Trial,Doe v. Roe,"Superior Court of New Jersey, Essex County",ESX-L-1234-24',
      '06/02/2022,Deposition,In: June second,"Superior Court of New Jersey, Essex County",ESX-L-1234-24',
      '06/01/2022,Trial,In: June first,"Superior Court of New Jersey, Essex County",ESX-L-1234-24',
      '',
    ]);

    const pdf = await list(sa, q, '.pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    savePdf('rule26.pdf', pdf.rawPayload);
    const text = pdfPages(pdf.rawPayload).join('\n');
    expect(text).toContain('Testimony of Test super_admin in the four years before 06/01/2026');
    for (const c of ['In: as-of day', 'Doe v. Roe', 'In: June second', 'In: June first', 'ESX-L-1234-24']) expect(text).toContain(c);
    for (const c of ['Out: May 31st', 'Out: after', 'Out: a hearing', 'Out: consulting only']) expect(text).not.toContain(c);
    expect(text).toContain('Statement of compensation');

    const docx = await list(sa, q, '.docx');
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.headers['content-disposition']).toContain('.docx');
    const words = docxText(docx.rawPayload);
    for (const c of ['Testimony of Test super_admin', 'In: as-of day', 'Doe v. Roe', 'In: June second', 'In: June first', '06/01/2022']) {
      expect(words).toContain(c);
    }
    for (const c of ['Out: May 31st', 'Out: after', 'Out: a hearing', 'Out: consulting only']) expect(words).not.toContain(c);
  });

  it('gives a limited user their own list only, and no compensation (money) to anyone but a super admin', async () => {
    expect((await list(limited, { expertId, asOf: '2026-06-01' })).statusCode).toBe(403);
    const own = await list(limited, { expertId: limitedId, asOf: '2026-06-01' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ events: [], compensation: null });
    const experts = await limited.request({ method: 'GET', url: '/api/testimony/experts' });
    expect(experts.json().experts).toEqual([{ id: limitedId, name: 'Test limited_user' }]);

    const asAdmin = await list(admin, { expertId, asOf: '2026-06-01', caseId: p.caseId });
    expect(asAdmin.json().compensation).toBeNull();
    const pdf = pdfPages((await list(admin, { expertId, asOf: '2026-06-01' }, '.pdf')).rawPayload).join('\n');
    expect(pdf).toContain('Statement of compensation: provided separately by the firm.');
    expect(pdf).not.toMatch(/\$\d/);
    expect(docxText((await list(admin, { expertId, asOf: '2026-06-01' }, '.docx')).rawPayload)).not.toMatch(/\$\d/);
  });
});

describe('billing the deposing side', () => {
  const depositionId = randomUUID();
  let clientEntry: string;
  let depositionEntry: string;

  it('shows "Deposit not received" until the deposit is recorded; the deposit is money', async () => {
    const made = await put(sa, depositionId, event({
      eventDate: '2026-06-10', noticedBy: 'other', payerLawFirmId: lawFirmId, payerContact: 'A. Counsel', payerMatterId: 'OPP-77',
      depositRequired: 1800,
    }));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      payerName: 'Opposing LLP', payerAddress: '9 Court Plaza\nNewark, NJ 07102', depositStatus: 'Deposit not received',
      depositRequired: 1800, balanceDueDays: 5,
    });
    const received = await put(sa, depositionId, {
      ...event({ eventDate: '2026-06-10', noticedBy: 'other', payerLawFirmId: lawFirmId, payerContact: 'A. Counsel', payerMatterId: 'OPP-77' }),
      version: made.json().version, depositReceivedOn: '2026-06-05', depositMethod: 'check', depositReference: '#5521',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ depositStatus: 'Deposit received', depositRequired: 1800 });

    const asAdmin = (await admin.request({ method: 'GET', url: `/api/cases/${p.caseId}/testimony` })).json();
    const seen = asAdmin.events.find((e: { id: string }) => e.id === depositionId);
    expect(seen.depositStatus).toBe('Deposit received');
    expect(seen).not.toHaveProperty('depositRequired');
    expect(withoutIds(JSON.stringify(asAdmin))).not.toContain('1800');
  });

  it('keeps the deposition day off the client\'s unbilled list and bills', async () => {
    depositionEntry = (await logTime(sa, p.projectId, { entryDate: '2026-06-10', hours: 4, description: 'Deposition testimony' })).id;
    clientEntry = (await logTime(sa, p.projectId, { entryDate: '2026-06-11', hours: 2, description: 'Report drafting' })).id;
    const unbilled = await sa.request({ method: 'GET', url: `/api/accounting/unbilled/${p.caseId}?from=2026-06-01&to=2026-06-30` });
    expect(unbilled.json().lines.map((l: { id: string }) => l.id)).toEqual([clientEntry]);
    const cases = (await sa.request({ method: 'GET', url: '/api/accounting/unbilled' })).json().cases;
    expect(cases.find((c: { caseId: string }) => c.caseId === p.caseId).hours).toBe(2);
    const taken = await sa.request({ method: 'POST', url: '/api/bills', payload: {
      id: randomUUID(), caseId: p.caseId, periodStart: '2026-06-01', periodEnd: '2026-06-30', timeEntryIds: [depositionEntry, clientEntry],
    } });
    expect(taken.statusCode).toBe(409);
    const case_ = (await sa.request({ method: 'GET', url: `/api/cases/${p.caseId}/testimony` })).json();
    expect(case_.events.find((e: { id: string }) => e.id === depositionId)).toMatchObject({ entryCount: 1, entryHours: 4 });
  });

  it('bills the deposing firm $2,400.00 with the $1,800.00 deposit applied and $600.00 due in 5 days', async () => {
    expect((await admin.request({ method: 'POST', url: `/api/testimony/${depositionId}/bill`, payload: { billId: randomUUID() } })).statusCode).toBe(403);
    const res = await sa.request({ method: 'POST', url: `/api/testimony/${depositionId}/bill`, payload: { billId: randomUUID(), issuedOn: '2026-06-12' } });
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json();
    expect(bill).toMatchObject({
      total: 2400, paidTotal: 1800, balance: 600, issuedOn: '2026-06-12', dueOn: '2026-06-17', termsDays: 5, status: 'partially_paid',
      billToName: 'Opposing LLP', clientMatterId: 'OPP-77', payerTestimonyId: depositionId,
    });
    expect(bill.lines.map((l: { id: string }) => l.id)).toEqual([depositionEntry]);
    expect(bill.payments[0]).toMatchObject({ amount: 1800, method: 'check' });
    // The deposit's receipt, money on the testimony, stays money on the payment it became (docs/decisions/221).
    const paymentLog = await admin.request({ method: 'GET', url: `/api/audit?rowId=${bill.payments[0].id}` });
    expect(paymentLog.statusCode).toBe(200);
    expect(paymentLog.json().entries.length).toBeGreaterThan(0);
    expect(paymentLog.json().entries.flatMap((e: { changes: { field: string }[] }) => e.changes.map((c) => c.field))).not.toContain('reference');
    expect(paymentLog.body).not.toMatch(/#5521|06\/05\/2026|2026-06-05/);
    expect((await sa.request({ method: 'GET', url: `/api/audit?rowId=${bill.payments[0].id}` })).body).toContain('#5521');

    savePdf('deposing-bill.pdf', (await sa.request({ method: 'GET', url: `/api/bills/${bill.id}/pdf` })).rawPayload);
    const pdf = pdfPages((await sa.request({ method: 'GET', url: `/api/bills/${bill.id}/pdf` })).rawPayload).join('\n');
    expect(pdf).toContain('Opposing LLP');
    expect(pdf).toContain('Attn: A. Counsel');
    expect(pdf).toContain('OPP-77');
    expect(pdf.replace(/\s+/g, ' ')).toContain('Balance due $600.00');

    await sql`update firm_profile set ledes_firm_id = '12-3456789' where id = 1`.execute(t.database.db);
    await sql`update clients set ledes_client_id = 'COBALT-01'`.execute(t.database.db);
    await sql`update cases set client_matter_id = 'COB-9' where id = ${p.caseId}`.execute(t.database.db);
    const payerLedes = await sa.request({ method: 'GET', url: `/api/bills/${bill.id}/ledes` });
    expect(payerLedes.statusCode, payerLedes.body).toBe(200);
    const rows = payerLedes.body.split('\n').slice(2).filter(Boolean)
      .map((l) => Object.fromEntries(l.slice(0, -2).split('|').map((v, i) => [LEDES_FIELDS[i], v])));
    expect(rows[0]).toMatchObject({ CLIENT_MATTER_ID: 'OPP-77', INVOICE_TOTAL: '2400.00' });

    // The client's own bill of June: only the other day's hours, in the bill and in its LEDES file.
    const client = await sa.request({ method: 'POST', url: '/api/bills', payload: {
      id: randomUUID(), caseId: p.caseId, periodStart: '2026-06-01', periodEnd: '2026-06-30', timeEntryIds: [clientEntry],
    } });
    expect(client.statusCode, client.body).toBe(201);
    expect(client.json()).toMatchObject({ hours: 2, total: 1200 });
    const issued = await sa.request({ method: 'POST', url: `/api/bills/${client.json().id}/issue`, payload: { version: client.json().version, issuedOn: '2026-07-01' } });
    expect(issued.statusCode, issued.body).toBe(200);
    const clientLedes = await sa.request({ method: 'GET', url: `/api/bills/${client.json().id}/ledes` });
    expect(clientLedes.body).not.toContain('Deposition testimony');
    expect(clientLedes.body).not.toContain('OPP-77');
    expect(clientLedes.body).toContain('COB-9');

    // The client's statement leaves the deposing side's bill and its deposit out.
    const clientId = (await t.database.db.selectFrom('cases').select('client_id').where('id', '=', p.caseId).executeTakeFirstOrThrow()).client_id;
    const statement = await sa.request({ method: 'GET', url: `/api/clients/${clientId}/statement?from=2026-06-01&to=2026-07-31` });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(withoutIds(statement.body)).not.toContain('2400');
    expect(statement.body).toContain('1200');
  });

  it('makes the deposing party\'s statement under its name, address and matter id', async () => {
    const res = await sa.request({ method: 'GET', url: `/api/testimony/${depositionId}/statement?from=2026-06-01&to=2026-06-30` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().client).toMatchObject({ name: 'Opposing LLP', billingAddress: 'Attn: A. Counsel\n9 Court Plaza\nNewark, NJ 07102\nYour matter: OPP-77' });
    expect(res.json().closingBalance).toBe(600);
    const pdf = await sa.request({ method: 'GET', url: `/api/testimony/${depositionId}/statement.pdf?from=2026-06-01&to=2026-06-30` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfPages(pdf.rawPayload).join('\n');
    for (const c of ['Opposing LLP', 'Your matter: OPP-77', '$600.00']) expect(text).toContain(c);
    expect(text).not.toContain('Cobalt Industries');
    expect((await admin.request({ method: 'GET', url: `/api/testimony/${depositionId}/statement?from=2026-06-01&to=2026-06-30` })).statusCode).toBe(403);
  });

  it('ages the deposing party\'s bill under that party, not the retaining client (docs/decisions/143)', async () => {
    const byClient = await sa.request({ method: 'GET', url: '/api/accounting/receivables/by-client' });
    expect(byClient.statusCode, byClient.body).toBe(200);
    const rows = byClient.json().clients as { clientId: string; clientName: string; bills: number; total: number }[];
    expect(rows.find((r) => r.clientName === 'Opposing LLP')).toMatchObject({ clientId: `payer:${lawFirmId}`, bills: 1, total: 600 });
    // The client owes its own June bill only.
    expect(rows.find((r) => r.clientName === 'Cobalt Industries')).toMatchObject({ bills: 1, total: 1200 });
    const csv = await sa.request({ method: 'GET', url: '/api/accounting/receivables/by-client.csv' });
    expect(csv.body).toContain('Opposing LLP,1,');
    const pdf = pdfPages((await sa.request({ method: 'GET', url: '/api/accounting/receivables/by-client.pdf' })).rawPayload).join('\n');
    expect(pdf).toContain('Opposing LLP');
    const list = (await sa.request({ method: 'GET', url: '/api/accounting/receivables?limit=100' })).json().bills as { payerTestimonyId?: string; clientName: string }[];
    expect(list.find((b) => b.payerTestimonyId === depositionId)?.clientName).toBe('Opposing LLP');
    expect((await admin.request({ method: 'GET', url: '/api/accounting/receivables/by-client' })).statusCode).toBe(403);
  });

  it('counts the fee in the expert\'s deposition fee history, for super admins only', async () => {
    const res = await sa.request({ method: 'GET', url: `/api/testimony/fee-history?expertId=${expertId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ever).toEqual({ charged: 1, chargedAmount: 2400, paid: 0, paidAmount: 0 });
    const pdf = await sa.request({ method: 'GET', url: `/api/testimony/fee-history.pdf?expertId=${expertId}` });
    expect(pdf.statusCode).toBe(200);
    savePdf('fee-history.pdf', pdf.rawPayload);
    expect(pdfPages(pdf.rawPayload).join('\n')).toContain('Deposition fee history of Test super_admin');
    expect((await admin.request({ method: 'GET', url: `/api/testimony/fee-history?expertId=${expertId}` })).statusCode).toBe(403);
  });
});
