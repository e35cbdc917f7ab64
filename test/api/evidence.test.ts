// Issue 42: evidence custody through the API — the tag series, the append-only chain and its
// verification, notice before destructive testing, closing with an authorization, labels and the
// custody report read as a reader (zbar, poppler) would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditChainVerdict } from '../../src/core/api/audit.ts';
import type { TChainVerdict, TEvidenceItem } from '../../src/core/api/evidence.ts';
import { createCase, createClient, createProject } from '../helpers/clients-fixtures.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { makeJpeg, makePng, multipart } from '../helpers/uploads.ts';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let caseA: { id: string; fileNumber: string };
let caseB: { id: string; fileNumber: string };
let signature: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn((await t.user('admin')).email);
  staff = await t.signIn((await t.user('limited_user')).email);
  const client = await createClient(admin, { isBusinessClient: true, name: 'Harbor View Condominium Association' });
  caseA = await createCase(admin, client.id, { caseName: 'Harbor View v. Acme Plumbing', parties: [{ role: 'defendant', name: 'Acme Plumbing Inc' }] });
  caseB = await createCase(admin, client.id, { caseName: 'Harbor View v. Pinecrest' });
  signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
});
afterAll(() => t.close());

const now = () => new Date().toISOString();

async function collect(agent: Agent, caseId: string, description: string, extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  const res = await agent.request({
    method: 'PUT', url: `/api/evidence/${id}`,
    payload: { caseId, description, category: 'Plumbing', quantity: 1, condition: 'Cracked at the nut', collectedAt: now(),
      collectedPlace: 'Unit 4B, under the kitchen sink', location: 'Van 2', custodian: 'Dana Ruiz', entryId: randomUUID(), signature, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TEvidenceItem;
}

async function move(agent: Agent, itemId: string, body: Record<string, unknown>, entryId = randomUUID()) {
  return agent.request({ method: 'PUT', url: `/api/evidence/${itemId}/entries/${entryId}`, payload: { at: now(), signedByName: 'Dana Ruiz', signature, ...body } });
}

const verify = async (itemId: string) => (await staff.request({ method: 'POST', url: `/api/evidence/${itemId}/verify` })).json() as TChainVerdict;

/** Changes stored rows behind the app's back, as someone with database access would: plain SQL, no actor named. */
async function behindTheAppsBack(statement: ReturnType<typeof sql>) {
  await statement.execute(t.database.db);
}

/** A write made by the app itself: in a transaction that names its actor, as every writing transaction of the app does. */
const asTheApp = (statement: ReturnType<typeof sql>) => t.database.db.transaction().execute(async (tx) => {
  await sql`select set_config('casebook.actor', ${randomUUID()}, true)`.execute(tx);
  return statement.execute(tx);
});

describe('items and the tag series', () => {
  it('numbers items E-0001 upward in one firm-wide series, across cases and concurrent collections, never twice', async () => {
    const items = await Promise.all([
      collect(staff, caseA.id, 'Failed compression fitting'), collect(admin, caseB.id, 'Burnt outlet'), collect(staff, caseA.id, 'Shingle, 3-tab'),
    ]);
    const tags = items.map((i) => i.tagNumber).sort((a, b) => a - b);
    expect(new Set(tags).size).toBe(3);
    expect(tags[2]! - tags[0]!).toBe(2);
    for (const item of items) expect(item.tag).toMatch(/^E-\d{4,}$/);
    const listed = (await staff.request({ method: 'GET', url: `/api/cases/${caseA.id}/evidence` })).json() as { items: { caseId: string }[]; noticeDays: number };
    expect(listed.items).toHaveLength(2);
    expect(listed.noticeDays).toBe(10);
  });

  it('answers a repeated collection (a retry) with the same item, not a second one', async () => {
    const id = randomUUID();
    const payload = { caseId: caseA.id, description: 'Supply line', collectedAt: now(), entryId: randomUUID(), signature };
    const first = await staff.request({ method: 'PUT', url: `/api/evidence/${id}`, payload });
    const again = await staff.request({ method: 'PUT', url: `/api/evidence/${id}`, payload });
    expect(again.json().tag).toBe(first.json().tag);
    expect(again.json().entries).toHaveLength(1);
  });

  it('keeps a notice period per case, set by admins only', async () => {
    const set = (agent: Agent, noticeDays: number) => agent.request({ method: 'PUT', url: `/api/cases/${caseB.id}/evidence-settings`, payload: { noticeDays } });
    expect((await set(staff, 14)).statusCode).toBe(403);
    expect((await set(admin, 400)).body).toContain('at most 365 days');
    expect((await set(admin, 14)).json()).toMatchObject({ noticeDays: 14 });
    expect(((await staff.request({ method: 'GET', url: `/api/cases/${caseB.id}/evidence` })).json() as { noticeDays: number }).noticeDays).toBe(14);
  });

  it('answers every item of a case in full, for its page to keep on the device (a label scanned offline opens)', async () => {
    const res = await staff.request({ method: 'GET', url: `/api/cases/${caseA.id}/evidence/items` });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as { items: TEvidenceItem[] };
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((i) => i.caseId === caseA.id && i.entries.length >= 1 && i.caseFileNumber === caseA.fileNumber)).toBe(true);
    expect(items.map((i) => i.tagNumber)).toEqual([...items.map((i) => i.tagNumber)].sort((a, b) => a - b));
  });

  it('refuses an item without a description or a signature, naming the field', async () => {
    const res = await staff.request({ method: 'PUT', url: `/api/evidence/${randomUUID()}`, payload: { caseId: caseA.id, description: ' ', collectedAt: now(), entryId: randomUUID() } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Description is required');
    expect(res.body).toContain('sign on the screen');
  });
});

describe('the chain of custody', () => {
  let item: TEvidenceItem;
  beforeAll(async () => {
    item = await collect(staff, caseA.id, 'Angle stop valve');
  });

  it('records each movement as a signed entry linked to the one before, and moves the item', async () => {
    expect((await move(staff, item.id, { kind: 'released', to: 'FedEx Ground', purpose: 'Shipping to the lab' })).statusCode).toBe(200);
    const res = await move(staff, item.id, { kind: 'to_lab', from: 'FedEx Ground', to: 'Acme Materials Lab', location: 'Acme Labs, Austin', purpose: 'Metallurgy' });
    const after = res.json() as TEvidenceItem;
    expect(after.custodian).toBe('Acme Materials Lab');
    expect(after.location).toBe('Acme Labs, Austin');
    expect(after.entries.map((e) => e.kind)).toEqual(['collected', 'released', 'to_lab']);
    expect(after.entries[1]!.from).toBe('Dana Ruiz');
    expect(after.entries[2]!.prevHash).toBe(after.entries[1]!.hash);
    expect(after.entries.every((e) => e.hasSignature && /^[0-9a-f]{64}$/.test(e.signatureSha256!))).toBe(true);
    expect(await verify(item.id)).toMatchObject({ ok: true, checked: 3, text: 'Chain verified: all 3 entries match their SHA-256 hashes.' });
  });

  it('links concurrent transfers of one item one after another (the item is locked while an entry is appended)', async () => {
    const busy = await collect(staff, caseB.id, 'Busy item');
    const answers = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((to) => move(to === 'C' ? admin : staff, busy.id, { kind: 'released', to })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const after = (await staff.request({ method: 'GET', url: `/api/evidence/${busy.id}` })).json() as TEvidenceItem;
    expect(after.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await verify(busy.id)).toMatchObject({ ok: true, checked: 6 });
  });

  it('has no way to change or delete an entry: a second PUT of an entry id answers it unchanged, the database refuses the app\'s own UPDATE and DELETE', async () => {
    const entryId = randomUUID();
    await move(staff, item.id, { kind: 'moved', location: 'Lab vault 3' }, entryId);
    const again = (await move(staff, item.id, { kind: 'moved', location: 'Somewhere else' }, entryId)).json() as TEvidenceItem;
    expect(again.entries.find((e) => e.id === entryId)!.location).toBe('Lab vault 3');
    expect((await staff.request({ method: 'DELETE', url: `/api/evidence/${item.id}/entries/${entryId}` })).statusCode).toBe(404);
    expect((await staff.request({ method: 'PATCH', url: `/api/evidence/${item.id}/entries/${entryId}`, payload: {} })).statusCode).toBe(404);
    await expect(asTheApp(sql`update evidence_entries set purpose = 'x' where id = ${entryId}`)).rejects.toThrow(/never changed/);
    await expect(asTheApp(sql`delete from evidence_entries where id = ${entryId}`)).rejects.toThrow(/never changed/);
  });

  it('corrects a mistake with a new entry that names the one it corrects', async () => {
    const wrong = item.entries[0]!.id;
    const res = await move(staff, item.id, { kind: 'correction', correctsId: wrong, purpose: 'Collected at 2:10 PM, not 2:00 PM' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TEvidenceItem).entries.at(-1)).toMatchObject({ kind: 'correction', correctsId: wrong });
    const other = await collect(staff, caseB.id, 'Other item');
    const refused = await move(staff, item.id, { kind: 'correction', correctsId: other.entries[0]!.id, purpose: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('another item');
    expect((await move(staff, item.id, { kind: 'correction', purpose: 'x' })).body).toContain('names the entry it corrects');
  });

  it('adds a photo taken on the spot as an entry that hashes the original', async () => {
    const jpeg = await makeJpeg(640, 480);
    const { payload, headers } = multipart([{ filename: 'IMG_0042.jpg', content: jpeg, type: 'image/jpeg' }]);
    const res = await staff.request({ method: 'PUT', url: `/api/evidence/${item.id}/photos/${randomUUID()}?entryId=${randomUUID()}`, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TEvidenceItem;
    const sha = (await import('node:crypto')).createHash('sha256').update(jpeg).digest('hex');
    expect(after.photos.map((p) => p.sha256)).toEqual([sha]);
    expect(after.entries.at(-1)).toMatchObject({ kind: 'photo', photoSha256s: [sha] });
    expect(await verify(item.id)).toMatchObject({ ok: true });
  });

  it('adds a photo picked from the case\'s field reports, hashed by its original\'s SHA-256; another case\'s is refused', async () => {
    const project = await createProject(admin, caseA.id);
    const report = (await staff.request({ method: 'POST', url: '/api/field-reports', payload: {
      id: randomUUID(), projectId: project.id, reportType: 'Initial Inspection', date: new Date().toISOString().slice(0, 10),
    } })).json() as { id: string };
    const original = await makeJpeg(800, 600);
    const body = multipart([{ name: 'original', filename: 'sink.jpg', content: original, type: 'image/jpeg' }]);
    const imageId = randomUUID();
    expect((await staff.request({ method: 'PUT', url: `/api/field-reports/${report.id}/photos/${imageId}`, payload: body.payload, headers: body.headers })).statusCode).toBe(200);
    const listed = (await staff.request({ method: 'GET', url: `/api/cases/${caseA.id}/evidence/field-report-photos` })).json() as { photos: { id: string; sha256: string }[] };
    const sha = (await import('node:crypto')).createHash('sha256').update(original).digest('hex');
    expect(listed.photos).toEqual([expect.objectContaining({ id: imageId, reportId: report.id, sha256: sha })]);
    const picked = await staff.request({ method: 'PUT', url: `/api/evidence/${item.id}/picked-photos/${randomUUID()}?entryId=${randomUUID()}`, payload: { fieldReportImageId: imageId } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect((picked.json() as TEvidenceItem).photos.at(-1)).toMatchObject({ source: 'field_report', sha256: sha });
    const elsewhere = await collect(staff, caseB.id, 'Item of another case');
    const refused = await staff.request({ method: 'PUT', url: `/api/evidence/${elsewhere.id}/picked-photos/${randomUUID()}?entryId=${randomUUID()}`, payload: { fieldReportImageId: imageId } });
    expect(refused.statusCode).toBe(400);
    expect(await verify(item.id)).toMatchObject({ ok: true });
  });

  it('names the first entry changed behind the app\'s back by SQL', async () => {
    const before = (await staff.request({ method: 'GET', url: `/api/evidence/${item.id}` })).json() as TEvidenceItem;
    const second = before.entries[1]!;
    await behindTheAppsBack(sql`update evidence_entries set to_party = 'Someone else' where id = ${second.id}`);
    const verdict = await verify(item.id);
    expect(verdict).toMatchObject({ ok: false, firstBad: { label: 'entry 2', reason: 'content', entryId: second.id } });
    expect(verdict.text).toBe('Chain broken at entry 2: its content does not match its stored hash (changed after it was recorded).');

    const pdf = (await staff.request({ method: 'GET', url: `/api/evidence/${item.id}/custody.pdf` })).rawPayload;
    expect(pdfPages(pdf).join('\n')).toContain('Chain broken at entry 2');
    await behindTheAppsBack(sql`update evidence_entries set to_party = ${second.to} where id = ${second.id}`);
    expect((await verify(item.id)).ok).toBe(true);
  });

  it('names a removed entry and a changed signature too', async () => {
    const before = (await staff.request({ method: 'GET', url: `/api/evidence/${item.id}` })).json() as TEvidenceItem;
    await behindTheAppsBack(sql`update evidence_entries set signature = ${await makePng(10, 10)} where id = ${before.entries[2]!.id}`);
    expect(await verify(item.id)).toMatchObject({ ok: false, firstBad: { label: 'entry 3', reason: 'content' } });
    const gone = await collect(staff, caseA.id, 'Short chain');
    await move(staff, gone.id, { kind: 'released', to: 'A' });
    const third = (await move(staff, gone.id, { kind: 'released', to: 'B' })).json() as TEvidenceItem;
    await behindTheAppsBack(sql`delete from evidence_entries where id = ${third.entries[1]!.id}`);
    expect(await verify(gone.id)).toMatchObject({ ok: false, firstBad: { label: 'entry 3', reason: 'link' } });
  });
});

describe('the custody report and the labels', () => {
  it('prints every entry, its signer and the verification result (pdftotext)', async () => {
    const item = await collect(staff, caseB.id, 'Burnt duplex receptacle');
    await move(staff, item.id, { kind: 'received', from: 'Dana Ruiz', to: 'Evidence room', location: 'Shelf B4', purpose: 'Storage' });
    const res = await staff.request({ method: 'GET', url: `/api/evidence/${item.id}/custody.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    savePdf('custody-item.pdf', res.rawPayload);
    const text = pdfPages(res.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Chain of custody: ${item.tag}`);
    expect(text).toContain('Chain verified: all 2 entries match their SHA-256 hashes.');
    expect(text).toContain('Received from');
    expect(text).toContain('Shelf B4');
    expect(text).toContain('Signed by: Dana Ruiz');
    const perCase = await staff.request({ method: 'GET', url: `/api/cases/${caseB.id}/evidence/custody.pdf` });
    expect(perCase.statusCode).toBe(200);
    expect(pdfPages(perCase.rawPayload).join('\n')).toContain(`Chain of custody: case ${caseB.fileNumber}`);
  });

  it('makes a label sheet whose QR codes decode (zbarimg) to the items\' addresses', async () => {
    await collect(staff, caseA.id, 'Section of 3/4 in. copper supply line with a pinhole leak near the elbow, cut at both ends');
    const res = await staff.request({ method: 'GET', url: `/api/cases/${caseA.id}/evidence/labels.pdf`, headers: { host: 'casebook.firm.test' } });
    expect(res.statusCode, res.body).toBe(200);
    savePdf('evidence-labels.pdf', res.rawPayload);
    const items = ((await staff.request({ method: 'GET', url: `/api/cases/${caseA.id}/evidence` })).json() as { items: { id: string; tag: string }[] }).items;
    const text = pdfPages(res.rawPayload).join('\n');
    for (const item of items) expect(text).toContain(item.tag);
    expect(text).toContain(caseA.fileNumber);
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
    try {
      writeFileSync(path.join(dir, 'labels.pdf'), res.rawPayload);
      execFileSync('pdftoppm', ['-r', '300', '-png', path.join(dir, 'labels.pdf'), path.join(dir, 'page')]);
      const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).map((f) => path.join(dir, f));
      const decoded = execFileSync('zbarimg', ['--quiet', '--raw', ...pages], { encoding: 'utf8' }).trim().split('\n').sort();
      expect(decoded).toEqual(items.map((i) => `http://casebook.firm.test/evidence/${i.id}`).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('notice before destructive testing', () => {
  let item: TEvidenceItem;
  let testId: string;
  let parties: { id: string; name: string }[];

  beforeAll(async () => {
    const firm = await t.database.db.insertInto('law_firms').values({ name: `Sterling & Oakes ${randomUUID()}`, email: 'notices@sterling.test' })
      .returning('id').executeTakeFirstOrThrow();
    const added = await admin.request({ method: 'POST', url: `/api/cases/${caseA.id}/parties`, payload: { role: 'opposing_law_firm', lawFirmId: firm.id } });
    expect(added.statusCode, added.body).toBe(201);
    parties = ((await admin.request({ method: 'GET', url: `/api/cases/${caseA.id}/parties` })).json() as { parties: { id: string; name: string }[] }).parties;
    item = await collect(staff, caseA.id, 'Failed PEX elbow');
    testId = randomUUID();
    const res = await staff.request({ method: 'POST', url: `/api/evidence/${item.id}/tests`, payload: {
      testId, what: 'Sectioning and SEM of the fracture surface', place: 'Acme Materials Lab, Austin', plannedFor: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      performedBy: 'Dr. Lee Chan',
    } });
    expect(res.statusCode, res.body).toBe(200);
    item = res.json();
  });

  const start = () => staff.request({ method: 'POST', url: `/api/evidence-tests/${testId}/start`, payload: { entryId: randomUUID(), at: now(), signedByName: 'Lee Chan', signature } });
  const waiver = async (partyId: string) => {
    const { payload, headers } = multipart([{ filename: 'waiver.pdf', content: Buffer.from('%PDF-1.4\n% waiver\n'), type: 'application/pdf' }]);
    const doc = (await staff.request({ method: 'POST', url: '/api/evidence-documents', payload, headers })).json() as { id: string };
    return staff.request({ method: 'POST', url: `/api/evidence-tests/${testId}/waivers`, payload: { partyId, documentId: doc.id } });
  };

  it('tells every party: by e-mail through the mail outbox where it has an address, and records how and when', async () => {
    const notices = item.tests[0]!.notices;
    expect(notices).toHaveLength(parties.length);
    const emailed = notices.find((n) => n.method === 'email')!;
    expect(emailed).toMatchObject({ address: 'notices@sterling.test' });
    expect(emailed.toldAt).not.toBeNull();
    const mail = (await sql<{ to_address: string; subject: string; body_text: string }>`
      select to_address, subject, body_text from mail_messages where kind = 'evidence-notice'`.execute(t.database.db)).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(item.tag);
    expect(mail[0]!.body_text).toContain('Sectioning and SEM');
    expect(notices.find((n) => n.partyName === 'Acme Plumbing Inc')).toMatchObject({ method: null, toldAt: null });
  });

  it('refuses to start while a party has not been told, then before the notice period, then with one waiver missing', async () => {
    const untold = await start();
    expect(untold.statusCode).toBe(409);
    expect(untold.body).toContain('Not every party has been told');
    const acme = parties.find((p) => p.name === 'Acme Plumbing Inc')!;
    const told = await staff.request({ method: 'POST', url: `/api/evidence-tests/${testId}/notices`, payload: { partyId: acme.id, method: 'letter', address: '1 Main St', toldAt: now() } });
    expect(told.statusCode, told.body).toBe(200);
    const early = await start();
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('The notice period has not passed');
    expect((await waiver(acme.id)).statusCode).toBe(200);
    const oneMissing = await start();
    expect(oneMissing.statusCode).toBe(409);
    expect(oneMissing.body).toContain('The notice period has not passed');
  });

  it('starts once every party waived in writing, as a signed entry; results and remaining portions are new items linked to the first', async () => {
    const sterling = parties.find((p) => p.name !== 'Acme Plumbing Inc')!;
    expect((await waiver(sterling.id)).statusCode).toBe(200);
    const res = await start();
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TEvidenceItem).entries.at(-1)!.kind).toBe('test_started');
    expect((await start()).statusCode).toBe(409);
    const result = await collect(staff, caseA.id, 'Fracture surface section A', { derivedFrom: { testId, derivation: 'result' } });
    const rest = await collect(staff, caseA.id, 'Remaining elbow body', { derivedFrom: { testId, derivation: 'remaining' } });
    expect(result.parentId).toBe(item.id);
    const parent = (await staff.request({ method: 'GET', url: `/api/evidence/${item.id}` })).json() as TEvidenceItem;
    expect(parent.derived.map((d) => [d.tag, d.derivation])).toEqual([[result.tag, 'result'], [rest.tag, 'remaining']]);
    expect(result.parent).toEqual({ id: item.id, tag: item.tag, description: item.description });
    expect(parent.parent).toBeNull();
  });

  it('counts the period from the last party told (a test planned and noticed 11 days ago may start)', async () => {
    const other = await collect(staff, caseA.id, 'Second elbow');
    const second = randomUUID();
    await staff.request({ method: 'POST', url: `/api/evidence/${other.id}/tests`, payload: { testId: second, what: 'Burst test', place: 'Lab', plannedFor: now(), performedBy: 'Lee' } });
    const acme = parties.find((p) => p.name === 'Acme Plumbing Inc')!;
    await staff.request({ method: 'POST', url: `/api/evidence-tests/${second}/notices`, payload: { partyId: acme.id, method: 'hand', toldAt: now() } });
    const ago = new Date(Date.now() - 11 * 86_400_000);
    await sql`update evidence_test_notices set told_at = ${ago} where test_id = ${second}`.execute(t.database.db);
    await sql`update evidence_tests set created_at = ${ago} where id = ${second}`.execute(t.database.db);
    const res = await staff.request({ method: 'POST', url: `/api/evidence-tests/${second}/start`, payload: { entryId: randomUUID(), at: now(), signedByName: 'Lee', signature } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('return and disposal', () => {
  it('needs an authorization document; then the item is closed and read-only', async () => {
    const item = await collect(staff, caseB.id, 'Outlet cover plate');
    const body = { entryId: randomUUID(), kind: 'returned', at: now(), to: 'Owner, Harbor View', authorizedBy: 'Judge R. Alvarez', authorizedAt: now(), signedByName: 'Dana Ruiz', signature };
    const none = await admin.request({ method: 'POST', url: `/api/evidence/${item.id}/close`, payload: body });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Attach the authorization document');
    const { payload, headers } = multipart([{ filename: 'order.pdf', content: Buffer.from('%PDF-1.4\n% order\n'), type: 'application/pdf' }]);
    const doc = (await admin.request({ method: 'POST', url: '/api/evidence-documents', payload, headers })).json() as { id: string };
    expect((await staff.request({ method: 'POST', url: `/api/evidence/${item.id}/close`, payload: { ...body, documentId: doc.id } })).statusCode).toBe(403);
    const closed = await admin.request({ method: 'POST', url: `/api/evidence/${item.id}/close`, payload: { ...body, documentId: doc.id } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'returned', authorization: { by: 'Judge R. Alvarez', documentId: doc.id } });
    const after = await move(staff, item.id, { kind: 'released', to: 'Someone' });
    expect(after.statusCode).toBe(409);
    expect(after.body).toContain('read-only');
    await expect(sql`update evidence_items set description = 'x' where id = ${item.id}`.execute(t.database.db)).rejects.toThrow(/read-only/);
    expect((await verify(item.id)).ok).toBe(true);
  });
});

describe('the audit log chain', () => {
  it('is sealed by its schedule, once across runners, with no one pressing Verify', async () => {
    await collect(staff, caseA.id, 'Sealed by the schedule');
    const unsealed = async () => Number((await sql<{ n: string }>`select count(*)::text as n from audit_log where chain_seq is null`.execute(t.database.db)).rows[0]!.n);
    expect(await unsealed()).toBeGreaterThan(0);
    // Items are in the audit log too (migration 051), as every other record.
    expect((await sql<{ n: number }>`select count(*)::int as n from audit_log where table_name = 'evidence_items'`.execute(t.database.db)).rows[0]!.n).toBeGreaterThan(0);
    await sql`insert into job_schedules (name, spec, next_run_at) values ('audit.seal', 'every 300000 ms', now())
      on conflict (name) do update set next_run_at = now(), locked_by = null, locked_until = null`.execute(t.database.db);
    expect(await t.app.jobs.runSchedule('audit.seal')).toBe(true);
    // Done: not due again until its next time (five minutes on).
    expect(await t.app.jobs.runSchedule('audit.seal')).toBe(false);
    expect(await unsealed()).toBe(0);
    const head = (await sql<{ seq: string; hash: string; last: string }>`select h.seq::text as seq, h.hash,
      (select hash from audit_log order by chain_seq desc limit 1) as last from audit_chain_head h`.execute(t.database.db)).rows[0]!;
    expect(head.hash).toBe(head.last);
    const schedule = (await sql<{ last_error: string | null; due_in_s: number }>`select last_error,
      extract(epoch from next_run_at - now())::float8 as due_in_s from job_schedules where name = 'audit.seal'`.execute(t.database.db)).rows[0]!;
    expect(schedule.last_error).toBeNull();
    expect(schedule.due_in_s).toBeGreaterThan(200);
    // Verify finds nothing left to seal beyond its own request's rows.
    const verdict = (await admin.request({ method: 'POST', url: '/api/audit/verify' })).json() as TAuditChainVerdict;
    expect(verdict).toMatchObject({ ok: true, sealed: 0 });
  });

  it('seals the rows in order and names a row changed behind the app\'s back', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/audit/verify' });
    expect(res.statusCode, res.body).toBe(200);
    const verdict = res.json() as TAuditChainVerdict;
    expect(verdict, res.body).toMatchObject({ ok: true });
    expect(verdict.checked).toBeGreaterThan(3);
    const row = (await sql<{ id: string }>`select id::text as id from audit_log order by id limit 1 offset 2`.execute(t.database.db)).rows[0]!;
    await sql`update audit_log set after = jsonb_set(coalesce(after, '{}'::jsonb), '{name}', '"Forged"') where id = ${row.id}::bigint`.execute(t.database.db);
    const broken = (await admin.request({ method: 'POST', url: '/api/audit/verify' })).json() as TAuditChainVerdict;
    expect(broken).toMatchObject({ ok: false, firstBad: { rowId: row.id, reason: 'content' } });
    expect((await staff.request({ method: 'POST', url: '/api/audit/verify' })).statusCode).toBe(403);
  });
});
