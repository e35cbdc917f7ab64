// Issue 39, the engagement letter (docs/decisions/121): the firm's template with placeholders from a
// fixed list (unknown ones and sections refused by name), a case's letter on the letterhead read with
// poppler (every placeholder filled, no template syntax left), and the signed letter that marks the
// case engaged, kept with its SHA-256 and audited in words. Money (rates, retainer) is super admins' only.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ENGAGEMENT_TEMPLATE } from '../../src/core/cases/engagement-default.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { letterDate } from '../../src/core/cases/engagement-letter.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { multipart } from '../helpers/uploads.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let p: TrackedProjectFixture;
let today: string;

const SIGNED = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const sa = await t.user('super_admin');
  [superAdmin, admin, limited] = await Promise.all([
    t.signIn(sa.email), t.signIn((await t.user('admin')).email), t.signIn((await t.user('limited_user')).email),
  ]);
  await t.database.db.updateTable('profiles').set({ display_name: 'Margaret Hale' }).where('id', '=', sa.id).execute();
  p = await trackedProject(t.database.db, sa.id, { clientName: 'Cobalt Mutual Insurance' });
  today = firmTodayIso(DEFAULT_TIME_ZONE);
  await withActor(t.database.db, sa.id, async (tx) => {
    await tx.updateTable('clients').set({ contact_name: 'Dana Reyes', billing_address: '1 Harbor Way, Boston, MA 02110' })
      .where('name', '=', 'Cobalt Mutual Insurance').execute();
    await tx.updateTable('cases').set({ retained_side: 'defense', claim_number: 'CLM-77-1234', policy_number: 'HO-555', date_of_loss: '2026-03-04' })
      .where('id', '=', p.caseId).execute();
    await tx.updateTable('projects').set({ property_address: '123 Main Street, Unit 3', property_city_state_zip: 'Springfield, IL 62701', is_primary_project: true })
      .where('id', '=', p.projectId).execute();
    await tx.insertInto('case_parties').values([
      { case_id: p.caseId, role: 'plaintiff', kind: 'person', name: 'Ann Lee' },
      { case_id: p.caseId, role: 'insurer', name: 'Liberty Mutual Insurance Company' },
      { case_id: p.caseId, role: 'retaining_attorney', kind: 'person', name: 'Jane Doe' },
    ]).execute();
  });
});
afterAll(async () => t?.close());

const getTemplate = (agent: Agent) => agent.request({ method: 'GET', url: '/api/settings/engagement-letter' });
const putTemplate = (agent: Agent, template: string, version: number) =>
  agent.request({ method: 'PUT', url: '/api/settings/engagement-letter', payload: { template, version } });
const letterPdf = (agent: Agent, caseId = p.caseId) => agent.request({ method: 'GET', url: `/api/cases/${caseId}/engagement/pdf` });
type Part = { filename: string; content: Buffer; name?: string };
const upload = (agent: Agent, engagedOn: string, files: Part[] = [{ filename: 'Signed letter.pdf', content: SIGNED }], caseId = p.caseId) =>
  agent.request({ method: 'POST', url: `/api/cases/${caseId}/engagement/signed?engagedOn=${engagedOn}`, ...multipart(files) });
const refusal = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  return (res.json() as { error: { message: string; details: { path: string; message: string }[] } }).error;
};

