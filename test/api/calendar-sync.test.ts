import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '../../src/core/calendar/calendar-event.ts';
import { rearm } from '../../src/server/jobs/queue.ts';
import { googleEnv, startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { connectCalendar } from '../helpers/calendar-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let fake: FakeGoogle;
let t: TestApp;
let admin: Agent;
let user: Agent;
let adminId: string;
let userId: string;
let projectId: string;
let clientName: string;

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await createTestApp({ ...googleEnv(fake), TZ: 'America/New_York' });
  const a = await t.user('admin');
  const u = await t.user('limited_user');
  adminId = a.id;
  userId = u.id;
  admin = await t.signIn(a.email);
  user = await t.signIn(u.email);
  ({ projectId, clientName } = await makeProject(t.database.db, adminId));
  await connectCalendar(admin);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.control({ calendarStatus: null, failNext: null, revoked: false }));

const drain = () => t.app.jobs.drain('calendar-sync', { includeDelayed: true });
const create = async (fields: Record<string, unknown> = {}) => {
  const res = await user.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminId, { calendarSync: true, ...fields }) });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number };
};
const item = async (id: string) => (await user.request({ method: 'GET', url: `/api/action-items/${id}` })).json();
const patch = (id: string, payload: Record<string, unknown>) => user.request({ method: 'PATCH', url: `/api/action-items/${id}`, payload });
const status = async () => (await user.request({ method: 'GET', url: '/api/calendar/status' })).json();
const event = (id: string) => fake.events().find((e) => e.id === id);

