import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAt } from '../../src/core/field-reports/field-paths.ts';
import { localReport, newReportContent } from '../../src/core/field-reports/new-field-report.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { makePng } from '../helpers/uploads.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// The offline queue's field changes (issue 26, docs/decisions/102): PATCH /api/field-reports/:id/fields.
let t: TestApp;
let inspector: Agent;
let other: Agent;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({});
  const i = await t.user('limited_user');
  inspector = await t.signIn(i.email);
  other = await t.signIn((await t.user('admin')).email);
  ({ projectId } = await makeProject(t.database.db, i.id, 'Harbor Mill - Roof leak'));
});
afterAll(async () => t?.close());

type Report = { id: string; version: number; status: string; content: Record<string, unknown> };
// The firm's day, as the app counts it (UTC's differs between 19:00 and midnight in New York).
const today = firmTodayIso(DEFAULT_TIME_ZONE);
async function newReport(): Promise<Report> {
  const res = await inspector.request({ method: 'POST', url: '/api/field-reports', payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today } });
  return res.json();
}
const change = (agent: Agent, id: string, body: { changeId?: string; path: string; value: unknown; base: unknown }) =>
  agent.request({ method: 'PATCH', url: `/api/field-reports/${id}/fields`, payload: { changeId: randomUUID(), ...body } });
const auditRows = async (id: string) => (await sql<{ n: number }>`
  select count(*)::int as n from audit_log where table_name = 'field_reports' and row_id = ${id} and action = 'update'`.execute(t.database.db)).rows[0]!.n;

