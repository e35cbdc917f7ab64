import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_TITLES } from '../../src/core/field-reports/field-reports.ts';
import { UPLOAD_MESSAGES } from '../../src/core/documents/images.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { pdfImages, pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { makeJpeg, makePng, multipart } from '../helpers/uploads.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

let t: TestApp;
let inspector: Agent;
let other: Agent;
let inspectorId: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const i = await t.user('limited_user');
  inspectorId = i.id;
  inspector = await t.signIn(i.email);
  other = await t.signIn((await t.user('admin')).email);
  ({ projectId } = await makeProject(t.database.db, inspectorId, 'Smith Residence - Kitchen fire'));
});
afterAll(async () => t?.close());

// The firm's day, as the app counts it (UTC's differs between 19:00 and midnight in New York).
const today = firmTodayIso(DEFAULT_TIME_ZONE);
const create = (agent: Agent, fields: Record<string, unknown> = {}) => agent.request({
  method: 'POST', url: '/api/field-reports',
  payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today, ...fields },
});
type Report = { id: string; version: number; reportNumber: string; content: Record<string, unknown>; [k: string]: unknown };
const save = (agent: Agent, r: Report, changes: Record<string, unknown> = {}) => agent.request({
  method: 'PUT', url: `/api/field-reports/${r.id}`,
  payload: {
    projectId: r.projectId, reportType: r.reportType, reportNumber: r.reportNumber, date: r.date,
    inspectorId: r.inspectorId, content: r.content, version: r.version, ...changes,
  },
});
/** One PUT per file (its original), as the web panel sends them; the first refusal, or the last answer. */
const upload = async (agent: Agent, id: string, kind: string, files: Parameters<typeof multipart>[0]) => {
  let answer;
  for (const file of files) {
    const body = multipart([{ ...file, name: 'original' }]);
    answer = await agent.request({ method: 'PUT', url: `/api/field-reports/${id}/${kind}/${randomUUID()}`, payload: body.payload, headers: body.headers });
    if (answer.statusCode !== 200) return answer;
  }
  return answer!;
};
const uploadPhotos = (agent: Agent, id: string, files: Parameters<typeof multipart>[0]) => upload(agent, id, 'photos', files);

const filled = {
  projectName: 'Smith Residence - Kitchen fire', projectNumber: 'P-77', buildingOwner: 'Ellen Smith',
  propertyAddress: '4 Elm St, Salem MA 01970',
  presentParties: [{ name: 'Ellen Smith', role: 'Owner', company: '' }, { name: 'Rob Vance', role: 'Adjuster', company: 'Granite Mutual' }],
  inspectionPurpose: 'Assess fire and smoke damage', causeOfLoss: 'Unattended cooking', areasInvolved: 'Kitchen, dining room',
  damageSummary: 'Charred cabinets; smoke on ceilings', temporaryMeasures: { started: true, commence: 'Immediately' },
  emergency: { emsRequired: true, emsFloors: false, emsWalls: true, emsCeilings: true },
  testing: { acm: { completed: true, required: true }, lead: { completed: false, required: true },
    water: { completed: false, required: false }, materials: { completed: false, required: false } },
  habitability: { isHabitable: false, notes: 'No power to the kitchen' },
  timeline: { estimated: '6-8 weeks', returnOn: today, followUpWith: 'Rob Vance' },
  notes: 'Owner present throughout.',
};

