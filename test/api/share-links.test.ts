import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '../../src/core/field-reports/share-links.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { pdfPages } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { makeJpeg, makePng, multipart } from '../helpers/uploads.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';

// Client share links (docs/decisions/105): staff share a certified report; anyone with the link
// reads it (page facts, the stored PDF, the stored photos) until it is revoked or expires.

let t: TestApp;
let inspector: Agent;
let colleague: Agent;
let stranger: Agent;
let admin: Agent;
let projectId: string;
let reportId: string;
let photoId: string;

// The firm's day, as the app counts it (UTC's differs between 19:00 and midnight in New York).
const today = firmTodayIso(DEFAULT_TIME_ZONE);
const anonymous = (url: string, ip = '10.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
const share = (agent: Agent, id: string, body: Record<string, unknown> = {}) =>
  agent.request({ method: 'POST', url: `/api/field-reports/${id}/share-links`, payload: { expiresOn: addDays(today, 30), ...body } });
const links = async (agent: Agent) => (await agent.request({ method: 'GET', url: `/api/field-reports/${reportId}/share-links` })).json().links;

async function makeReport(agent: Agent) {
  const res = await agent.request({
    method: 'POST', url: '/api/field-reports',
    payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today },
  });
  return res.json() as { id: string; version: number };
}

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const i = await t.user('limited_user');
  inspector = await t.signIn(i.email);
  colleague = await t.signIn((await t.user('limited_user')).email);
  stranger = await t.signIn((await t.user('limited_user')).email);
  admin = await t.signIn((await t.user('admin')).email);
  ({ projectId } = await makeProject(t.database.db, i.id, 'Smith Residence - Kitchen fire'));
  const draft = await makeReport(inspector);
  reportId = draft.id;
  // A photo with EXIF (camera, owner): the stored copy the link serves must carry none of it.
  const withExif = await sharp(await makeJpeg(800, 600)).withExif({ IFD0: { Artist: 'Rob Vance', Copyright: 'Granite Mutual' } }).jpeg().toBuffer();
  expect((await sharp(withExif).metadata()).exif).toBeDefined();
  const body = multipart([{ name: 'original', filename: 'kitchen.jpg', content: withExif, type: 'image/jpeg' }]);
  photoId = randomUUID();
  const uploaded = await inspector.request({ method: 'PUT', url: `/api/field-reports/${reportId}/photos/${photoId}`, payload: body.payload, headers: body.headers });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const marked = await inspector.request({ method: 'PUT', url: `/api/field-reports/${reportId}/photos/${photoId}/annotations`, payload: { annotations: [mark], version: 0 } });
  expect(marked.statusCode, marked.body).toBe(200);
  const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
  const current = (await inspector.request({ method: 'GET', url: `/api/field-reports/${reportId}` })).json();
  const certified = await inspector.request({
    method: 'POST', url: `/api/field-reports/${reportId}/certify`, payload: { version: current.version, drawnSignature: signature },
  });
  expect(certified.statusCode).toBe(200);
});
afterAll(async () => t?.close());
const mark = { id: 'r1', type: 'rect', color: 'red', from: { x: 0.25, y: 0.25 }, to: { x: 0.75, y: 0.75 } };

