import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedToUtc } from '../../src/core/calendar/ics.ts';
import { dayIn, timerHours, WEEK_MESSAGES, type TimerRounding } from '../../src/core/time/weeks.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { newId, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { addDays, weekStartOf } from '../../src/core/dates/iso-date.ts';

// The timer (issue 25, docs/decisions/089): one per person, on the server, rounded by the firm's rule.

const TZ = 'America/New_York';
let t: TestApp;
let p: TrackedProjectFixture;
let label: string;

const today = () => dayIn(TZ, new Date());

beforeAll(async () => {
  t = await createTestApp({ TZ });
  const sa = await t.user('super_admin');
  p = await trackedProject(t.database.db, sa.id, { projectName: 'Roof leak' });
  const project = await t.database.db.selectFrom('projects').select('project_number').where('id', '=', p.projectId).executeTakeFirstOrThrow();
  label = `${project.project_number} - Roof leak`;
});
afterAll(async () => t?.close());

async function person() {
  const u = await t.user('limited_user');
  return { id: u.id, email: u.email, agent: await t.signIn(u.email) };
}

const start = (agent: Agent, over: Record<string, unknown> = {}) => agent.request({
  method: 'POST', url: '/api/timer/start', payload: { projectId: p.projectId, jobType: 'Consultant', description: 'Drafting the report', ...over },
});
const stop = (agent: Agent, payload: Record<string, unknown>) => agent.request({ method: 'POST', url: '/api/timer/stop', payload });
const read = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/timer' })).json();
/** The timer started `minutes` ago (the database's clock). */
const startedAgo = (userId: string, minutes: number) =>
  sql`update timers set started_at = now() - ${minutes} * interval '1 minute' where user_id = ${userId}`.execute(t.database.db);
const setRounding = (rounding: TimerRounding) =>
  t.database.db.updateTable('timesheet_settings').set({ timer_rounding: rounding }).where('id', '=', 1).execute();
const entries = (userId: string) => t.database.db.selectFrom('time_entries').selectAll().where('user_id', '=', userId).execute();

