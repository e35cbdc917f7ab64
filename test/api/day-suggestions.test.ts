import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdFor } from '../../src/core/calendar/calendar-event.ts';
import { CALENDAR_MESSAGES } from '../../src/core/calendar/calendar.ts';
import { WEEK_MESSAGES } from '../../src/core/time/weeks.ts';
import { googleEnv, startFakeGoogle, type FakeEvent, type FakeGoogle } from '../fakes/google-server.ts';
import { newItem } from '../helpers/action-items-fixtures.ts';
import { connectCalendar } from '../helpers/calendar-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newId, timeBody, trackedProject } from '../helpers/time-tracking-fixtures.ts';

// The day's calendar as time (issue 25, docs/decisions/186): action items with times and the
// firm's Google events the person attends become suggestions; one click makes one entry.

const DAY = '2026-12-02';
const NEXT = '2026-12-03';
const LOCKED = '2026-12-09';

let fake: FakeGoogle;
let t: TestApp;
let admin: Agent;
let adminId: string;
let user: Agent;
let userId: string;
let email: string;
let projectId: string;
let projectLabel: string;

const at = (day: string, time: string) => `${day}T${time}:00-05:00`;
const meeting = (id: string, summary: string, day: string, from: string, to: string, over: Partial<FakeEvent> = {}): FakeEvent => ({
  id, status: 'confirmed', summary, start: { dateTime: at(day, from) }, end: { dateTime: at(day, to) },
  attendees: [{ email, responseStatus: 'accepted' }, { email: 'someone@else.test', responseStatus: 'declined' }], ...over,
});