describe('share links', () => {
  let token: string;

  it('shares only a certified report, within the expiry rules', async () => {
    const draft = await makeReport(inspector);
    const refused = await share(colleague, draft.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SHARE_MESSAGES.notCertified);
    expect((await share(colleague, reportId, { expiresOn: today })).json().error.message).toBe(SHARE_MESSAGES.expiryPast);
    expect((await share(colleague, reportId, { expiresOn: addDays(today, 91) })).json().error.message).toBe(SHARE_MESSAGES.expiryTooFar);
    expect((await share(colleague, randomUUID())).statusCode).toBe(404);
  });

  it('any member of staff makes a link; its secret is shown once and only its hash is kept', async () => {
    const res = await share(colleague, reportId, { label: 'Granite Mutual adjuster' });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    token = made.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.link).toMatchObject({ label: 'Granite Mutual adjuster', viewCount: 0, lastViewedAt: null, state: 'active', canRevoke: true });
    const rows = await t.database.db.selectFrom('field_report_shares').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const audit = await t.database.db.selectFrom('audit_log').select(['after']).where('table_name', '=', 'field_report_shares').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(rows[0]!.token_hash);
    // The list names who made it; only its maker or an administrator may revoke it.
    const [seenByStranger] = await links(stranger);
    expect(seenByStranger).toMatchObject({ createdByName: expect.stringMatching(/^Test /), canRevoke: false });
    expect((await links(admin))[0].canRevoke).toBe(true);
  });

  it('opens without an account: the facts, counted views, a no-referrer and noindex answer', async () => {
    const first = await anonymous(`/api/shared/${token}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.json()).toMatchObject({
      firm: { name: 'Hale & Ortiz Engineering' }, reportType: 'Initial Inspection', displayNumber: '001', date: today,
      projectName: 'Smith Residence - Kitchen fire', superseded: false, photos: [{ id: photoId, annotations: [mark] }],
    });
    // The client sees the photo as printed: its annotations, never where or when it was taken.
    expect(Object.keys(first.json().photos[0]).sort()).toEqual(['annotations', 'caption', 'height', 'id', 'width']);
    expect(first.body).not.toMatch(/\$|rate|amount/i);
    await anonymous(`/api/shared/${token}`);
    const [link] = await links(colleague);
    expect(link).toMatchObject({ viewCount: 2, lastViewedAt: expect.any(String) });
    // The page itself (index.html or the client route) carries the same headers.
    const page = await anonymous(`/shared/${token}`);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('writes each view in the audit log, in words: anyone with the link', async () => {
    const page = (await admin.request({ method: 'GET', url: '/api/audit?table=field_report_shares' })).json();
    const texts = page.entries.map((e: { text: string }) => e.text);
    expect(texts.filter((x: string) => x.startsWith('Anyone with the link "Granite Mutual adjuster" opened field report 001'))).toHaveLength(2);
    expect(texts.some((x: string) => x.endsWith('(view 2)'))).toBe(true);
    expect(texts.some((x: string) => /^Test \S+ created a share link "Granite Mutual adjuster" of field report 001/.test(x))).toBe(true);
    expect(JSON.stringify(page)).not.toContain('token_hash');
  });

  it('gives the certified PDF as stored and the photos as stored: no EXIF, never another report\'s', async () => {
    const pdf = await anonymous(`/api/shared/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const stored = await t.database.db.selectFrom('field_reports').select('certified_pdf').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(Buffer.compare(pdf.rawPayload, stored.certified_pdf!)).toBe(0);
    expect(pdfPages(pdf.rawPayload).join('\n')).not.toMatch(/\$\s?\d/);
    for (const suffix of ['', '/thumbnail']) {
      const photo = await anonymous(`/api/shared/${token}/photos/${photoId}${suffix}`);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(photo.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(photo.rawPayload.includes(Buffer.from('Rob Vance'))).toBe(false);
    }
    const other = await anonymous(`/api/shared/${token}/photos/${randomUUID()}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(SHARE_MESSAGES.unavailable);
  });

  it('gives the certificate\'s day and the last day of the link as the firm counts them, whatever the viewer\'s zone', async () => {
    // 22:30 in New York on 11/28/2026 is already 11/29 in UTC and in Tokyo: the page says 11/28.
    await t.database.db.updateTable('field_reports').set({ certified_at: new Date('2026-11-29T03:30:00Z') }).where('id', '=', reportId).execute();
    const answer = (await anonymous(`/api/shared/${token}`)).json();
    expect(answer.certifiedOn).toBe('2026-11-28');
    expect(answer.lastDay).toBe(addDays(today, 30));
  });

  it('a superseded report still opens and says it was replaced', async () => {
    const revised = await inspector.request({ method: 'POST', url: `/api/field-reports/${reportId}/revisions`, payload: { newId: randomUUID() } });
    expect(revised.statusCode).toBe(201);
    expect((await anonymous(`/api/shared/${token}`)).json()).toMatchObject({ superseded: true, displayNumber: '001' });
    // A superseded report cannot be shared anew.
    expect((await share(colleague, reportId)).json().error.message).toBe(SHARE_MESSAGES.notCertified);
  });

  it('revoked, expired and unknown links get the one same answer', async () => {
    const refusal = await stranger.request({ method: 'DELETE', url: `/api/field-reports/${reportId}/share-links/${(await links(colleague))[0].id}` });
    expect(refusal.statusCode).toBe(403);
    expect(refusal.json().error.message).toBe(SHARE_MESSAGES.revokeNotAllowed);
    const revoked = await colleague.request({ method: 'DELETE', url: `/api/field-reports/${reportId}/share-links/${(await links(colleague))[0].id}` });
    expect(revoked.json()).toMatchObject({ state: 'revoked', canRevoke: false });
    const afterRevoke = await anonymous(`/api/shared/${token}`);

    // An administrator may revoke someone else's link; an expired one is refused like the rest.
    const other = (await share(admin, (await makeCertified()).id)).json();
    await t.database.db.updateTable('field_report_shares').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', other.link.id).execute();
    const afterExpiry = await anonymous(`/api/shared/${other.token}`);
    const unknown = await anonymous(`/api/shared/${'A'.repeat(43)}`);
    const malformed = await anonymous('/api/shared/not-a-token');
    for (const answer of [afterRevoke, afterExpiry, unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.message).toBe('This link is no longer available.');
      expect(answer.json()).toEqual(afterRevoke.json());
    }
    for (const path of ['/pdf', `/photos/${photoId}`, `/photos/${photoId}/thumbnail`]) {
      expect((await anonymous(`/api/shared/${token}${path}`)).json()).toEqual(afterRevoke.json());
    }
    const texts = (await admin.request({ method: 'GET', url: '/api/audit?table=field_report_shares' })).json().entries.map((e: { text: string }) => e.text);
    expect(texts.some((x: string) => /^Test \S+ revoked the share link "Granite Mutual adjuster" of field report 001/.test(x))).toBe(true);
  });

  it('an address that keeps naming dead links is refused for the minute', async () => {
    const ip = '10.9.9.9';
    // The count is per clock minute: the 21 tries must not straddle two.
    if (new Date().getSeconds() > 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    for (let i = 0; i < 20; i++) expect((await anonymous(`/api/shared/${'B'.repeat(43)}`, ip)).statusCode).toBe(404);
    expect((await anonymous(`/api/shared/${'B'.repeat(43)}`, ip)).statusCode).toBe(429);
    expect((await anonymous(`/api/shared/${'B'.repeat(43)}`, '10.9.9.10')).statusCode).toBe(404);
  });
});

async function makeCertified() {
  const draft = await makeReport(admin);
  const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
  const res = await admin.request({ method: 'POST', url: `/api/field-reports/${draft.id}/certify`, payload: { version: draft.version, drawnSignature: signature } });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}