describe('Settings → Engagement letter', () => {
  it('answers the default letter until one is saved; admins keep it, a limited user is refused', async () => {
    const res = await getTemplate(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ template: DEFAULT_ENGAGEMENT_TEMPLATE, isDefault: true });
    expect((await getTemplate(limited)).statusCode).toBe(403);
    expect((await putTemplate(limited, 'Dear {{client}}', 1)).statusCode).toBe(403);
  });

  it.each([
    ['an unknown placeholder', 'Dear {{clent}}, re {{file_number}}', 'Unknown placeholder {{clent}}. Use the placeholders listed beside the template.'],
    ['a section', '{{#parties}}{{name}}{{/parties}}', 'Sections are not allowed: {{#parties}}. Use plain placeholders like {{client}}.'],
    ['a partial', 'Hi {{> header}}', 'Partials are not allowed: {{> header}}.'],
    ['a delimiter change', '{{=<% %>=}}<%client%>', 'Changing the delimiters is not allowed: {{=<% %>=}}.'],
    ['an unclosed tag', 'Dear {{client', 'The template has a {{ that is never closed (at character 6).'],
    ['an empty template', '   ', 'The template is empty.'],
  ])('refuses %s naming the field and the tag', async (_, template, message) => {
    const { version } = (await getTemplate(admin)).json() as { version: number };
    const error = refusal(await putTemplate(admin, template, version));
    expect(error.details).toContainEqual(expect.objectContaining({ path: '/template', message }));
  });

  it('saves a template, refuses a stale version, and keeps the default text as the default', async () => {
    const { version } = (await getTemplate(admin)).json() as { version: number };
    const saved = await putTemplate(admin, 'Dear {{client}},\n\nRe: {{file_number}} ({{claim_number}})\n\n{{ rates }}\n{{{firm_name}}}', version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ isDefault: false, version: version + 1 });
    expect((await putTemplate(admin, 'Hello {{client}}', version)).statusCode).toBe(409);

    const text = pdfPages((await letterPdf(superAdmin)).rawPayload).join('\n');
    expect(text).toContain('Dear Cobalt Mutual Insurance,');
    expect(text).toContain(`Re: ${p.fileNumber} (CLM-77-1234)`);
    expect(text).toMatch(/Consultant: \$100\.00 per hour/);
    expect(text).not.toContain('{{');

    const back = await putTemplate(admin, DEFAULT_ENGAGEMENT_TEMPLATE, version + 1);
    expect(back.json()).toMatchObject({ isDefault: true, template: DEFAULT_ENGAGEMENT_TEMPLATE });
  });
});

