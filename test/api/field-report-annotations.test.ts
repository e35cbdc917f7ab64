import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_REPORT_MESSAGES } from '../../src/core/field-reports/field-reports.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { boxOfPixels, renderPage } from '../helpers/pdf-pixels.ts';
import { pdfInfo, pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { multipart } from '../helpers/uploads.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// Annotations on report images (docs/decisions/104): saved apart from the image, versioned,
// editable until certified, copied by a revision, drawn on the PDF.

let t: TestApp;
let inspector: Agent;
let other: Agent;
let reportId: string;
let photoId: string;

// The firm's day, as the app counts it (UTC's differs between 19:00 and midnight in New York).
const today = firmTodayIso(DEFAULT_TIME_ZONE);
const gray = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } }).png().toBuffer();
const url = (id = photoId, report = reportId) => `/api/field-reports/${report}/photos/${id}/annotations`;
const put = (agent: Agent, annotations: unknown[], version: number, at = url()) =>
  agent.request({ method: 'PUT', url: at, payload: { annotations, version } });

const p = (x: number, y: number) => ({ x, y });
const drawn = [
  { id: 'r1', type: 'rect', color: 'red', from: p(0.25, 0.25), to: p(0.75, 0.75) },
  { id: 'a1', type: 'arrow', color: 'blue', from: p(0.05, 0.05), to: p(0.2, 0.2) },
  { id: 't1', type: 'text', color: 'yellow', at: p(0.3, 0.9), text: '  Water line  ' },
];
const stored = drawn.map((a) => (a.type === 'text' ? { ...a, text: 'Water line' } : a));

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const i = await t.user('limited_user');
  inspector = await t.signIn(i.email);
  other = await t.signIn((await t.user('admin')).email);
  const { projectId } = await makeProject(t.database.db, i.id, 'Reyes House - Basement flood');
  reportId = (await inspector.request({
    method: 'POST', url: '/api/field-reports', payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today },
  })).json().id;
  const body = multipart([{ name: 'original', filename: 'wall.png', content: await gray(800, 600) }]);
  photoId = randomUUID();
  const up = await inspector.request({ method: 'PUT', url: `/api/field-reports/${reportId}/photos/${photoId}`, payload: body.payload, headers: body.headers });
  expect(up.statusCode, up.body).toBe(200);
});
afterAll(async () => t?.close());

describe('annotations', () => {
  let before: Buffer;
  const imageBytes = async () => (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}/photos/${photoId}/image` })).rawPayload;

  it('a new image has none, at version 0', async () => {
    before = await imageBytes();
    const report = (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}` })).json();
    expect(report.photos[0]).toMatchObject({ annotations: [], annotationsVersion: 0 });
  });

  it('saves them with the version edited; the same save again answers the same (a replay)', async () => {
    const res = await put(inspector, drawn, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toMatchObject({ id: photoId, annotations: stored, annotationsVersion: 1, width: 800, height: 600 });
    const again = await put(inspector, drawn, 0);
    expect(again.statusCode).toBe(200);
    expect(again.json().images[0]).toMatchObject({ annotations: stored, annotationsVersion: 1 });
    const report = (await other.request({ method: 'GET', url: `/api/field-reports/${reportId}` })).json();
    expect(report.photos[0]).toMatchObject({ annotations: stored, annotationsVersion: 1 });
  });

  it('refuses a stale version with the image as it is, and changes nothing', async () => {
    const res = await put(other, [drawn[0]], 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('changed the annotations of this image meanwhile');
    expect(res.json().error.details.current).toMatchObject({ id: photoId, annotations: stored, annotationsVersion: 1 });
  });

  it('refuses shapes outside the image, unknown colours and unknown images', async () => {
    expect((await put(inspector, [{ ...drawn[0], to: p(1.5, 0.5) }], 1)).statusCode).toBe(400);
    expect((await put(inspector, [{ ...drawn[0], color: 'pink' }], 1)).statusCode).toBe(400);
    expect((await put(inspector, [], 1, url(randomUUID()))).statusCode).toBe(404);
    expect((await put(inspector, [], 1, `/api/field-reports/${reportId}/diagrams/${photoId}/annotations`)).statusCode).toBe(404);
  });

  it('diagrams and readings take them the same way', async () => {
    const body = multipart([{ name: 'original', filename: 'plan.png', content: await gray(1000, 500) }]);
    const diagramId = randomUUID();
    const up = await inspector.request({ method: 'PUT', url: `/api/field-reports/${reportId}/diagrams/${diagramId}`, payload: body.payload, headers: body.headers });
    expect(up.statusCode, up.body).toBe(200);
    const res = await put(inspector, [drawn[0]], 0, `/api/field-reports/${reportId}/diagrams/${diagramId}/annotations`);
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toMatchObject({ id: diagramId, annotations: [drawn[0]], annotationsVersion: 1 });
  });

  it('leaves the image bytes alone', async () => {
    expect((await imageBytes()).equals(before)).toBe(true);
  });

  it('draws them on the PDF over the photo: the red rectangle where it was drawn, the label as text', async () => {
    const pdf = (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}/pdf` })).rawPayload;
    savePdf('field-report-annotations.pdf', pdf);
    expect(pdfPages(pdf).join('\n')).toContain('Water line');
    const page = renderPage(pdf, Number(pdfInfo(pdf).Pages));
    const photo = boxOfPixels(page, ([r, g, b]) => Math.abs(r - 128) < 6 && Math.abs(g - 128) < 6 && Math.abs(b - 128) < 6);
    expect(photo.width / photo.height).toBeCloseTo(800 / 600, 1);
    const at = (x: number, y: number) => page.at(photo.left + x * photo.width, photo.top + y * photo.height);
    const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 90 && b! < 90;
    expect(isRed(at(0.25, 0.5)), 'left side of the rectangle').toBe(true);
    expect(isRed(at(0.75, 0.4)), 'right side').toBe(true);
    expect(isRed(at(0.5, 0.25)), 'top side').toBe(true);
    expect(at(0.5, 0.5), 'inside stays the photo').toEqual([128, 128, 128]);
    const [r, g, b] = at(0.15, 0.15);
    expect(b > 150 && r < 100 && g < 120, 'the arrow is blue').toBe(true);
  });

  it('a certified report refuses changes; its revision copies them and may change them', async () => {
    const current = (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}` })).json();
    const signature = `data:image/png;base64,${(await gray(300, 90)).toString('base64')}`;
    const certified = await inspector.request({
      method: 'POST', url: `/api/field-reports/${reportId}/certify`, payload: { version: current.version, drawnSignature: signature },
    });
    expect(certified.statusCode).toBe(200);
    const refused = await put(inspector, [], 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FIELD_REPORT_MESSAGES.certified);

    const revision = (await other.request({ method: 'POST', url: `/api/field-reports/${reportId}/revisions`, payload: { newId: randomUUID() } })).json();
    const copy = revision.photos[0];
    expect(copy).toMatchObject({ annotations: stored, annotationsVersion: 0 });
    expect(copy.id).not.toBe(photoId);
    const changed = await put(other, [drawn[1]], 0, url(copy.id, revision.id));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().images[0]).toMatchObject({ annotations: [drawn[1]], annotationsVersion: 1 });
    const old = (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}` })).json();
    expect(old.photos[0].annotations).toEqual(stored);
  });
});