describe('the core path', () => {
  let id: string;
  let eventId: string;

  it('queues a sync on save (3 s debounce) and creates the §7 event under our own id', async () => {
    const created = await create({ dueDate: '2027-03-15', startTime: '14:00:00', endTime: '', url: 'https://meet.example.com/x' });
    id = created.id;
    eventId = eventIdFor(id, 0);
    // The debounce read from the database's own times (the save's statement and its run_at), not
    // from how long this machine took since: a timing test belongs in a benchmark.
    const { rows: [job] } = await sql<{ after_s: number; payload: unknown }>`
      select extract(epoch from run_at - updated_at)::float8 as after_s, payload from jobs where key = ${id}`.execute(t.database.db);
    expect(job!.payload).toEqual({ op: 'sync', projectId });
    expect(job!.after_s).toBe(3);
    expect(await status()).toMatchObject({ available: true, pending: 1, syncing: false, failed: 0 });
    // A job not yet due is left alone (its due time held an hour away, whatever the machine's speed).
    await sql`update jobs set run_at = now() + interval '1 hour' where key = ${id}`.execute(t.database.db);
    expect(await t.app.jobs.drain('calendar-sync')).toBe(0);
    expect(await drain()).toBe(1);
    expect(fake.events()).toHaveLength(1);
    expect(event(eventId)).toMatchObject({
      summary: 'Site visit',
      description: `Client: ${clientName}\nAssignee: Test admin\nStatus: Open\nMeeting Link: https://meet.example.com/x`
        + '\n\nMeet the adjuster at the property\n\nSynced from Casebook',
      start: { dateTime: '2027-03-15T14:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2027-03-15T14:30:00', timeZone: 'America/New_York' },
      reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 60 }, { method: 'popup', minutes: 15 }] },
    });
    expect(await item(id)).toMatchObject({ gcalSynced: true, gcalEventId: eventId, calendarSync: true, version: created.version });
    expect(await status()).toMatchObject({ pending: 0 });
  });

  it('updates the event on a status change, and on an assignee change', async () => {
    let current = await item(id);
    expect((await patch(id, { status: 'completed', version: current.version })).statusCode).toBe(200);
    await drain();
    expect(event(eventId)!.description).toContain('Status: Completed');
    current = await item(id);
    await patch(id, { assignee: userId, version: current.version });
    await drain();
    expect(event(eventId)!.description).toContain('Assignee: Test limited_user');
    expect(fake.events()).toHaveLength(1);
    expect(fake.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('does not sync archiving, nor an edit that changes nothing the event shows', async () => {
    const current = await item(id);
    await patch(id, { archived: true, version: current.version });
    expect(await status()).toMatchObject({ pending: 0 });
    const again = await item(id);
    await patch(id, { archived: false, version: again.version });
    expect(await drain()).toBe(0);
  });

  it('recreates an event deleted in Google under a new id', async () => {
    const current = await item(id);
    await fetch(`${fake.calendarUrl}/calendars/primary/events/${eventId}`, { method: 'DELETE', headers: { authorization: `Bearer ${fake.accessToken()}` } });
    await patch(id, { shortDescription: 'Site visit (moved)', version: current.version });
    await drain();
    const after = await item(id);
    expect(after.gcalEventId).toBe(eventIdFor(id, 1));
    expect(event(after.gcalEventId)!.summary).toBe('Site visit (moved)');
    eventId = after.gcalEventId;
  });

  it("Remove deletes the event: 'Successfully removed from the calendar', then 'already removed'", async () => {
    const res = await user.request({ method: 'POST', url: `/api/action-items/${id}/calendar/remove`, payload: {} });
    expect(res.json()).toEqual({ outcome: 'removed', message: 'Successfully removed from the calendar' });
    expect(fake.events()).toHaveLength(0);
    expect(await item(id)).toMatchObject({ gcalSynced: false, gcalEventId: null, calendarSync: false });
    const again = await user.request({ method: 'POST', url: `/api/action-items/${id}/calendar/remove`, payload: {} });
    expect(again.json()).toEqual({ outcome: 'alreadyRemoved', message: 'Event was already removed from the calendar' });
  });

  it('turning sync back on creates a fresh event', async () => {
    const current = await item(id);
    await patch(id, { calendarSync: true, version: current.version });
    await drain();
    const after = await item(id);
    expect(after.gcalEventId).toBe(eventIdFor(id, 2));
    expect(fake.events()).toHaveLength(1);
  });

  it('Unlink keeps the event and its id; later edits are not synced, but a status change updates it (SPEC §4)', async () => {
    const res = await user.request({ method: 'POST', url: `/api/action-items/${id}/calendar/unlink`, payload: {} });
    expect(res.json()).toEqual({ outcome: 'unlinked', message: 'Sync disabled without removing from the calendar.' });
    const after = await item(id);
    expect(after).toMatchObject({ calendarSync: false, gcalSynced: true });
    await patch(id, { shortDescription: 'Not synced', version: after.version });
    expect(await drain()).toBe(0);
    expect(fake.events()).toHaveLength(1);
    const before = fake.calls.length;
    const unlinked = await item(id);
    await patch(id, { status: 'closed', version: unlinked.version });
    expect(await drain()).toBe(1);
    expect(fake.calls.slice(before)).toEqual([`PUT /calendars/primary/events/${unlinked.gcalEventId}`]);
    expect(event(unlinked.gcalEventId)).toMatchObject({ summary: 'Not synced' });
    expect(event(unlinked.gcalEventId)!.description).toContain('Status: Closed');
    expect(await item(id)).toMatchObject({ calendarSync: false, gcalEventId: unlinked.gcalEventId });
    // Deleting the item leaves an unlinked event alone.
    await user.request({ method: 'DELETE', url: `/api/action-items/${id}` });
    expect(await drain()).toBe(0);
  });
});

describe('what queues a sync (SPEC §4)', () => {
  it('a status change creates the event of an item with sync off (update if it has one, else create)', async () => {
    const created = await create({ calendarSync: false, shortDescription: 'Toggle off' });
    expect(await drain()).toBe(0);
    let current = await item(created.id);
    await patch(created.id, { status: 'completed', version: current.version });
    const { rows: [job] } = await sql<{ payload: unknown }>`select payload from jobs where key = ${created.id}`.execute(t.database.db);
    expect(job!.payload).toEqual({ op: 'status', projectId });
    expect(await drain()).toBe(1);
    const eventId = eventIdFor(created.id, 0);
    expect(event(eventId)).toMatchObject({ summary: 'Toggle off' });
    expect(event(eventId)!.description).toContain('Status: Completed');
    current = await item(created.id);
    expect(current).toMatchObject({ calendarSync: false, gcalSynced: true, gcalEventId: eventId });
    // The toggle stays off: other edits are not synced.
    await patch(created.id, { shortDescription: 'Renamed', version: current.version });
    expect(await drain()).toBe(0);
  });

  it('queues nothing for a status change while no calendar is connected', async () => {
    await admin.request({ method: 'POST', url: '/api/calendar/disconnect', payload: {} });
    try {
      const dated = await create({ calendarSync: false });
      await patch(dated.id, { status: 'completed', version: (await item(dated.id)).version });
      const { rows } = await sql`select 1 from jobs where key = ${dated.id}`.execute(t.database.db);
      expect(rows).toHaveLength(0);
    } finally {
      await connectCalendar(admin);
    }
  });
});

describe("a project's sync indicator", () => {
  it("counts and syncs that project's queue only; without a project, the firm's", async () => {
    await sql`delete from jobs`.execute(t.database.db);
    const other = await makeProject(t.database.db, adminId, 'Other project');
    await create({ shortDescription: 'Mine' });
    const theirs = await user.request({ method: 'POST', url: '/api/action-items', payload: newItem(other.projectId, adminId, { calendarSync: true }) });
    expect(theirs.statusCode).toBe(201);
    const of = async (p?: string) =>
      (await user.request({ method: 'GET', url: p ? `/api/calendar/status?projectId=${p}` : '/api/calendar/status' })).json();
    expect(await of(projectId)).toMatchObject({ pending: 1 });
    expect(await of(other.projectId)).toMatchObject({ pending: 1 });
    expect(await of()).toMatchObject({ pending: 2 });
    expect((await user.request({ method: 'GET', url: '/api/calendar/status?projectId=nope' })).statusCode).toBe(400);
    await t.app.jobs.start();
    try {
      const res = await user.request({ method: 'POST', url: '/api/calendar/sync-now', payload: { projectId: other.projectId } });
      expect(res.json()).toMatchObject({ total: 1, success: 1, failed: 0 });
    } finally {
      await t.app.jobs.stop();
    }
    // The other project's went out; this one's still waits out its 3 s (or was taken by the started runner).
    expect(await of(other.projectId)).toMatchObject({ pending: 0 });
    await drain();
    expect(await of()).toMatchObject({ pending: 0 });
  });
});

describe('trouble', () => {
  it('a 503 never blocks the save; the item stays pending with its error until Sync now after recovery', async () => {
    fake.control({ calendarStatus: 503 });
    const created = await create();
    await drain();
    expect(await status()).toMatchObject({
      pending: 1, failed: 0, errors: [{ itemId: created.id, error: 'The calendar service is temporarily unavailable. Please try again later.' }],
    });
    // Backed off from the failure (run_at and updated_at are set together), whatever time has passed since on a busy machine.
    const { rows: [job] } = await sql<{ attempts: number; in_s: number }>`
      select attempts, extract(epoch from run_at - updated_at)::float8 as in_s from jobs where key = ${created.id}`.execute(t.database.db);
    expect(job!.attempts).toBe(1);
    expect(job!.in_s).toBeGreaterThan(0.5);
    fake.control({ calendarStatus: null });
    await t.app.jobs.start();
    try {
      const res = await user.request({ method: 'POST', url: '/api/calendar/sync-now', payload: {} });
      expect(res.json()).toMatchObject({ total: 1, success: 1, failed: 0, results: [{ itemId: created.id, outcome: 'success' }] });
    } finally {
      await t.app.jobs.stop();
    }
    expect(await status()).toMatchObject({ pending: 0, errors: [] });
    expect(event(eventIdFor(created.id, 0))).toBeDefined();
  });

  it('a create whose answer was lost is adopted (409), never duplicated', async () => {
    const created = await create({ shortDescription: 'Adopt me' });
    const eventId = eventIdFor(created.id, 0);
    // An earlier attempt reached Google, then the process died before storing the id.
    await fetch(`${fake.calendarUrl}/calendars/primary/events`, {
      method: 'POST', headers: { authorization: `Bearer ${fake.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: eventId, summary: 'Adopt me' }),
    });
    await drain();
    expect(fake.events().filter((e) => e.id === eventId)).toHaveLength(1);
    expect((await item(created.id)).gcalEventId).toBe(eventId);
  });

  it('a permanent error (403) fails the item at once; a 429 backs off', async () => {
    fake.control({ calendarStatus: 403 });
    const a = await create({ shortDescription: 'Forbidden' });
    await drain();
    expect((await status()).errors).toContainEqual({ itemId: a.id, error: 'Calendar permission denied. Please check your account permissions.' });
    expect((await status()).failed).toBe(1);
    fake.control({ calendarStatus: 429 });
    await sql`delete from jobs`.execute(t.database.db);
    const b = await create({ shortDescription: 'Busy' });
    await drain();
    expect((await status()).errors).toContainEqual({ itemId: b.id, error: 'Too many requests. Please wait a moment and try again.' });
    expect((await status()).failed).toBe(0);
    await sql`delete from jobs`.execute(t.database.db);
  });

  it("a Remove that Google refuses says so, even with the background runner started (it leaves the job to Remove)", async () => {
    const created = await create({ shortDescription: 'Refused removal' });
    await drain();
    fake.control({ calendarStatus: 403 });
    await t.app.jobs.start();
    try {
      const res = await user.request({ method: 'POST', url: `/api/action-items/${created.id}/calendar/remove`, payload: {} });
      expect(res.json()).toEqual({ outcome: 'failed', message: 'Could not remove from the calendar - it may have already been deleted' });
    } finally {
      await t.app.jobs.stop();
    }
    expect(event(eventIdFor(created.id, 0))).toBeDefined();
    expect(await status()).toMatchObject({ failed: 1 });
    fake.control({ calendarStatus: null });
    await rearm(t.database.db, 'calendar-sync'); // what Sync now does
    await drain();
    expect(event(eventIdFor(created.id, 0))).toBeUndefined();
  });

  it("Remove of an event already deleted in Google (410) says 'Event was already removed from the calendar'", async () => {
    const created = await create({ shortDescription: 'Deleted elsewhere' });
    await drain();
    const eventId = eventIdFor(created.id, 0);
    await fetch(`${fake.calendarUrl}/calendars/primary/events/${eventId}`, { method: 'DELETE', headers: { authorization: `Bearer ${fake.accessToken()}` } });
    const before = fake.calls.length;
    const res = await user.request({ method: 'POST', url: `/api/action-items/${created.id}/calendar/remove`, payload: {} });
    expect(res.json()).toEqual({ outcome: 'alreadyRemoved', message: 'Event was already removed from the calendar' });
    expect(fake.calls.slice(before)).toEqual([`DELETE /calendars/primary/events/${eventId}`]);
    expect(await item(created.id)).toMatchObject({ gcalEventId: null, calendarSync: false });
  });

  it("Clear forgets the project's failed items (SPEC §4), and leaves waiting ones alone", async () => {
    await sql`delete from jobs`.execute(t.database.db);
    fake.control({ calendarStatus: 403 });
    const failing = await create({ shortDescription: 'Cannot sync' });
    await drain();
    fake.control({ calendarStatus: null });
    const waiting = await create({ shortDescription: 'Still waiting' });
    expect(await status()).toMatchObject({ pending: 2, failed: 1 });
    const clear = (payload: Record<string, unknown>) => user.request({ method: 'POST', url: '/api/calendar/clear', payload });
    expect((await clear({ projectId: (await makeProject(t.database.db, adminId)).projectId })).json()).toEqual({ cleared: 0 });
    expect((await clear({ projectId })).json()).toEqual({ cleared: 1 });
    expect(await status()).toMatchObject({ pending: 1, failed: 0, errors: [] });
    const { rows } = await sql<{ key: string }>`select key from jobs`.execute(t.database.db);
    expect(rows.map((r) => r.key)).toEqual([waiting.id]);
    expect((await item(failing.id)).gcalSynced).toBe(false);
    await sql`delete from jobs`.execute(t.database.db);
  });

  it('a revoked grant: items stay queued and go out after reconnecting', async () => {
    fake.control({ revoked: true });
    await sql`update calendar_connection set token_expiry = now()`.execute(t.database.db);
    const created = await create({ shortDescription: 'Waits for reconnect' });
    await drain();
    expect(await status()).toMatchObject({ available: false, needsReconnect: true, message: 'Calendar access expired. Please reconnect in Admin Settings.', pending: 1, failed: 0 });
    const sync = await user.request({ method: 'POST', url: '/api/calendar/sync-now', payload: {} });
    expect(sync.statusCode).toBe(503);
    expect(sync.json().error.message).toBe('Calendar access expired. Please reconnect in Admin Settings.');
    await connectCalendar(admin);
    expect(await t.app.jobs.drain('calendar-sync')).toBe(1); // re-armed by the reconnect: due at once
    expect(event(eventIdFor(created.id, 0))!.summary).toBe('Waits for reconnect');
  });

  it("deleting a synced item deletes its event; Sync now without a connection says 'Google Calendar not connected'", async () => {
    const created = await create({ shortDescription: 'Short-lived' });
    await drain();
    expect(event(eventIdFor(created.id, 0))).toBeDefined();
    await user.request({ method: 'DELETE', url: `/api/action-items/${created.id}` });
    await drain();
    expect(event(eventIdFor(created.id, 0))).toBeUndefined();
    await admin.request({ method: 'POST', url: '/api/calendar/disconnect', payload: {} });
    const res = await user.request({ method: 'POST', url: '/api/calendar/sync-now', payload: {} });
    expect(res.json().error.message).toBe('Google Calendar not connected');
    await connectCalendar(admin);
  });
});
