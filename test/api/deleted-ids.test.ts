import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import type { RememberedTable } from '../../src/server/db/deleted-id-types.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { expenseBody, newId, timeBody, trackedProject } from '../helpers/time-tracking-fixtures.ts';
import { makeJpeg, multipart } from '../helpers/uploads.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// A deleted row stays deleted (issue 37, docs/decisions/110): a create replayed after its row was
// deleted (a PUT without a version, the offline queue's resend after a lost answer) answers 410 with
// the error envelope and 'This entry was deleted.', stores nothing, and the deleted id is remembered.

let t: TestApp;
let admin: Agent;
let adminId: string;
let projectId: string;
const today = firmTodayIso(DEFAULT_TIME_ZONE);

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  ({ projectId } = await trackedProject(t.database.db, adminId));
});
afterAll(async () => t?.close());

const remembered = (table: RememberedTable, id: string) =>
  t.database.db.selectFrom('deleted_ids').selectAll().where('table_name', '=', table).where('id', '=', id).executeTakeFirst();

const rowCount = async (table: RememberedTable, id: string) =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('id', '=', id).executeTakeFirstOrThrow()).n);

function expectGone(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(410);
  // The error envelope (dbCode CBD01 when the insert's trigger refused it, none when refused before).
  expect(res.json()).toMatchObject({ error: { code: 'RECORD_DELETED', message: 'This entry was deleted.' } });
}

describe.each([
  { kind: 'time-entries', table: 'time_entries', body: timeBody },
  { kind: 'expense-entries', table: 'expense_entries', body: expenseBody },
] as const)('PUT /api/$kind/:id after a delete', ({ kind, table, body }) => {
  const put = (id: string, payload: object) => admin.request({ method: 'PUT', url: `/api/${kind}/${id}`, payload });

  it('a replayed create answers 410, stores nothing, and the id is remembered with who deleted it', async () => {
    const id = newId();
    expect((await put(id, body(projectId))).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/${kind}/${id}?version=1` })).statusCode).toBe(204);
    expect(await remembered(table, id)).toMatchObject({ deleted_by: adminId, deleted_at: expect.any(Date) });

    expectGone(await put(id, body(projectId)));
    expectGone(await put(id, body(projectId, { description: 'typed after the first send' })));
    expect(await rowCount(table, id)).toBe(0);
  });

  it('an update of the deleted row stays a 404; a retried delete stays a 204', async () => {
    const id = newId();
    await put(id, body(projectId));
    await admin.request({ method: 'DELETE', url: `/api/${kind}/${id}` });
    expect((await put(id, body(projectId, { version: 1 }))).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `/api/${kind}/${id}` })).statusCode).toBe(204);
  });

  it('a new id creates as before; a lost answer is still answered with the stored row', async () => {
    const id = newId();
    expect((await put(id, body(projectId))).statusCode).toBe(200);
    expect((await put(id, body(projectId))).statusCode).toBe(200);
    expect(await rowCount(table, id)).toBe(1);
    expect(await remembered(table, id)).toBeUndefined();
  });
});

describe('entries booked by the timer and the day\'s suggestions, deleted, then booked again by their id', () => {
  it('POST /api/timer/stop: 410, nothing booked, the timer keeps running', async () => {
    const entryId = newId();
    const start = () => admin.request({ method: 'POST', url: '/api/timer/start', payload: { projectId, jobType: 'Consultant', description: 'Drafting' } });
    expect((await start()).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: '/api/timer/stop', payload: { entryId } })).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/time-entries/${entryId}` })).statusCode).toBe(204);
    expect((await start()).statusCode).toBe(200);
    expectGone(await admin.request({ method: 'POST', url: '/api/timer/stop', payload: { entryId } }));
    expect(await rowCount('time_entries', entryId)).toBe(0);
    expect((await admin.request({ method: 'GET', url: '/api/timer' })).json().timer).not.toBeNull();
    await admin.request({ method: 'DELETE', url: '/api/timer' });
  });

  it('POST /api/timesheet/day/accept: 410, nothing booked', async () => {
    const payload = {
      entryId: newId(), date: today, projectId, jobType: 'Consultant', hours: 1, title: 'Site meeting', source: 'google:deletedmeeting1',
    };
    expect((await admin.request({ method: 'POST', url: '/api/timesheet/day/accept', payload })).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/time-entries/${payload.entryId}` })).statusCode).toBe(204);
    expectGone(await admin.request({ method: 'POST', url: '/api/timesheet/day/accept', payload }));
    expect(await rowCount('time_entries', payload.entryId)).toBe(0);
  });
});

describe('POST /api/action-items with a client id after a delete', () => {
  it('answers 410 and stores nothing', async () => {
    const id = newId();
    const create = () => admin.request({ method: 'POST', url: '/api/action-items', payload: { ...newItem(projectId, adminId), id } });
    expect((await create()).statusCode).toBe(201);
    expect((await admin.request({ method: 'DELETE', url: `/api/action-items/${id}` })).statusCode).toBe(204);
    expect(await remembered('action_items', id)).toMatchObject({ deleted_by: adminId });
    expectGone(await create());
    expect(await rowCount('action_items', id)).toBe(0);
  });
});

describe('field reports and their photos', () => {
  let reportProject: string;
  beforeAll(async () => {
    ({ projectId: reportProject } = await makeProject(t.database.db, adminId, 'Basement flood'));
  });
  const createReport = (id: string) => admin.request({
    method: 'POST', url: '/api/field-reports', payload: { id, projectId: reportProject, reportType: 'Initial Inspection', date: today },
  });
  const putPhoto = async (reportId: string, imageId: string) => {
    const body = multipart([{ name: 'original', filename: 'IMG_0001.JPG', content: await makeJpeg(64, 48), type: 'image/jpeg' }]);
    return admin.request({ method: 'PUT', url: `/api/field-reports/${reportId}/photos/${imageId}`, payload: body.payload, headers: body.headers });
  };

  it('POST /api/field-reports: a replayed create of a deleted draft answers 410 and stores nothing', async () => {
    const id = newId();
    expect((await createReport(id)).statusCode).toBe(201);
    expect((await admin.request({ method: 'DELETE', url: `/api/field-reports/${id}` })).statusCode).toBe(204);
    expect(await remembered('field_reports', id)).toMatchObject({ deleted_by: adminId });
    expectGone(await createReport(id));
    expect(await rowCount('field_reports', id)).toBe(0);
  });

  it('PUT /api/field-reports/:id/photos/:imageId: a replay of a deleted photo answers 410, the list stays without it', async () => {
    const reportId = newId();
    await createReport(reportId);
    const imageId = newId();
    expect((await putPhoto(reportId, imageId)).statusCode).toBe(200);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/field-reports/${reportId}/photos/${imageId}` });
    expect(deleted.json()).toEqual({ images: [] });
    expect(await remembered('field_report_images', imageId)).toMatchObject({ deleted_by: adminId });
    expectGone(await putPhoto(reportId, imageId));
    expect(await rowCount('field_report_images', imageId)).toBe(0);
    const originals = await t.database.db.selectFrom('field_report_originals').select('sha256').execute();
    expect(originals).toEqual([]);
  });

  it('photos deleted with their report are remembered', async () => {
    const reportId = newId();
    await createReport(reportId);
    const imageId = newId();
    await putPhoto(reportId, imageId);
    await admin.request({ method: 'DELETE', url: `/api/field-reports/${reportId}` });
    expect(await remembered('field_report_images', imageId)).toBeDefined();
  });
});