beforeAll(async () => {
  fake = await startFakeGoogle();
  t = await createTestApp({ ...googleEnv(fake), TZ: 'America/New_York' });
  const a = await t.user('admin');
  const u = await t.user('limited_user');
  adminId = a.id;
  userId = u.id;
  email = u.email;
  admin = await t.signIn(a.email);
  user = await t.signIn(u.email);
  ({ projectId } = await trackedProject(t.database.db, adminId, { projectName: 'Hail claim' }));
  const p = await t.database.db.selectFrom('projects').select('project_number').where('id', '=', projectId).executeTakeFirstOrThrow();
  projectLabel = `${p.project_number} - Hail claim`;
  expect((await connectCalendar(admin)).status).toBe(200);
  fake.addEvents([
    meeting('claimsreview1', 'Weekly claims review', DAY, '13:00', '14:30'),
    meeting('adjuster2', 'Adjuster call', DAY, '15:00', '15:45', { attendees: [{ email: email.toUpperCase(), responseStatus: 'needsAction' }] }),
    meeting('standup9', 'Team standup', DAY, '16:30', '16:45', {
      start: { dateTime: `${DAY}T16:30:00`, timeZone: 'America/New_York' }, end: { dateTime: `${DAY}T16:45:00`, timeZone: 'America/New_York' },
    }),
    meeting('declined3', 'Vendor pitch', DAY, '11:00', '12:00', { attendees: [{ email, responseStatus: 'declined' }] }),
    meeting('allday4', 'Office closed', DAY, '00:00', '00:00', { start: { date: DAY }, end: { date: NEXT } }),
    meeting('cancelled5', 'Moved meeting', DAY, '16:00', '17:00', { status: 'cancelled' }),
    meeting('others6', 'Partners lunch', DAY, '12:00', '13:00', { attendees: [{ email: 'partner@firm.test', responseStatus: 'accepted' }] }),
    meeting(eventIdFor(newId(), 0), 'Site visit', DAY, '09:30', '10:00', { description: 'Client: X\n\nSynced from Casebook' }),
    meeting('nextday7', 'Weekly claims review', NEXT, '13:00', '14:00'),
    meeting('locked8', 'Deposition prep', LOCKED, '09:00', '10:00'),
  ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const item = async (assignee: string, fields: Record<string, unknown>) => {
  const res = await admin.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, assignee, { calendarSync: false, ...fields }) });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const day = async (agent: Agent, date: string, who?: string) => {
  const res = await agent.request({ method: 'GET', url: `/api/timesheet/day?date=${date}${who ? `&userId=${who}` : ''}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const accept = (agent: Agent, over: Record<string, unknown>) => agent.request({
  method: 'POST', url: '/api/timesheet/day/accept',
  payload: { entryId: newId(), date: DAY, projectId, jobType: 'Consultant', hours: 1.5, title: 'Weekly claims review', source: 'google:claimsreview1', ...over },
});

let itemId: string;

describe('the fake calendar lists a day', () => {
  it('by timeMin/timeMax, with all-day and declined events, in start order; ordering needs single events', async () => {
    const list = (query: string) => fetch(`${fake.calendarUrl}/calendars/primary/events?${query}`, { headers: { authorization: `Bearer ${fake.accessToken()}` } });
    const res = await list(`timeMin=${encodeURIComponent(at(DAY, '00:00'))}&timeMax=${encodeURIComponent(at(NEXT, '00:00'))}&singleEvents=true&orderBy=startTime`);
    const ids = ((await res.json()) as { items: FakeEvent[] }).items.map((e) => e.id);
    expect(ids.slice(0, 2)).toEqual(['allday4', expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(ids.slice(2)).toEqual(['declined3', 'others6', 'claimsreview1', 'adjuster2', 'standup9']);
    expect((await list('orderBy=startTime')).status).toBe(400);
  });
});

describe('the day view', () => {
  it('lists the action items with times and the events the person attends, nothing else', async () => {
    itemId = await item(userId, { shortDescription: 'Inspect the roof', dueDate: DAY, startTime: '10:00:00', endTime: '11:30:00' });
    await item(userId, { shortDescription: 'No times', dueDate: DAY, startTime: '', endTime: '' });
    await item(userId, { shortDescription: 'Another day', dueDate: NEXT });
    await item(adminId, { shortDescription: 'Not hers', dueDate: DAY });
    const read = await day(user, DAY);
    expect(read.calendar).toEqual({ state: 'connected' });
    expect(read.actionItems).toEqual([{
      source: `action_item:${itemId}:${DAY}`, title: 'Inspect the roof', start: '10:00', end: '11:30', hours: 1.5,
      projectId, projectLabel, jobType: null, entryId: null,
    }]);
    expect(read.events).toEqual([
      { source: 'google:claimsreview1', title: 'Weekly claims review', start: '13:00', end: '14:30', hours: 1.5, projectId: null, projectLabel: null, jobType: null, entryId: null },
      { source: 'google:adjuster2', title: 'Adjuster call', start: '15:00', end: '15:45', hours: 0.75, projectId: null, projectLabel: null, jobType: null, entryId: null },
      { source: 'google:standup9', title: 'Team standup', start: '16:30', end: '16:45', hours: 0.25, projectId: null, projectLabel: null, jobType: null, entryId: null },
    ]);
    expect(fake.calls).toContain('GET /calendars/primary/events');
  });

  it("suggests the job title the person last used on the item's project", async () => {
    await user.request({ method: 'PUT', url: `/api/time-entries/${newId()}`, payload: timeBody(projectId, { entryDate: '2026-11-20', jobType: 'Senior Consultant' }) });
    expect((await day(user, DAY)).actionItems[0].jobType).toBe('Senior Consultant');
  });
  it('reads every page of a busy day', async () => {
    const busy = '2026-12-16';
    fake.addEvents(Array.from({ length: 260 }, (_, i) => meeting(`busy${i}`, `Call ${i}`, busy, '08:00', '08:15')));
    const lists = () => fake.calls.filter((c) => c === 'GET /calendars/primary/events').length;
    const before = lists();
    const read = await day(user, busy);
    expect(read.events).toHaveLength(260);
    expect(lists() - before).toBe(2); // 250 and 10
  });
});

describe('one click, one entry', () => {
  it('turns an event into time, once, however often it is clicked, and remembers its title', async () => {
    const first = await accept(user, {});
    expect(first.statusCode).toBe(200);
    const entry = first.json().entry;
    expect(entry).toMatchObject({ entryDate: DAY, hours: 1.5, description: 'Weekly claims review', userId, createdBy: userId, jobType: 'Consultant' });
    const again = await accept(user, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().entry.id).toBe(entry.id);
    const rows = await t.database.db.selectFrom('time_entries').select(['id', 'source']).where('user_id', '=', userId).where('source', 'is not', null).execute();
    expect(rows).toEqual([{ id: entry.id, source: 'google:claimsreview1' }]);
    expect((await day(user, DAY)).events[0].entryId).toBe(entry.id);
    expect((await day(user, NEXT)).events).toEqual([expect.objectContaining({
      source: 'google:nextday7', projectId, projectLabel, jobType: 'Consultant', entryId: null,
    })]);
  });

  it('books two clicks at once once', async () => {
    const both = await Promise.all([0, 1].map(() => accept(user, { date: NEXT, source: 'google:nextday7', hours: 1 })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().entry.id).toBe(both[1]!.json().entry.id);
  });

  it('turns an action item into time', async () => {
    const source = `action_item:${itemId}:${DAY}`;
    const res = await accept(user, { source, title: 'Inspect the roof', jobType: 'Senior Consultant' });
    expect(res.statusCode).toBe(200);
    expect((await day(user, DAY)).actionItems[0].entryId).toBe(res.json().entry.id);
  });

  it('refuses a suggestion into an approved week with the sentence', async () => {
    await t.database.db.insertInto('timesheet_weeks').values({
      user_id: userId, week_start: '2026-12-07', status: 'approved', approved_on: '2026-12-11', decided_at: new Date(),
    }).execute();
    const res = await accept(user, { date: LOCKED, source: 'google:locked8', title: 'Deposition prep', hours: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(WEEK_MESSAGES.locked('2026-12-11'));
    expect((await day(user, LOCKED)).events[0].entryId).toBeNull();
  });
});

describe('whose day', () => {
  it('is refused to a limited user for someone else, open to an approver', async () => {
    expect((await user.request({ method: 'GET', url: `/api/timesheet/day?date=${DAY}&userId=${adminId}` })).statusCode).toBe(403);
    expect((await accept(user, { userId: adminId, source: 'google:adjuster2' })).statusCode).toBe(403);
    const read = await day(admin, DAY, userId);
    expect(read.events.map((e: { source: string }) => e.source)).toEqual(['google:claimsreview1', 'google:adjuster2', 'google:standup9']);
    const res = await accept(admin, { userId, source: 'google:adjuster2', title: 'Adjuster call', hours: 0.75 });
    expect(res.statusCode).toBe(200);
    expect(res.json().entry).toMatchObject({ userId, createdBy: adminId });
  });
});

describe('when Google cannot answer', () => {
  it('still lists the action items and says why in words', async () => {
    fake.control({ calendarStatus: 503 });
    const read = await day(user, DAY);
    fake.control({ calendarStatus: null });
    expect(read.calendar).toEqual({ state: 'failed', message: CALENDAR_MESSAGES.unavailable });
    expect(read.events).toEqual([]);
    expect(read.actionItems).toHaveLength(1);
  });

  it('says so when the calendar is not connected', async () => {
    expect((await admin.request({ method: 'POST', url: '/api/calendar/disconnect', payload: {} })).statusCode).toBe(200);
    const read = await day(user, DAY);
    expect(read.calendar).toEqual({ state: 'not-connected' });
    expect(read.actionItems).toHaveLength(1);
  });
});
