import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { formatUsDate } from '../../src/core/smart-date.ts';
import { firmTodayIso, addDays } from '../../src/core/dates/iso-date.ts';
import { REVIEW_MESSAGES } from '../../src/core/field-reports/report-review.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { pdfPages, savePdf } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { makePng } from '../helpers/uploads.ts';

// Reports reviewed before they leave (issue 42, docs/decisions/142): with the firm's rule on, a
// second engineer signs the version they read before the inspector certifies it or anyone shares
// it; the certified PDF shows both signatures.

let t: TestApp;
let inspector: Agent;
let reviewer: Agent;
let admin: Agent;
let projectId: string;
let reviewerName: string;
let signature: string;

const today = firmTodayIso(DEFAULT_TIME_ZONE);
type Report = { id: string; version: number; status: string; review: { byName: string; current: boolean } | null; [k: string]: unknown };

const create = async () => (await inspector.request({
  method: 'POST', url: '/api/field-reports', payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today },
})).json() as Report;
const read = async (id: string) => (await inspector.request({ method: 'GET', url: `/api/field-reports/${id}` })).json() as Report;
const review = (agent: Agent, r: Report) =>
  agent.request({ method: 'POST', url: `/api/field-reports/${r.id}/review`, payload: { version: r.version, drawnSignature: signature } });
const certify = (r: Report) =>
  inspector.request({ method: 'POST', url: `/api/field-reports/${r.id}/certify`, payload: { version: r.version, drawnSignature: signature } });
const share = (r: Report) =>
  reviewer.request({ method: 'POST', url: `/api/field-reports/${r.id}/share-links`, payload: { expiresOn: addDays(today, 30) } });
const settings = async () => (await admin.request({ method: 'GET', url: '/api/settings/field-reports' })).json() as { requireReview: boolean; version: number };
const setRule = async (requireReview: boolean) => {
  const res = await admin.request({ method: 'PUT', url: '/api/settings/field-reports', payload: { requireReview, version: (await settings()).version } });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  const i = await t.user('limited_user');
  inspector = await t.signIn(i.email);
  const r = await t.user('limited_user');
  reviewer = await t.signIn(r.email);
  reviewerName = (await reviewer.request({ method: 'GET', url: '/api/auth/session' })).json().user.displayName;
  admin = await t.signIn((await t.user('admin')).email);
  ({ projectId } = await makeProject(t.database.db, i.id, 'Smith Residence - Kitchen fire'));
  signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
});
afterAll(async () => t?.close());

describe('the firm rule of a second engineer\'s review', () => {
  it('is off by default; admins set it, at the version they saw; others may not', async () => {
    expect(await settings()).toMatchObject({ requireReview: false });
    const limited = await inspector.request({ method: 'PUT', url: '/api/settings/field-reports', payload: { requireReview: true, version: 1 } });
    expect(limited.statusCode).toBe(403);
    const stale = await admin.request({ method: 'PUT', url: '/api/settings/field-reports', payload: { requireReview: true, version: 99 } });
    expect(stale.statusCode).toBe(409);
    expect((await settings()).requireReview).toBe(false);
  });

  it('rule off: a report certifies without a review, and shares', async () => {
    const report = await create();
    expect(report.review).toBeNull();
    expect((await certify(report)).statusCode).toBe(200);
    expect((await share(await read(report.id))).statusCode).toBe(201);
  });

  it('rule on: certifying waits for a review by someone else of the version certified; the PDF shows both', async () => {
    await setRule(true);
    let report = await create();
    const refused = await certify(report);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(REVIEW_MESSAGES.requiredToCertify);

    const own = await review(inspector, report);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(REVIEW_MESSAGES.ownReport);
    expect((await review(reviewer, { ...report, version: report.version - 1 + 5 })).statusCode).toBe(409);

    const reviewed = await review(reviewer, report);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().review).toMatchObject({ byName: reviewerName, current: true });
    // The reviewer's signature is an image, left out of the audit log as the inspector's is (docs/decisions/222).
    const logged = await admin.request({ method: 'GET', url: `/api/audit?rowId=${report.id}` });
    expect(logged.statusCode).toBe(200);
    expect(logged.json().entries.flatMap((e: { changes: { field: string }[] }) => e.changes.map((c) => c.field))).not.toContain('review_signature');
    expect(logged.body).not.toMatch(/\\\\x89504e47|review_signature"/);
    const stored = await t.database.db.selectFrom('audit_log').select(['before', 'after']).where('row_id', '=', report.id).execute();
    expect(JSON.stringify(stored)).not.toContain('review_signature"');

    // A change after the review: the review stays on record but no longer covers the report.
    report = reviewed.json();
    const changed = await inspector.request({
      method: 'PUT', url: `/api/field-reports/${report.id}`,
      payload: {
        projectId: report.projectId, reportType: report.reportType, reportNumber: report.reportNumber, date: report.date,
        inspectorId: report.inspectorId, content: { ...(report.content as object), damageSummary: 'Smoke damage to the kitchen ceiling.' }, version: report.version,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    report = changed.json();
    expect(report.review).toMatchObject({ current: false });
    const outdated = await certify(report);
    expect(outdated.json().error.message).toBe(REVIEW_MESSAGES.outOfDate);

    report = (await review(reviewer, report)).json();
    const certified = await certify(report);
    expect(certified.statusCode, certified.body).toBe(200);
    expect(certified.json().review).toMatchObject({ byName: reviewerName, current: true });
    const pdf = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/pdf` });
    savePdf('field-report-reviewed.pdf', pdf.rawPayload);
    const text = pdfPages(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`${reviewerName}, Reviewer · Reviewed ${formatUsDate(new Date())}`);
    expect(text).toMatch(/, Inspector · Certified \d\d\/\d\d\/\d{4}/);
    expect((await share(await read(report.id))).statusCode).toBe(201);

    // A certified report cannot be reviewed any more.
    expect((await review(reviewer, await read(report.id))).json().error.message).toBe(REVIEW_MESSAGES.notDraft);
  });

  it('rule on: a report certified before the rule, never reviewed, is not shared', async () => {
    await setRule(false);
    const report = await create();
    expect((await certify(report)).statusCode).toBe(200);
    await setRule(true);
    const refused = await share(await read(report.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(REVIEW_MESSAGES.requiredToShare);
  });

  it('the reviewer may not also certify (rule off too)', async () => {
    await setRule(false);
    const report = await create();
    const reviewed = (await review(reviewer, report)).json() as Report;
    // The reviewer names themself inspector and tries to certify.
    const takeOver = await reviewer.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`, payload: { version: reviewed.version, drawnSignature: signature } });
    expect(takeOver.statusCode).toBe(403);
  });
});