describe('one running timer per person, kept on the server', () => {
  it('starts, survives in another session, and refuses a second with the project named', async () => {
    const u = await person();
    expect(await read(u.agent)).toMatchObject({ timer: null });
    const started = await start(u.agent);
    expect(started.statusCode).toBe(200);
    const { timer, serverNow } = started.json();
    expect(timer).toMatchObject({ projectId: p.projectId, projectLabel: label, jobType: 'Consultant', description: 'Drafting the report' });
    expect(Math.abs(Date.parse(serverNow) - Date.parse(timer.startedAt))).toBeLessThan(5_000);

    const elsewhere = await t.signIn(u.email); // another computer
    expect((await read(elsewhere)).timer).toEqual(timer);

    const second = await start(elsewhere, { jobType: 'Senior Consultant' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(WEEK_MESSAGES.timerRunning(label));
    expect((await read(u.agent)).timer.jobType).toBe('Consultant');

    const other = await person(); // one per person, not per firm
    expect((await start(other.agent)).statusCode).toBe(200);
  });

  it('discards a timer without booking anything', async () => {
    const u = await person();
    await start(u.agent);
    expect((await u.agent.request({ method: 'DELETE', url: '/api/timer' })).statusCode).toBe(204);
    expect((await read(u.agent)).timer).toBeNull();
    expect((await u.agent.request({ method: 'DELETE', url: '/api/timer' })).statusCode).toBe(204);
    expect(await entries(u.id)).toHaveLength(0);
  });

  it('refuses what the contract refuses', async () => {
    const u = await person();
    expect((await start(u.agent, { projectId: 'nope' })).statusCode).toBe(400);
    expect((await start(u.agent, { jobType: ' ' })).statusCode).toBe(400);
    expect((await start(u.agent, { projectId: newId() })).statusCode).toBe(404);
    expect((await stop(u.agent, {})).statusCode).toBe(400);
    const none = await stop(u.agent, { entryId: newId() });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(WEEK_MESSAGES.noTimer);
  });
});

describe('stop books an entry rounded by the firm rule', () => {
  it.each<[TimerRounding, number]>([['up_0_1', 0.7], ['nearest_0_1', 0.6], ['up_0_25', 0.75]])('%s: 37 minutes are %s h', async (rounding, hours) => {
    await setRounding(rounding);
    const u = await person();
    await start(u.agent);
    await startedAgo(u.id, 37);
    const entryId = newId();
    const res = await stop(u.agent, { entryId, day: today() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'booked', entry: { id: entryId, hours, jobType: 'Consultant', description: 'Drafting the report', userId: u.id, entryDate: today() },
    });
    expect(res.json().entry).not.toHaveProperty('rate');
    const [row] = await entries(u.id);
    expect(row).toMatchObject({ id: entryId, created_by: u.id, source: null });
    expect(Number(row!.rate)).toBe(100); // the case's rate code, as any new entry
    expect((await read(u.agent)).timer).toBeNull();
  });

  it('answers a retried stop with the booked entry, once', async () => {
    await setRounding('up_0_1');
    const u = await person();
    await start(u.agent);
    const entryId = newId();
    const first = await stop(u.agent, { entryId });
    const again = await stop(u.agent, { entryId });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().entry.hours).toBe(0.1); // at least one step
    expect(await entries(u.id)).toHaveLength(1);
  });

  it('books once when the same stop arrives twice at once', async () => {
    const u = await person();
    await start(u.agent);
    const entryId = newId();
    const both = await Promise.all([stop(u.agent, { entryId }), stop(u.agent, { entryId })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    expect(await entries(u.id)).toHaveLength(1);
  });
});

describe('a timer run past midnight', () => {
  it('asks for the day, keeps running, then books the day chosen', async () => {
    const u = await person();
    await start(u.agent);
    const midnight = zonedToUtc(`${today()}T00:00:00`, TZ);
    const startedAt = new Date(midnight.getTime() - 30 * 60_000);
    await t.database.db.updateTable('timers').set({ started_at: startedAt }).where('user_id', '=', u.id).execute();
    const yesterday = addDays(today(), -1);

    const ask = await stop(u.agent, { entryId: newId() });
    expect(ask.statusCode).toBe(200);
    const asked = ask.json();
    expect(asked).toMatchObject({ status: 'pick-day', days: [yesterday, today()] });
    expect(asked.hours).toBe(timerHours(Date.now() - startedAt.getTime(), 'up_0_1'));
    expect((await read(u.agent)).timer).not.toBeNull();
    expect(await entries(u.id)).toHaveLength(0);

    const wrong = await stop(u.agent, { entryId: newId(), day: addDays(today(), -2) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(WEEK_MESSAGES.pickDay);

    const booked = await stop(u.agent, { entryId: newId(), day: yesterday });
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ status: 'booked', entry: { entryDate: yesterday } });
    expect(booked.json().entry.hours).toBeGreaterThanOrEqual(0.5);
    expect((await read(u.agent)).timer).toBeNull();
  });
});

describe('the week lock', () => {
  it('refuses a stop into an approved week with the sentence, and the timer keeps running', async () => {
    const u = await person();
    await start(u.agent);
    await startedAgo(u.id, 5);
    const day = today();
    await t.database.db.insertInto('timesheet_weeks').values({
      user_id: u.id, week_start: weekStartOf(day, 1), status: 'approved', approved_on: day, decided_at: new Date(),
    }).execute();
    const res = await stop(u.agent, { entryId: newId(), day });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(WEEK_MESSAGES.locked(day));
    expect((await read(u.agent)).timer).toMatchObject({ projectId: p.projectId });
    expect(await entries(u.id)).toHaveLength(0);
  });
});
