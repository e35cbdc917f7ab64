import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '../../src/core/calendar/calendar-event.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';
import { JobRunner } from '../../src/server/jobs/runner.ts';
import { queueUnsyncedDeadlines } from '../../src/server/features/deadlines/calendar-sync.ts';
import { REMINDER_QUEUE, queueDueReminders, registerReminders, sendReminder } from '../../src/server/features/deadlines/reminders.ts';
import { registerMailWorker } from '../../src/server/features/mail/worker.ts';
import { loadEnv } from '../../src/server/env.ts';
import { TokenCipher } from '../../src/server/integrations/google/token-cipher.ts';
import { googleEnv, startFakeGoogle, type FakeGoogle } from '../fakes/google-server.ts';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { connectCalendar } from '../helpers/calendar-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// Case deadlines, chains counted in court days, reminders once, and the calendar (issue 41,
// docs/decisions/132, 133). Chain dates are real 2026 dates: FRCP 6(a) with the US federal holidays.

const TZ = 'America/New_York';
let t: TestApp;
let fake: FakeGoogle;
let smtp: TestSmtpServer;
let admin: Agent;
let limited: Agent;
let adminId: string;
let assignee: { id: string; email: string };
let caseId: string;
let fileNumber: string;
let templateId: string;

beforeAll(async () => {
  fake = await startFakeGoogle();
  smtp = await startSmtpServer();
  t = await createTestApp({ ...googleEnv(fake), TZ, PUBLIC_URL: 'https://casebook.firm.test' });
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  assignee = await t.user('limited_user');
  limited = await t.signIn(assignee.email);
  const { projectId } = await makeProject(t.database.db, adminId);
  const row = (await sql<{ id: string; file_number: string }>`
    select c.id, c.file_number from projects p join cases c on c.id = p.case_id where p.id = ${projectId}`.execute(t.database.db)).rows[0]!;
  caseId = row.id;
  fileNumber = row.file_number;
  const templates = (await admin.request({ method: 'GET', url: '/api/deadline-templates' })).json().templates;
  templateId = templates.find((x: { name: string }) => x.name === 'Federal expert disclosure').id;
  const { version } = (await admin.request({ method: 'GET', url: '/api/settings/email' })).json();
  const saved = await admin.request({
    method: 'PUT', url: '/api/settings/email',
    payload: { host: '127.0.0.1', port: smtp.port, security: 'none', username: '', password: '', fromAddress: 'office@firm.test', version },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await sql`delete from case_deadline_chains`.execute(t.database.db);
  await sql`delete from case_deadlines`.execute(t.database.db);
  await sql`delete from jobs where queue in ('mail', 'deadline-reminders', 'deadline-calendar')`.execute(t.database.db);
  await sql`delete from mail_messages`.execute(t.database.db);
  smtp.received.length = 0;
});

type Deadline = {
  id: string; title: string; kind: string; dueDate: string; chainStep: string | null; chainDate: string | null; landedOn: string | null;
  movedBecause: string | null; setByHand: boolean; version: number; assigneeId: string | null; source: string; notes: string;
};
type CaseDeadlines = { deadlines: Deadline[]; chains: { id: string; triggerDate: string; version: number }[] };

const apply = async (triggerDate: string, assigneeId: string | null = assignee.id) => {
  const res = await admin.request({ method: 'POST', url: `/api/cases/${caseId}/deadline-chains`, payload: { templateId, triggerDate, assigneeId } });
  expect(res.statusCode).toBe(201);
  return res.json() as CaseDeadlines;
};
const step = (list: CaseDeadlines, key: string) => list.deadlines.find((d) => d.chainStep === key)!;
const put = (d: Deadline, changes: Partial<Deadline>) => admin.request({
  method: 'PUT', url: `/api/deadlines/${d.id}`,
  payload: { title: d.title, kind: d.kind, source: d.source, dueDate: d.dueDate, assigneeId: d.assigneeId, notes: d.notes, version: d.version, ...changes },
});
const add = async (fields: Record<string, unknown>) => {
  const res = await admin.request({
    method: 'POST', url: `/api/cases/${caseId}/deadlines`,
    payload: { kind: 'report_due', source: 'agreement', dueDate: '2027-02-01', assigneeId: assignee.id, ...fields },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as CaseDeadlines;
};

describe('a chain for a trial date', () => {
  it.each([
    // trial, disclosure (and why it moved), rebuttal (and why)
    ['2027-01-08', '2026-10-09', 'a Saturday', '2026-11-09', null],
    ['2027-01-10', '2026-10-09', 'Columbus Day', '2026-11-12', 'Veterans Day'],
    ['2027-01-12', '2026-10-14', null, '2026-11-13', null],
  ])('trial %s: disclosure %s (%s), rebuttal %s (%s)', async (trial, disclosure, why, rebuttal, whyRebuttal) => {
    const list = await apply(trial);
    expect(step(list, 'trigger')).toMatchObject({ title: 'Trial date', kind: 'trial', source: 'court_order', dueDate: trial, setByHand: false });
    expect(step(list, 'disclosure')).toMatchObject({
      title: 'Expert disclosure', kind: 'expert_disclosure', source: 'rule', dueDate: disclosure, chainDate: disclosure, movedBecause: why,
      assigneeId: assignee.id,
    });
    expect(step(list, 'rebuttal')).toMatchObject({ title: 'Rebuttal disclosure', kind: 'rebuttal_disclosure', dueDate: rebuttal, movedBecause: whyRebuttal });
    if (whyRebuttal) expect(step(list, 'rebuttal').landedOn).toBe('2026-11-11');
    expect(list.deadlines.map((d) => d.dueDate)).toEqual([disclosure, rebuttal, trial]);
  });

  it('moves with its trigger, except a date set by hand, which stays and is marked', async () => {
    let list = await apply('2027-01-10');
    const rebuttal = step(list, 'rebuttal');
    const byHand = await put(rebuttal, { dueDate: '2026-11-20' });
    expect(byHand.statusCode).toBe(200);
    list = byHand.json();
    expect(step(list, 'rebuttal')).toMatchObject({ dueDate: '2026-11-20', chainDate: '2026-11-12', setByHand: true });

    const chain = list.chains[0]!;
    const moved = await admin.request({ method: 'PUT', url: `/api/deadline-chains/${chain.id}`, payload: { triggerDate: '2027-02-05', version: chain.version } });
    expect(moved.statusCode).toBe(200);
    list = moved.json();
    // 2027-02-05 − 90 = 2026-11-07, a Saturday → Friday 11/6; the rebuttal would be 12/7, but it was set by hand.
    expect(step(list, 'trigger')).toMatchObject({ dueDate: '2027-02-05' });
    expect(step(list, 'disclosure')).toMatchObject({ dueDate: '2026-11-06', setByHand: false, movedBecause: 'a Saturday' });
    expect(step(list, 'rebuttal')).toMatchObject({ dueDate: '2026-11-20', chainDate: '2026-12-07', setByHand: true });
    expect(list.chains[0]!.triggerDate).toBe('2027-02-05');

    // A stale version of the chain is refused with the current one.
    const stale = await admin.request({ method: 'PUT', url: `/api/deadline-chains/${chain.id}`, payload: { triggerDate: '2027-03-01', version: chain.version } });
    expect(stale.statusCode).toBe(409);

    // The trial's own date, edited on the case page, moves the chain too.
    const trial = step(list, 'trigger');
    list = (await put(trial, { dueDate: '2027-01-12' })).json();
    expect(step(list, 'disclosure').dueDate).toBe('2026-10-14');
    expect(step(list, 'rebuttal')).toMatchObject({ dueDate: '2026-11-20', chainDate: '2026-11-13', setByHand: true });

    // Back to the chain's date: follows the chain again.
    const again = await admin.request({ method: 'POST', url: `/api/deadlines/${step(list, 'rebuttal').id}/follow-chain`, payload: { version: step(list, 'rebuttal').version } });
    expect(again.statusCode).toBe(200);
    expect(step(again.json(), 'rebuttal')).toMatchObject({ dueDate: '2026-11-13', setByHand: false });
  });

  it('keeps the trigger while its chain lives, and removes the chain with its deadlines', async () => {
    const list = await apply('2027-01-12');
    const refused = await admin.request({ method: 'DELETE', url: `/api/deadlines/${step(list, 'trigger').id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({ path: '/id', rule: 'chainTrigger' });
    const removed = await admin.request({ method: 'DELETE', url: `/api/deadline-chains/${list.chains[0]!.id}` });
    expect(removed.json()).toEqual({ deadlines: [], chains: [] });
  });
});

describe('deadlines on the case page', () => {
  it('adds, edits and removes one; the kind names an untitled one', async () => {
    let list = await add({ notes: 'Per the scheduling order' });
    expect(list.deadlines).toEqual([expect.objectContaining({
      title: 'Report due', kind: 'report_due', source: 'agreement', dueDate: '2027-02-01', notes: 'Per the scheduling order',
      chainId: null, setByHand: false, assigneeName: 'Test limited_user',
    })]);
    const d = list.deadlines[0]!;
    list = (await put(d, { title: 'Expert report (Dr. Ames)', dueDate: '2027-02-03' })).json();
    expect(list.deadlines[0]).toMatchObject({ title: 'Expert report (Dr. Ames)', dueDate: '2027-02-03', setByHand: false });
    expect((await put(d, { dueDate: '2027-02-04' })).statusCode).toBe(409);
    expect((await admin.request({ method: 'DELETE', url: `/api/deadlines/${d.id}` })).json().deadlines).toEqual([]);
  });

  it('lets everyone read and only admins write; refuses bad input naming the field', async () => {
    await add({});
    const read = await limited.request({ method: 'GET', url: `/api/cases/${caseId}/deadlines` });
    expect(read.statusCode).toBe(200);
    expect(read.json().deadlines).toHaveLength(1);
    const write = await limited.request({ method: 'POST', url: `/api/cases/${caseId}/deadlines`, payload: { kind: 'other', source: 'rule', dueDate: '2027-02-01' } });
    expect(write.statusCode).toBe(403);
    const long = await admin.request({
      method: 'POST', url: `/api/cases/${caseId}/deadlines`, payload: { kind: 'other', source: 'rule', dueDate: '2027-02-01', notes: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual([expect.objectContaining({ path: '/notes' })]);
    const kind = await admin.request({ method: 'POST', url: `/api/cases/${caseId}/deadlines`, payload: { kind: 'hearing', source: 'rule', dueDate: '2027-02-01' } });
    expect(kind.json().error.details).toEqual([expect.objectContaining({ path: '/kind', message: 'Kind must be one of the listed kinds' })]);
    const nobody = await admin.request({
      method: 'POST', url: `/api/cases/${caseId}/deadlines`, payload: { kind: 'other', source: 'rule', dueDate: '2027-02-01', assigneeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(nobody.json().error.details).toEqual([expect.objectContaining({ path: '/assigneeId', rule: 'exists' })]);
  });

  it('lists the next 14 days on the dashboard', async () => {
    const today = firmTodayIso(TZ);
    await add({ dueDate: today, title: 'Today' });
    await add({ dueDate: addDays(today, 14), title: 'In two weeks' });
    await add({ dueDate: addDays(today, 15), title: 'Too far' });
    await add({ dueDate: addDays(today, -1), title: 'Passed' });
    const up = (await limited.request({ method: 'GET', url: '/api/deadlines/upcoming' })).json();
    expect(up).toMatchObject({ from: today, to: addDays(today, 14) });
    expect(up.deadlines.map((d: { title: string; fileNumber: string }) => [d.title, d.fileNumber])).toEqual([['Today', fileNumber], ['In two weeks', fileNumber]]);
  });
});

describe('Settings → Deadlines', () => {
  it('saves a template, refusing a step that counts from a step below it', async () => {
    const bad = await admin.request({
      method: 'POST', url: '/api/deadline-templates',
      payload: {
        name: 'State court', triggerLabel: 'Trial date', triggerKind: 'trial',
        steps: [{ key: 'a', label: 'A', kind: 'other', days: 10, direction: 'after', from: 'b' }, { key: 'b', label: 'B', kind: 'other', days: 5, direction: 'before' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: '/steps/0/from' })]);
    const good = await admin.request({
      method: 'POST', url: '/api/deadline-templates',
      payload: { name: 'State court', triggerLabel: 'Trial date', triggerKind: 'trial', steps: [{ key: 'cutoff', label: 'Discovery cut-off', kind: 'discovery_cutoff', days: 30, direction: 'before' }] },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json()).toMatchObject({ name: 'State court', steps: [{ key: 'cutoff', from: 'trigger', source: 'rule' }] });
    const template = good.json() as Record<string, unknown>;
    const twice = await admin.request({ method: 'POST', url: '/api/deadline-templates', payload: { ...template, name: 'state COURT' } });
    expect(twice.json().error.details).toEqual([expect.objectContaining({ path: '/name', rule: 'unique' })]);
    expect((await limited.request({ method: 'POST', url: '/api/deadline-templates', payload: good.json() })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: `/api/deadline-templates/${good.json().id}` })).statusCode).toBe(204);
  });

  it('keeps the reminder steps, each once, largest first', async () => {
    const now = (await admin.request({ method: 'GET', url: '/api/settings/deadlines' })).json();
    expect(now.reminderDays).toEqual([14, 7, 3, 1]);
    const saved = await admin.request({ method: 'PUT', url: '/api/settings/deadlines', payload: { reminderDays: [1, 30, 7, 7], version: now.version } });
    expect(saved.json()).toMatchObject({ reminderDays: [30, 7, 1] });
    const back = await admin.request({ method: 'PUT', url: '/api/settings/deadlines', payload: { reminderDays: [14, 7, 3, 1], version: saved.json().version } });
    expect(back.json().reminderDays).toEqual([14, 7, 3, 1]);
    const bad = await admin.request({ method: 'PUT', url: '/api/settings/deadlines', payload: { reminderDays: [400], version: back.json().version } });
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: '/reminderDays/0' })]);
  });
});

describe('reminders that arrive once', () => {
  const db = () => t.database.db;
  const deps = () => ({ db: db(), firmName: 'Casebook', publicUrl: 'https://casebook.firm.test', today: () => firmTodayIso(TZ) });
  const mails = async () => (await sql<{ to_address: string; subject: string; body_text: string; dedupe_key: string; status: string }>`
    select to_address, subject, body_text, dedupe_key, status from mail_messages where kind = 'deadline-reminder' order by seq`.execute(db())).rows;

  it('sends the step whose day has come to the assignee, once however often the look and the job run', async () => {
    const today = firmTodayIso(TZ);
    const due = addDays(today, 7);
    const d = (await add({ title: 'Expert report', dueDate: due })).deadlines[0]!;
    // The look twice, the queue twice: one job, one reminder, one message.
    expect(await queueDueReminders(db(), today)).toBe(1);
    expect(await queueDueReminders(db(), today)).toBe(0);
    expect(await t.app.jobs.drain(REMINDER_QUEUE)).toBe(1);
    // The same job again (at least once): recorded already, nothing sent.
    expect(await sendReminder(deps(), { deadlineId: d.id, days: 7, dueDate: due })).toBe('skipped');
    expect(await queueDueReminders(db(), today)).toBe(0);
    await t.app.jobs.drain('mail');
    await smtp.waitFor(1);
    const [mail] = await mails();
    expect(mail).toMatchObject({ to_address: assignee.email, status: 'sent', dedupe_key: `deadline-reminder:${d.id}:7:${due}` });
    expect(mail!.subject).toMatch(new RegExp(`^Deadline in 7 days: Expert report, case ${fileNumber} \\(\\w+day \\d\\d/\\d\\d/\\d{4}\\)$`));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toMatchObject({ text: assignee.email });
    expect(smtp.received[0]!.text).toContain(`Open the case: https://casebook.firm.test/case/${caseId}`);
    // In the app: the assignee's own reminder, until dismissed.
    const mine = (await limited.request({ method: 'GET', url: '/api/deadlines/reminders' })).json().reminders;
    expect(mine).toEqual([expect.objectContaining({ deadlineId: d.id, days: 7, dueDate: due, title: 'Expert report', fileNumber })]);
    expect((await admin.request({ method: 'GET', url: '/api/deadlines/reminders' })).json().reminders).toEqual([]);
    expect((await admin.request({ method: 'POST', url: `/api/deadlines/reminders/${mine[0].id}/dismiss`, payload: {} })).statusCode).toBe(404);
    expect((await limited.request({ method: 'POST', url: `/api/deadlines/reminders/${mine[0].id}/dismiss`, payload: {} })).statusCode).toBe(204);
    expect((await limited.request({ method: 'GET', url: '/api/deadlines/reminders' })).json().reminders).toEqual([]);
  });

  it('owes a moved deadline the steps of its new date not yet passed, under new keys', async () => {
    const today = firmTodayIso(TZ);
    let d = (await add({ title: 'Deposition of Dr. Ames', kind: 'deposition', dueDate: addDays(today, 7) })).deadlines[0]!;
    await queueDueReminders(db(), today);
    await t.app.jobs.drain(REMINDER_QUEUE);
    // Moved a day later: the 7-day step of the new date is tomorrow, the 14-day one passed before the move.
    d = (await put(d, { dueDate: addDays(today, 8) })).json().deadlines[0];
    expect(await queueDueReminders(db(), today)).toBe(0);
    // Moved to three days away: the 3-day step of that date is owed today.
    d = (await put(d, { dueDate: addDays(today, 3) })).json().deadlines[0];
    expect(await queueDueReminders(db(), today)).toBe(1);
    await t.app.jobs.drain(REMINDER_QUEUE);
    expect((await mails()).map((m) => m.dedupe_key)).toEqual([
      `deadline-reminder:${d.id}:7:${addDays(today, 7)}`, `deadline-reminder:${d.id}:3:${addDays(today, 3)}`,
    ]);
    // A reminder whose deadline moved while it waited sends nothing.
    expect(await sendReminder(deps(), { deadlineId: d.id, days: 1, dueDate: addDays(today, 1) })).toBe('skipped');
  });

  it('sends only the nearest step when the server was down across several, once', async () => {
    const today = firmTodayIso(TZ);
    const d = (await add({ dueDate: addDays(today, 3) })).deadlines[0]!;
    // Set 20 days ago: the 14-, 7- and 3-day steps have all come since; the 3-day one is sent, the others never.
    await sql`update case_deadlines set reminders_from = ${addDays(today, -20)}::date where id = ${d.id}`.execute(db());
    expect(await queueDueReminders(db(), today)).toBe(1);
    await t.app.jobs.drain(REMINDER_QUEUE);
    expect(await queueDueReminders(db(), today)).toBe(0);
    expect((await mails()).map((m) => m.dedupe_key)).toEqual([`deadline-reminder:${d.id}:3:${addDays(today, 3)}`]);
    // A job for a step whose day was overtaken by a nearer step's sends nothing.
    expect(await sendReminder(deps(), { deadlineId: d.id, days: 7, dueDate: addDays(today, 3) })).toBe('skipped');
    // No assignee, no reminder.
    await add({ dueDate: addDays(today, 1), assigneeId: null });
    expect(await queueDueReminders(db(), today)).toBe(0);
  });

  it('two runners on one database, each with the schedule: one message per step', async () => {
    const today = firmTodayIso(TZ);
    for (let i = 0; i < 5; i++) await add({ title: `Report ${i}`, dueDate: addDays(today, 1) });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const cipher = TokenCipher.derivedFrom('unused: no password saved');
    const runners = [0, 1].map(() => {
      const runner = new JobRunner({ database: t.database, pollMs: 50 });
      registerReminders(runner, deps());
      registerMailWorker(runner, { db: db(), env, cipher });
      return runner;
    });
    await Promise.all(runners.map((r) => r.start()));
    try {
      await smtp.waitFor(5, 30_000);
      // Both looks again (as a restart would): nothing new.
      await sql`update job_schedules set next_run_at = now() where name = 'deadline-reminders'`.execute(db());
      runners.forEach((r) => r.wake('schedule:deadline-reminders'));
      const end = Date.now() + 10_000;
      while ((await sql`select 1 from jobs where queue in ('mail', 'deadline-reminders')`.execute(db())).rows.length && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(5);
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(5);
    expect(smtp.received.every((m) => m.subject!.startsWith('Deadline tomorrow: Report '))).toBe(true);
    expect((await sql<{ n: number }>`select count(*)::int as n from deadline_reminders`.execute(db())).rows[0]!.n).toBe(5);
  });
});

describe('the calendar', () => {
  it('puts a deadline on Google Calendar and the assignee\'s feed, and moves the same event when its date moves', async () => {
    const drain = () => t.app.jobs.drain('deadline-calendar', { includeDelayed: true });
    // Made while no calendar is connected: its job does nothing, and the catch-up queues it once one is.
    let d = (await add({ title: 'Expert report', dueDate: '2027-02-01' })).deadlines[0]!;
    expect(await drain()).toBe(1);
    expect(await queueUnsyncedDeadlines(t.database.db)).toBe(0);
    await connectCalendar(admin);
    expect(await queueUnsyncedDeadlines(t.database.db)).toBe(1);
    expect(await drain()).toBe(1);
    expect(await queueUnsyncedDeadlines(t.database.db)).toBe(0);
    const eventId = eventIdFor(d.id, 0);
    expect(fake.events().find((e) => e.id === eventId)).toMatchObject({
      summary: `Expert report — ${fileNumber}`, start: { date: '2027-02-01' }, end: { date: '2027-02-02' },
    });
    const before = fake.events().length;
    d = (await admin.request({ method: 'GET', url: `/api/cases/${caseId}/deadlines` })).json().deadlines[0];
    d = (await put(d, { dueDate: '2027-02-08' })).json().deadlines[0];
    expect(await drain()).toBe(1);
    expect(fake.events()).toHaveLength(before);
    expect(fake.events().find((e) => e.id === eventId)).toMatchObject({ start: { date: '2027-02-08' }, end: { date: '2027-02-09' } });

    const feedUrl = new URL((await limited.request({ method: 'POST', url: '/api/calendar/feed', payload: {} })).json().url).pathname;
    const feed = (await t.app.inject({ method: 'GET', url: feedUrl })).body.replace(/\r\n /g, '');
    expect(feed).toContain(`UID:${d.id}@casebook-deadline`);
    expect(feed).toContain('DTSTART;VALUE=DATE:20270208');
    expect(feed).toContain(`SUMMARY:Expert report — ${fileNumber}`);

    await admin.request({ method: 'DELETE', url: `/api/deadlines/${d.id}` });
    expect(await drain()).toBe(1);
    expect(fake.events().find((e) => e.id === eventId)).toBeUndefined();
  });
});