describe("a case's engagement letter", () => {
  it('asks for a retainer (super admins only; a negative amount is refused naming the field)', async () => {
    const url = `/api/cases/${p.caseId}/engagement/retainer`;
    expect((await admin.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url, payload: { retainerRequested: 5000 } })).statusCode).toBe(403);
    const bad = refusal(await superAdmin.request({ method: 'PUT', url, payload: { retainerRequested: -5 } }));
    expect(bad.details.map((d) => d.path)).toContain('/retainerRequested');
    const set = await superAdmin.request({ method: 'PUT', url, payload: { retainerRequested: 7500 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ retainerRequested: 7500 });
    expect((await superAdmin.request({ method: 'GET', url })).json()).toEqual({ retainerRequested: 7500 });
  });

  it('prints the default letter on the letterhead with every placeholder filled and no template syntax left', async () => {
    expect((await letterPdf(admin)).statusCode).toBe(403);
    expect((await letterPdf(limited)).statusCode).toBe(403);
    const res = await letterPdf(superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="Engagement-Letter-${p.fileNumber}.pdf"`);
    savePdf('engagement-letter.pdf', res.rawPayload);
    const pages = pdfPages(res.rawPayload);
    const text = pages.join('\n');
    for (const expected of [
      'Hale & Ortiz Engineering', letterDate(today), 'Cobalt Mutual Insurance', 'Attention: Dana Reyes', '1 Harbor Way, Boston, MA 02110',
      `Our file: ${p.fileNumber}`, 'Claim number: CLM-77-1234', 'Policy number: HO-555', 'Date of loss: 03/04/2026',
      'Loss location: 123 Main Street, Unit 3, Springfield, IL 62701', 'Side retained: Defense',
      'Retaining attorney: Jane Doe', 'Plaintiff: Ann Lee', 'Insurer / carrier: Liberty Mutual Insurance Company',
      'Consultant: $100.00 per hour', 'Senior Consultant: $175.00 per hour', 'retainer of $7,500.00', `Page 1 of ${pages.length}`,
    ]) expect(text, expected).toContain(expected);
    // The inactive job title is no rate of the case.
    expect(text).not.toContain('Retired Role');
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it("prints the case's fee rules, its own over its rate code's", async () => {
    const text = async () => pdfPages((await letterPdf(superAdmin)).rawPayload).join('\n');
    expect(await text()).toContain('No fee rules apply: time is billed as worked at the hourly rates.');
    const own = await superAdmin.request({
      method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`,
      payload: { rules: [{ type: 'minimum', kind: 'deposition', hours: 2 }, { type: 'percent', kind: 'travel', percent: 50 }], version: null },
    });
    expect(own.statusCode, own.body).toBe(200);
    const printed = await text();
    expect(printed).toContain('Deposition: at least 2.0 h');
    expect(printed).toContain('Travel: at 50 % of the rate');
    await superAdmin.request({ method: 'PUT', url: `/api/cases/${p.caseId}/fee-rules`, payload: { rules: null, version: own.json().version } });
  });

  it('is not found for a case that does not exist', async () => {
    expect((await letterPdf(superAdmin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the signed letter', () => {
  it('refuses what is not one signed PDF, or a date engaged later than today, naming the field', async () => {
    const notPdf = refusal(await upload(admin, today, [{ filename: 'letter.pdf', content: Buffer.from('just text') }]));
    expect(notPdf.details).toEqual([{ path: '/file', message: 'This file is not a PDF. Please choose the signed letter as a PDF file.', rule: 'pdf' }]);
    const two = refusal(await upload(admin, today, [{ filename: 'a.pdf', content: SIGNED }, { filename: 'b.pdf', content: SIGNED, name: 'second' }]));
    expect(two.message).toBe("Send one file: the part 'second' is a second file.");
    const none = refusal(await upload(admin, today, []));
    expect(none.details[0]!.path).toBe('/file');
    const future = refusal(await upload(admin, '2099-01-01'));
    expect(future.details.map((d) => d.path)).toContain('/engagedOn');
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const late = refusal(await upload(admin, tomorrow.toISOString().slice(0, 10)));
    expect(late.details).toEqual([{ path: '/engagedOn', message: 'The date engaged cannot be later than today.', rule: 'not_after_today' }]);
    expect(refusal(await upload(admin, '03/04/2026')).details.map((d) => d.path)).toContain('/engagedOn');
    expect((await limited.request({ method: 'GET', url: `/api/cases/${p.caseId}/engagement` })).json()).toEqual({ engagedOn: null, signedLetter: null });
  });

  it('marks the case engaged with its date, keeps the PDF with its SHA-256, and says so in the audit log', async () => {
    expect((await upload(limited, today)).statusCode).toBe(403);
    const res = await upload(admin, '2026-11-02');
    expect(res.statusCode, res.body).toBe(201);
    const sha256 = createHash('sha256').update(SIGNED).digest('hex');
    expect(res.json()).toMatchObject({
      engagedOn: '2026-11-02', signedLetter: { engagedOn: '2026-11-02', fileName: 'Signed letter.pdf', sha256, byteSize: SIGNED.length },
    });
    const seen = (await limited.request({ method: 'GET', url: `/api/cases/${p.caseId}/engagement` })).json() as { engagedOn: string; signedLetter: { id: string } };
    expect(seen.engagedOn).toBe('2026-11-02');

    const url = `/api/engagement-letters/${seen.signedLetter.id}/pdf`;
    expect((await admin.request({ method: 'GET', url })).statusCode).toBe(403);
    const pdf = await superAdmin.request({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(SIGNED)).toBe(true);

    const log = await admin.request({ method: 'GET', url: '/api/audit?table=engagement_letters' });
    const [entry] = (log.json() as { entries: { text: string; record: { type: string } }[] }).entries;
    expect(entry!.text).toMatch(new RegExp(`^Test admin recorded the signed engagement letter of case ${p.fileNumber} Case \\S+: engaged on 11/02/2026 \\(SHA-256 ${sha256.slice(0, 12)}…\\)$`));
    expect(entry!.record.type).toBe('Signed engagement letter');
    expect(log.body).not.toContain('JVBERi0');

    // A later signed letter (an amended one) is the case's engagement now; the first is kept.
    const again = await upload(superAdmin, today, [{ filename: 'amended.pdf', content: Buffer.concat([SIGNED, Buffer.from('%amended\n')]) }]);
    expect(again.json()).toMatchObject({ engagedOn: today, signedLetter: { fileName: 'amended.pdf' } });
    expect((await superAdmin.request({ method: 'GET', url })).rawPayload.equals(SIGNED)).toBe(true);
  });

  it("keeps the file's own name, without its folders and at most 200 characters", async () => {
    const res = await upload(admin, today, [{ filename: `C:\\Users\\dana\\${'x'.repeat(300)}.pdf`, content: SIGNED }]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { signedLetter: { fileName: string } }).signedLetter.fileName).toBe('x'.repeat(200));
  });

  it('keeps a case that has a signed letter from being deleted', async () => {
    const kase = await superAdmin.request({ method: 'POST', url: '/api/cases', payload: { clientId: (await caseClientId()), fileNumber: `DEL-${Date.now()}` } });
    expect(kase.statusCode, kase.body).toBe(201);
    const id = (kase.json() as { id: string }).id;
    expect((await upload(admin, today, undefined, id)).statusCode).toBe(201);
    const gone = await admin.request({ method: 'DELETE', url: `/api/cases/${id}` });
    expect(gone.statusCode).toBe(409);
  });
});

async function caseClientId() {
  const row = await t.database.db.selectFrom('cases').select('client_id').where('id', '=', p.caseId).executeTakeFirstOrThrow();
  return row.client_id;
}