describe('field reports', () => {
  let report: Report;

  it('creates a draft with the next number and the project facts, idempotently', async () => {
    const id = randomUUID();
    const res = await create(inspector, { id });
    expect(res.statusCode).toBe(201);
    report = res.json();
    expect(report).toMatchObject({ reportNumber: '001', displayNumber: '001', status: 'draft', inspectorId, revision: 0 });
    expect(report.content).toMatchObject({ projectName: 'Smith Residence - Kitchen fire', buildingOwner: expect.stringMatching(/^Client /) });
    expect((await create(inspector, { id })).json().id).toBe(id);
    const second = (await create(other)).json();
    expect(second.reportNumber).toBe('002');
    await other.request({ method: 'DELETE', url: `/api/field-reports/${second.id}` });
  });

  it('saves every field and reloads them as typed; stale versions get 409', async () => {
    const res = await save(inspector, report, { content: filled });
    expect(res.statusCode).toBe(200);
    const reloaded = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}` })).json();
    expect(reloaded.content).toEqual(filled);
    expect((await save(inspector, report, { content: filled })).statusCode).toBe(409);
    report = reloaded;
  });

  it('refuses a taken number, a far date and a missing project with clear messages', async () => {
    const taken = (await create(other)).json();
    const dup = await save(other, taken, { reportNumber: '001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Report number 001 is already used on this project. Please choose another number.');
    const far = await save(other, taken, { date: '2040-01-01' });
    expect(far.json().error.message).toBe('Date seems incorrect (>10 years from today)');
    expect((await create(other, { date: '2010-01-01' })).statusCode).toBe(400);
    const missing = await create(other, { projectId: randomUUID() });
    expect(missing.json().error.message).toBe('The project was not found. It may have been deleted.');
    // Nothing was stored half-way: the refused saves left the report as it was, and no report was made.
    const after = (await other.request({ method: 'GET', url: `/api/field-reports/${taken.id}` })).json();
    expect([after.reportNumber, after.date, after.version]).toEqual([taken.reportNumber, taken.date, taken.version]);
    expect((await other.request({ method: 'GET', url: `/api/field-reports?projectId=${projectId}` })).json().reports).toHaveLength(2);
    const noReport = await other.request({ method: 'GET', url: `/api/field-reports/${randomUUID()}/pdf` });
    expect(noReport.statusCode).toBe(404);
    expect(noReport.json().error.message).toBeTruthy();
    await other.request({ method: 'DELETE', url: `/api/field-reports/${taken.id}` });
  });

  it('lists newest first, searchable by project or number', async () => {
    const all = (await other.request({ method: 'GET', url: '/api/field-reports' })).json().reports;
    expect(all.map((r: Report) => r.id)).toContain(report.id);
    const byNumber = (await other.request({ method: 'GET', url: '/api/field-reports?q=001' })).json().reports;
    expect(byNumber).toHaveLength(1);
    const none = (await other.request({ method: 'GET', url: '/api/field-reports?q=nothing-like-this' })).json().reports;
    expect(none).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/field-reports' })).statusCode).toBe(401);
  });

  it('takes photos upright and resized, with captions and order; refuses bad files', async () => {
    const bad = await uploadPhotos(inspector, report.id, [{ filename: 'notes.txt', content: Buffer.from('hello') }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(UPLOAD_MESSAGES.notImage);
    const huge = await uploadPhotos(inspector, report.id, [{ filename: 'big.jpg', content: Buffer.alloc(30 * 1024 * 1024, 0xff) }]);
    expect(huge.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    const heic = await uploadPhotos(inspector, report.id, [{ filename: 'IMG_1.HEIC', content: Buffer.from('\0\0\0\x18ftypheic0000') }]);
    expect(heic.json().error.message).toBe(UPLOAD_MESSAGES.heic);
    const corrupt = await uploadPhotos(inspector, report.id, [{ filename: 'cut.jpg', content: (await makeJpeg(400, 300)).subarray(0, 300) }]);
    expect(corrupt.json().error.message).toBe(UPLOAD_MESSAGES.unreadable);
    expect((await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}` })).json().photos).toHaveLength(0);

    // EXIF orientation 6 (rotated 90°): stored upright, long side 1600.
    const res = await uploadPhotos(inspector, report.id, [
      { filename: 'kitchen.jpg', content: await makeJpeg(2400, 1800, { orientation: 6 }) },
      { filename: 'ceiling.png', content: await makePng(300, 200) },
    ]);
    expect(res.statusCode).toBe(200);
    const photos = res.json().images;
    expect(photos.map((p: { width: number; height: number }) => [p.width, p.height])).toEqual([[1200, 1600], [300, 200]]);
    await inspector.request({ method: 'PATCH', url: `/api/field-reports/${report.id}/photos/${photos[0].id}`, payload: { caption: 'Kitchen wall' } });
    await inspector.request({ method: 'PATCH', url: `/api/field-reports/${report.id}/photos/${photos[1].id}`, payload: { caption: 'Dining ceiling' } });
    const order = await inspector.request({ method: 'PUT', url: `/api/field-reports/${report.id}/photos/order`, payload: { imageIds: [photos[1].id, photos[0].id] } });
    expect(order.json().images.map((p: { caption: string }) => p.caption)).toEqual(['Dining ceiling', 'Kitchen wall']);
    const thumb = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/photos/${photos[0].id}/thumbnail` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('takes diagrams and readings through the same upload, each its own ordered list', async () => {
    const diagram = await upload(inspector, report.id, 'diagrams', [{ filename: 'plan.png', content: await makePng(2000, 1500) }]);
    expect(diagram.statusCode).toBe(200);
    const [plan] = diagram.json().images;
    expect([plan.width, plan.height]).toEqual([1600, 1200]);
    await inspector.request({ method: 'PATCH', url: `/api/field-reports/${report.id}/diagrams/${plan.id}`, payload: { caption: 'Ground floor plan' } });
    const readings = await upload(inspector, report.id, 'readings', [
      { filename: 'meter-1.jpg', content: await makeJpeg(800, 600) }, { filename: 'meter-2.jpg', content: await makeJpeg(600, 800) },
    ]);
    const [first, second] = readings.json().images;
    await inspector.request({ method: 'PATCH', url: `/api/field-reports/${report.id}/readings/${first.id}`, payload: { caption: 'Moisture 38% at the sink wall' } });
    await inspector.request({ method: 'DELETE', url: `/api/field-reports/${report.id}/readings/${second.id}` });
    // The same checks as photos: by content.
    const bad = await upload(inspector, report.id, 'readings', [{ filename: 'log.csv', content: Buffer.from('a,b\n1,2') }]);
    expect(bad.json().error.message).toBe(UPLOAD_MESSAGES.notImage);
    // Lists are kept apart: a diagram is not a photo, and there is no fourth kind.
    expect((await inspector.request({ method: 'PATCH', url: `/api/field-reports/${report.id}/photos/${plan.id}`, payload: { caption: 'x' } })).statusCode).toBe(404);
    expect((await upload(inspector, report.id, 'videos', [{ filename: 'a.jpg', content: await makeJpeg(10, 10) }])).statusCode).toBe(400);
    const current = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}` })).json();
    expect(current.diagrams.map((d: { caption: string }) => d.caption)).toEqual(['Ground floor plan']);
    expect(current.readings.map((d: { caption: string }) => d.caption)).toEqual(['Moisture 38% at the sink wall']);
    expect(current.photos).toHaveLength(2);
    const thumb = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/diagrams/${plan.id}/thumbnail` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('certifies with a drawn signature (the inspector only), then is read-only', async () => {
    const current = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}` })).json();
    const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
    const notInspector = await other.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`, payload: { version: current.version, drawnSignature: signature } });
    expect(notInspector.statusCode).toBe(403);
    const noSignature = await inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`, payload: { version: current.version } });
    expect(noSignature.json().error.message).toBe('Please draw your signature or upload one in Settings before certifying.');
    const res = await inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`, payload: { version: current.version, drawnSignature: signature } });
    expect(res.statusCode).toBe(200);
    report = res.json();
    expect(report.status).toBe('certified');
    const edit = await save(inspector, report, { content: { ...filled, notes: 'changed' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe('This report is certified and cannot be changed. Start a new revision to make changes.');
    const photo = await uploadPhotos(inspector, report.id, [{ filename: 'late.jpg', content: await makeJpeg(100, 100) }]);
    expect(photo.statusCode).toBe(400);
  });

  it('prints every section, the testing table, a ticked Photos line, the signature and the photos', async () => {
    const res = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="SmithResidence-FieldReport-001-\d{2}-\d{2}-\d{4}\.pdf"/);
    const pdf = res.rawPayload;
    savePdf('field-report.pdf', pdf);
    const pages = pdfPages(pdf);
    const text = pages.join('\n');
    expect(text).toContain('FIELD REPORT - Initial Inspection');
    let at = 0;
    for (const title of SECTION_TITLES) {
      const found = text.indexOf(title.toUpperCase(), at);
      expect(found, title).toBeGreaterThan(at);
      at = found;
    }
    expect(text).toMatch(/ACM\s+Yes\s+Yes/);
    expect(text).toMatch(/Lead\s+Yes\s+No/);
    expect(text).toMatch(/Water\s+No\s+No/);
    expect(text).toMatch(/X\s+Diagrams\s+\(1 attached\)/);
    expect(text).toMatch(/X\s+Readings\s+\(1 attached\)/);
    expect(text).toMatch(/X\s+Photos\s+\(2 attached\)/);
    expect(text).toMatch(/HABITABLE\s[\s\S]*?No/);
    expect(text).toContain('Rob Vance');
    expect(text).toContain('Photo 1: Dining ceiling');
    // After the report: the diagram on a page of its own, then readings, then photos.
    const pageOf = (needle: string) => pages.findIndex((p) => p.includes(needle));
    expect(pages[pageOf('Diagram 1: Ground floor plan')]).toContain('DIAGRAMS');
    expect(pageOf('Diagram 1: Ground floor plan')).toBeLessThan(pageOf('Reading 1: Moisture 38% at the sink wall'));
    expect(pageOf('Reading 1: Moisture 38% at the sink wall')).toBeLessThan(pageOf('Photo 1: Dining ceiling'));
    pages.forEach((page, i) => {
      expect(page).toContain('Hale & Ortiz Engineering');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const images = pdfImages(pdf);
    expect(images.map((i) => [i.width, i.height])).toEqual(expect.arrayContaining([[300, 90], [300, 200], [1200, 1600], [1600, 1200], [800, 600]]));
  });

  it('a change after certification makes revision R1; the certified PDF stays downloadable', async () => {
    const certifiedPdf = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/pdf` })).rawPayload;
    const res = await other.request({ method: 'POST', url: `/api/field-reports/${report.id}/revisions`, payload: { newId: randomUUID() } });
    expect(res.statusCode).toBe(201);
    const revision = res.json();
    expect(revision).toMatchObject({ displayNumber: '001-R1', status: 'draft', revision: 1 });
    expect(revision.photos).toHaveLength(2);
    expect(revision.diagrams).toHaveLength(1);
    expect(revision.readings).toHaveLength(1);
    expect(revision.revisions.map((r: { displayNumber: string; status: string }) => [r.displayNumber, r.status]))
      .toEqual([['001', 'superseded'], ['001-R1', 'draft']]);
    expect((await save(other, revision, { content: { ...filled, notes: 'Revised notes' } })).statusCode).toBe(200);
    const old = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/pdf` });
    expect(old.rawPayload.equals(certifiedPdf)).toBe(true);
    const draftPdf = (await other.request({ method: 'GET', url: `/api/field-reports/${revision.id}/pdf` }));
    expect(draftPdf.headers['content-disposition']).toContain('FieldReport-001-R1-');
    expect(pdfPages(draftPdf.rawPayload).join('\n')).toContain('DRAFT - not certified');
    const list = (await other.request({ method: 'GET', url: `/api/field-reports?projectId=${projectId}` })).json().reports;
    expect(list.map((r: { displayNumber: string }) => r.displayNumber)).toEqual(['001-R1']);

    // The inspector certifies R1 with the signature stored in their profile (no drawing).
    const stored = multipart([{ filename: 'sig.jpg', content: await makeJpeg(600, 200) }]);
    expect((await inspector.request({ method: 'PUT', url: '/api/me/signature', payload: stored.payload, headers: stored.headers })).statusCode).toBe(200);
    const latest = (await inspector.request({ method: 'GET', url: `/api/field-reports/${revision.id}` })).json();
    const certified = await inspector.request({ method: 'POST', url: `/api/field-reports/${revision.id}/certify`, payload: { version: latest.version } });
    expect(certified.statusCode).toBe(200);
    const r1Pdf = (await inspector.request({ method: 'GET', url: `/api/field-reports/${revision.id}/pdf` })).rawPayload;
    expect(pdfImages(r1Pdf).map((i) => [i.width, i.height])).toContainEqual([600, 200]);
    expect(pdfPages(r1Pdf).join('\n')).not.toContain('DRAFT - not certified');
  });
});

describe('field reports save field by field (issue 22)', () => {
  type Problem = { path: string; label: string; message: string };
  const get = async (id: string) => (await inspector.request({ method: 'GET', url: `/api/field-reports/${id}` })).json() as Report;
  let report: Report;

  beforeAll(async () => {
    report = (await create(inspector)).json();
    report = (await save(inspector, report, { content: filled })).json();
  });

  it('a save with one over-long field stores the others and names the refused field', async () => {
    const content = {
      ...filled, damageSummary: 'd'.repeat(10_001), notes: 'Saved beside the long summary.',
      habitability: { isHabitable: true, notes: 'Power restored' },
    };
    const res = await save(inspector, report, { content });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Damage summary has 10,001 characters; the limit is 10,000. Shorten it to save it.');
    expect(error.details.fields).toEqual([{ path: '/content/damageSummary', label: 'Damage summary', message: error.message }]);
    // The answer carries the report as saved, with its new version for the next save.
    expect(error.details.report.version).toBeGreaterThan(report.version);
    const stored = await get(report.id);
    expect(stored.content).toEqual({ ...content, damageSummary: filled.damageSummary });
    expect(error.details.report).toEqual(stored);
    report = stored;
  });

  it('names every refused field; a refused save that changes nothing else stores nothing', async () => {
    const res = await save(inspector, report, {
      content: { ...report.content, damageSummary: 'd'.repeat(12_000), habitability: { isHabitable: true, notes: 'h'.repeat(5_001) } },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe('Damage summary and Habitability notes were not saved; everything else was saved.');
    expect(error.details.fields.map((f: Problem) => [f.label, f.message])).toEqual([
      ['Damage summary', 'Damage summary has 12,000 characters; the limit is 10,000. Shorten it to save it.'],
      ['Habitability notes', 'Habitability notes has 5,001 characters; the limit is 5,000. Shorten it to save it.'],
    ]);
    expect((await get(report.id)).version).toBe(report.version);
  });

  it('keeps the edit-conflict protocol: a stale save changes nothing, even its valid fields', async () => {
    const stale = { ...report, version: report.version - 1 };
    const res = await save(inspector, stale, { content: { ...report.content, causeOfLoss: 'Stale cause', damageSummary: 'd'.repeat(10_001) } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EDIT_CONFLICT');
    expect((await get(report.id)).content.causeOfLoss).toBe(filled.causeOfLoss);
  });

  it('a taken number or a far date refuses only itself', async () => {
    const first = (await create(inspector)).json();
    const taken = await save(inspector, first, { reportNumber: report.reportNumber, content: { ...filled, causeOfLoss: 'Hail' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(`Report number ${report.reportNumber} is already used on this project. Please choose another number.`);
    expect(taken.json().error.details.fields.map((f: Problem) => f.path)).toEqual(['/reportNumber']);
    const afterTaken = await get(first.id);
    expect([afterTaken.reportNumber, afterTaken.content.causeOfLoss]).toEqual([first.reportNumber, 'Hail']);

    const far = await save(inspector, afterTaken, { date: '2040-01-01', reportNumber: 'bad/number', content: { ...afterTaken.content, notes: 'Late notes' } });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.details.fields.map((f: Problem) => [f.label, f.message])).toEqual([
      ['Report number', 'Use letters, digits, dots and dashes only'],
      ['Date', 'Date seems incorrect (>10 years from today)'],
    ]);
    const afterFar = await get(first.id);
    expect([afterFar.date, afterFar.reportNumber, afterFar.content.notes]).toEqual([first.date, first.reportNumber, 'Late notes']);
    await inspector.request({ method: 'DELETE', url: `/api/field-reports/${first.id}` });
  });

  it('still refuses a malformed save whole (a wrong type is no one\'s typing)', async () => {
    const res = await save(inspector, report, { content: { ...report.content, damageSummary: 42 } });
    expect(res.statusCode).toBe(400);
    expect((await get(report.id)).version).toBe(report.version);
  });
});