describe('a field change from the offline queue', () => {
  it('is applied once: a replay of the same change id answers the report without applying it again', async () => {
    const report = await newReport();
    const changeId = randomUUID();
    const first = await change(inspector, report.id, { changeId, path: '/content/damageSummary', value: 'Wet insulation', base: '' });
    expect(first.statusCode).toBe(200);
    expect(first.json().content.damageSummary).toBe('Wet insulation');
    expect(first.json().version).toBe(report.version + 1);
    // Someone else changes the field; the lost answer's replay must not put the old value back.
    const theirs = await change(other, report.id, { path: '/content/damageSummary', value: 'Dry now', base: 'Wet insulation' });
    expect(theirs.statusCode).toBe(200);
    const replay = await change(inspector, report.id, { changeId, path: '/content/damageSummary', value: 'Wet insulation', base: '' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().content.damageSummary).toBe('Dry now');
    expect(replay.json().version).toBe(report.version + 2);
    expect(await auditRows(report.id)).toBe(2);
  });

  it('refuses a change over a value changed meanwhile: 409 naming the field, theirs and yours, with the current report', async () => {
    const report = await newReport();
    await change(other, report.id, { path: '/content/notes', value: 'Their note', base: '' });
    const mine = await change(inspector, report.id, { path: '/content/notes', value: 'My note', base: '' });
    expect(mine.statusCode).toBe(409);
    const error = mine.json().error;
    expect(error.code).toBe('EDIT_CONFLICT');
    expect(error.message).toBe('Field notes was changed by someone else while yours waited to be sent.');
    expect(error.details).toMatchObject({ field: '/content/notes', theirs: 'Their note', yours: 'My note', current: { content: { notes: 'Their note' } } });
    // The choice is sent as a new change over their value.
    const settled = await change(inspector, report.id, { path: '/content/notes', value: 'My note', base: 'Their note' });
    expect(settled.json().content.notes).toBe('My note');
  });

  it('applies changes in the order sent, each to its own field, and answers the same value as done', async () => {
    const report = await newReport();
    const paths = ['/content/inspectionPurpose', '/content/causeOfLoss', '/content/areasInvolved'];
    for (const [i, path] of paths.entries()) expect((await change(inspector, report.id, { path, value: `v${i}`, base: '' })).statusCode).toBe(200);
    const again = await change(inspector, report.id, { path: '/content/causeOfLoss', value: 'v1', base: 'something else' });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(report.version + 3);
    expect(again.json().content).toMatchObject({ inspectionPurpose: 'v0', causeOfLoss: 'v1', areasInvolved: 'v2' });
  });

  it("keeps a field's own rules, and refuses a path that is not a field", async () => {
    const report = await newReport();
    const long = await change(inspector, report.id, { path: '/content/notes', value: 'x'.repeat(50_001), base: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.fields[0].path).toBe('/content/notes');
    const unknown = await change(inspector, report.id, { path: '/content/secret', value: 'x', base: undefined });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses a change to a certified report; a certification queued after changes certifies the version they left, once', async () => {
    const report = await newReport();
    const ids = [randomUUID(), randomUUID()];
    await change(inspector, report.id, { changeId: ids[0], path: '/content/notes', value: 'Done on site', base: '' });
    await change(inspector, report.id, { changeId: ids[1], path: '/content/damageSummary', value: 'Roof deck rot', base: '' });
    const drawnSignature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
    const missing = await inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`,
      payload: { version: report.version, drawnSignature, afterChanges: [...ids, randomUUID()] } });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toBe('The report was not certified: some of your changes were not saved. Settle them, then certify again.');
    const certify = () => inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`,
      payload: { version: report.version, drawnSignature, afterChanges: ids } });
    const done = await certify();
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('certified');
    expect(done.json().content.damageSummary).toBe('Roof deck rot');
    expect((await certify()).statusCode).toBe(200);
    const late = await change(inspector, report.id, { path: '/content/notes', value: 'After', base: 'Done on site' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe('This report is certified and cannot be changed. Start a new revision to make changes.');
  });
});

// A report created offline (docs/decisions/108): the device keeps projects with their facts, shows a
// local copy (localReport), and its queue sends the create and then the changes made over that copy.
describe('a report created offline', () => {
  type Kept = { id: string; label: string; facts: Parameters<typeof localReport>[0]['facts'] };
  const kept = async (agent: Agent): Promise<Kept[]> => {
    const res = await agent.request({ method: 'GET', url: '/api/field-reports/offline-projects' });
    expect(res.statusCode).toBe(200);
    return res.json().projects;
  };

  it('keeps the person\'s own projects first, with the facts a new report copies; closed ones are left out', async () => {
    const mine = await newReport();
    const { projectId: later } = await makeProject(t.database.db, (await t.user('admin')).id, 'Quay Street - Flood');
    const { projectId: closed } = await makeProject(t.database.db, (await t.user('admin')).id, 'Old Mill - Closed');
    await sql`update projects set status = 'closed' where id = ${closed}`.execute(t.database.db);
    const projects = await kept(inspector);
    const ids = projects.map((p) => p.id);
    expect(ids[0]).toBe(projectId);
    expect(ids).toContain(later);
    expect(ids).not.toContain(closed);
    // The copy a browser shows is what the server makes of the same create.
    expect(newReportContent(projects[0]!.facts)).toEqual(mine.content);
    expect((await kept(other)).map((p) => p.id).indexOf(later)).toBeLessThan((await kept(other)).map((p) => p.id).indexOf(projectId));
  });

  it('is sent as the create, then its changes over the local copy, each once; the server gives the number', async () => {
    const project = (await kept(inspector)).find((p) => p.id === projectId)!;
    const id = randomUUID();
    const local = localReport({
      id, project, reportType: 'Initial Inspection', date: today, inspector: { id: 'me', name: '' }, facts: project.facts,
    });
    const body = { id, projectId, reportType: 'Initial Inspection', date: today };
    const created = await inspector.request({ method: 'POST', url: '/api/field-reports', payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json().reportNumber).not.toBe('');
    const edits = [
      { path: '/content/causeOfLoss', value: 'Burst pipe' },
      { path: '/content/buildingOwner', value: 'Harbor Mill LLC' },
    ].map((e) => ({ ...e, changeId: randomUUID(), base: valueAt(local, e.path) }));
    for (const edit of edits) expect((await change(inspector, id, edit)).statusCode).toBe(200);
    // The queue replays all of it after a lost answer: nothing is made or applied twice.
    expect((await inspector.request({ method: 'POST', url: '/api/field-reports', payload: body })).json().version).toBe(created.json().version + 2);
    for (const edit of edits) await change(inspector, id, edit);
    const stored = (await inspector.request({ method: 'GET', url: `/api/field-reports/${id}` })).json();
    expect(stored.content).toMatchObject({ causeOfLoss: 'Burst pipe', buildingOwner: 'Harbor Mill LLC' });
    expect(stored.version).toBe(created.json().version + 2);
  });
});
