import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { addDays, firmTodayIso } from '../../src/core/dates/iso-date.ts';
import { sendBillReminders, sendMissingTimeReminders } from '../../src/server/features/reminders/index.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { DocumentPool } from '../../src/server/documents/pool.ts';
import { sqlBill, sqlPayment } from '../helpers/billing-sql.ts';
import { pdfPages } from '../helpers/pdf-tools.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

// Missing-time and bill reminders (issue 41, docs/decisions/134), under a clock the test gives:
// the runs take `now` (and the bill run `today`), as the schedules pass the system clock.

let t: TestApp;
let smtp: TestSmtpServer;
let admin: Agent;
let boss: Agent;
let bossId: string;
let documents: DocumentPool;
/** The firm's zone of the test app (createTestApp leaves TZ at its default). */
const TZ = DEFAULT_TIME_ZONE;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  documents = new DocumentPool(1);
  admin = await t.signIn((await t.user('admin')).email);
  const bossUser = await t.user('super_admin');
  bossId = bossUser.id;
  boss = await t.signIn(bossUser.email);
  const { version } = (await admin.request({ method: 'GET', url: '/api/settings/email' })).json();
  await admin.request({
    method: 'PUT', url: '/api/settings/email',
    payload: { host: '127.0.0.1', port: smtp.port, security: 'none', username: '', password: '', fromAddress: 'office@firm.test', version },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await documents.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const db = () => t.database.db;
const settings = async () => (await admin.request({ method: 'GET', url: '/api/settings/reminders' })).json();
const setReminders = async (body: { missingTimeEnabled?: boolean; billRemindersEnabled?: boolean }) => {
  const current = await settings();
  const res = await admin.request({ method: 'PUT', url: '/api/settings/reminders', payload: { ...current, ...body } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const messages = async (kind: string) => (await sql<{ to_address: string; subject: string; dedupe_key: string; id: string }>`
  select id, to_address, subject, dedupe_key from mail_messages where kind = ${kind} order by to_address`.execute(db())).rows;
/** Monday 03/09/2026 9:30 AM in New York (EDT since 03/08). */
const MONDAY_930 = new Date('2026-03-09T13:30:00Z');

describe('Settings → Reminders', () => {
  it('has missing-time reminders on and bill reminders off by default; admins change them, others may not', async () => {
    expect(await settings()).toMatchObject({ missingTimeEnabled: true, billRemindersEnabled: false });
    const { version } = await settings();
    expect((await setReminders({ billRemindersEnabled: true })).billRemindersEnabled).toBe(true);
    // Turned on, it looks at once (a job of the runner), not only at the next 9:00.
    expect(await t.app.jobs.drain('reminders')).toBe(1);
    const stale = await admin.request({ method: 'PUT', url: '/api/settings/reminders', payload: { missingTimeEnabled: true, billRemindersEnabled: false, version } });
    expect(stale.statusCode).toBe(409);
    await setReminders({ billRemindersEnabled: false });
    const limited = await t.signIn((await t.user('limited_user')).email);
    expect((await limited.request({ method: 'GET', url: '/api/settings/reminders' })).statusCode).toBe(403);
  });
});

describe('Missing-time reminders, each Monday at 9:00', () => {
  it('e-mails each active person whose last week is not submitted, once, whatever the runs', async () => {
    const open = await t.user('limited_user', `open.${Date.now()}@firm.test`);
    const submitted = await t.user('limited_user', `submitted.${Date.now()}@firm.test`);
    const approved = await t.user('admin', `approved.${Date.now()}@firm.test`);
    const rejected = await t.user('limited_user', `rejected.${Date.now()}@firm.test`);
    const gone = await t.user('limited_user', `gone.${Date.now()}@firm.test`);
    // Everyone existed before the week; one person left.
    await sql`update users set created_at = '2026-01-01T00:00:00Z'`.execute(db());
    await sql`update users set disabled = true where id = ${gone.id}`.execute(db());
    await sql`insert into timesheet_weeks (user_id, week_start, status, submitted_at) values
      (${submitted.id}, '2026-03-02', 'submitted', now()), (${rejected.id}, '2026-03-02', 'rejected', now())`.execute(db());
    await sql`insert into timesheet_weeks (user_id, week_start, status, submitted_at, approved_on) values
      (${approved.id}, '2026-03-02', 'approved', now(), '2026-03-06')`.execute(db());
    const run = (now: Date) => sendMissingTimeReminders(db(), { now, timeZone: TZ, firmName: 'Test Firm' });

    // Before 9:00, and on a Tuesday: nothing.
    expect(await run(new Date('2026-03-09T12:59:00Z'))).toEqual({ weekStart: null, queued: 0 });
    expect((await run(new Date('2026-03-10T13:30:00Z'))).queued).toBe(0);

    const first = await run(MONDAY_930);
    expect(first.weekStart).toBe('2026-03-02');
    const sent = await messages('missing-time');
    const addresses = sent.map((m) => m.to_address);
    expect(addresses).toContain(open.email);
    expect(addresses).toContain(rejected.email);
    expect(addresses).not.toContain(submitted.email);
    expect(addresses).not.toContain(approved.email);
    expect(addresses).not.toContain(gone.email);
    expect(new Set(sent.map((m) => m.subject))).toEqual(new Set(['Your week of 03/02/2026 is not submitted']));
    expect(first.queued).toBe(sent.length);

    // Again (a restart, another instance, the schedule's retry): no second message.
    expect((await run(MONDAY_930)).queued).toBe(0);
    expect(await run(new Date('2026-03-09T20:00:00Z'))).toMatchObject({ weekStart: '2026-03-02', queued: 0 });
    expect(await messages('missing-time')).toHaveLength(sent.length);

    // Through a real SMTP server, read back with a MIME parser.
    await t.app.jobs.drain('mail');
    const mine = smtp.received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === open.email);
    expect(mine?.subject).toBe('Your week of 03/02/2026 is not submitted');
    expect(mine?.text).toContain('03/02/2026 to 03/08/2026');
    expect(smtp.received.some((m) => !Array.isArray(m.to) && m.to?.text === submitted.email)).toBe(false);
  });

  it('names the week by the firm\'s first day and sends nothing when turned off', async () => {
    await sql`update timesheet_settings set week_starts_on = 7`.execute(db());
    try {
      const run = await sendMissingTimeReminders(db(), { now: new Date('2026-03-16T13:30:00Z'), timeZone: TZ, firmName: 'Test Firm' });
      // Weeks from Sunday: the Monday 03/16 is in the week of 03/15; the one before starts 03/08.
      expect(run.weekStart).toBe('2026-03-08');
      await setReminders({ missingTimeEnabled: false });
      expect(await sendMissingTimeReminders(db(), { now: new Date('2026-03-23T13:30:00Z'), timeZone: TZ, firmName: 'Test Firm' }))
        .toEqual({ weekStart: null, queued: 0 });
    } finally {
      await sql`update timesheet_settings set week_starts_on = 1`.execute(db());
      await setReminders({ missingTimeEnabled: true });
    }
  });
});

describe('Bill reminders', () => {
  it('sends at 7, 30 and 60 days past due, once per step, with the statement PDF; listed on the bill for super admins', async () => {
    const { caseId } = await trackedProject(db(), bossId, { clientName: 'Reminded Client LLC' });
    const today = firmTodayIso(TZ);
    const dueOn = addDays(today, -40);
    const bill = await sqlBill(db(), bossId, { caseId, issuedOn: addDays(dueOn, -30), dueOn, total: 1234.5 });
    await sql`update clients set email = 'payables@client.test' where id = ${bill.clientId}`.execute(db());
    const run = (on: string) => sendBillReminders(db(), { today: on, documents, firmName: 'Test Firm' });

    // Off by default: nothing.
    expect((await run(addDays(dueOn, 8))).queued).toEqual([]);
    await setReminders({ billRemindersEnabled: true });
    expect((await run(addDays(dueOn, 6))).queued).toEqual([]);
    expect((await run(addDays(dueOn, 7))).queued).toEqual([{ billId: bill.id, step: 7 }]);
    expect((await run(addDays(dueOn, 8))).queued).toEqual([]);
    expect((await run(addDays(dueOn, 30))).queued).toEqual([{ billId: bill.id, step: 30 }]);
    expect((await run(addDays(dueOn, 31))).queued).toEqual([]);
    expect(await messages('bill-reminder')).toHaveLength(2);

    await t.app.jobs.drain('mail');
    const received = smtp.received.filter((m) => m.subject?.includes(`bill ${bill.number}`));
    expect(received.map((m) => m.subject)).toEqual([
      `Test Firm: bill ${bill.number} is 7 days past due`, `Test Firm: bill ${bill.number} is 30 days past due`,
    ]);
    const [first] = received;
    expect(!Array.isArray(first!.to) && first!.to?.text).toBe('payables@client.test');
    expect(first!.text).toContain('$1,234.50');
    expect(first!.attachments).toHaveLength(1);
    const pdf = first!.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/^Statement-Reminded-Client-LLC-.*\.pdf$/);
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf.content).join('\n')).toContain('Reminded Client LLC');

    const listed = await boss.request({ method: 'GET', url: `/api/bills/${bill.id}/reminders` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toMatchObject([
      { step: 7, to: 'payables@client.test', status: 'sent', attachments: [pdf.filename] },
      { step: 30, to: 'payables@client.test', status: 'sent' },
    ]);
    expect((await admin.request({ method: 'GET', url: `/api/bills/${bill.id}/reminders` })).statusCode).toBe(403);
    // Sent mail: the reminder carries money, so an admin sees that it exists but not its subject.
    const adminList = (await admin.request({ method: 'GET', url: '/api/mail?pageSize=100' })).json();
    const row = adminList.items.find((m: { id: string }) => m.id === listed.json().items[0].messageId);
    expect(row).toMatchObject({ subject: null, readable: false });
  });

  it('found 65 days past due, reminds once at 60 (not also at 7 and 30); a paid bill is not reminded', async () => {
    await setReminders({ billRemindersEnabled: true });
    const { caseId } = await trackedProject(db(), bossId);
    const today = firmTodayIso(TZ);
    const late = await sqlBill(db(), bossId, { caseId, issuedOn: addDays(today, -100), dueOn: addDays(today, -65), total: 50 });
    const paid = await sqlBill(db(), bossId, { caseId, issuedOn: addDays(today, -100), dueOn: addDays(today, -65), total: 50 });
    await sqlPayment(db(), bossId, { billId: paid.id, receivedOn: addDays(today, -1), amount: 50 });
    await sql`update clients set email = 'late@client.test' where id = ${late.clientId}`.execute(db());
    const first = await sendBillReminders(db(), { today, documents, firmName: 'Test Firm' });
    expect(first.queued).toContainEqual({ billId: late.id, step: 60 });
    expect(first.queued.filter((q) => q.billId === late.id)).toHaveLength(1);
    expect(first.queued.some((q) => q.billId === paid.id)).toBe(false);
    expect((await sendBillReminders(db(), { today: addDays(today, 1), documents, firmName: 'Test Firm' })).queued
      .filter((q) => q.billId === late.id)).toEqual([]);
  });

  it('reminds a bill to the deposing side to that law firm, with its statement, never to the retaining client', async () => {
    await setReminders({ billRemindersEnabled: true });
    const { caseId } = await trackedProject(db(), bossId, { clientName: 'Retaining Client Inc' });
    const today = firmTodayIso(TZ);
    const firm = await db().insertInto('law_firms').values({ name: 'Opposing LLP', email: 'billing@opposing.test' }).returning('id').executeTakeFirstOrThrow();
    /** A deposition noticed by the other side, and its bill, 40 days past due. */
    const payerBill = async (lawFirmId: string | null, payerName: string) => {
      const testimonyId = randomUUID();
      await withActor(db(), bossId, (tx) => tx.insertInto('testimony_events').values({
        id: testimonyId, case_id: caseId, kind: 'deposition', event_date: addDays(today, -50), expert_id: bossId, caption: 'Doe v. Roe',
        noticed_by: 'other', payer_law_firm_id: lawFirmId, payer_name: payerName,
      }).execute());
      const bill = await sqlBill(db(), bossId, { caseId, issuedOn: addDays(today, -45), dueOn: addDays(today, -40), total: 600 });
      await withActor(db(), bossId, (tx) => tx.updateTable('bills').set({ payer_testimony_id: testimonyId, bill_to_name: payerName })
        .where('id', '=', bill.id).execute());
      return bill;
    };
    const billed = await payerBill(firm.id, 'Opposing LLP');
    const unaddressed = await payerBill(null, 'Pro Se Party');
    await sql`update clients set email = 'retaining@client.test' where id = ${billed.clientId}`.execute(db());

    const run = await sendBillReminders(db(), { today, documents, firmName: 'Test Firm' });
    expect(run.queued).toContainEqual({ billId: billed.id, step: 30 });
    expect(run.noAddress).toContain(unaddressed.id);
    expect(run.queued.some((q) => q.billId === unaddressed.id)).toBe(false);
    await t.app.jobs.drain('mail');
    const received = smtp.received.filter((m) => m.subject?.includes(`bill ${billed.number} is`));
    expect(received.map((m) => !Array.isArray(m.to) && m.to?.text)).toEqual(['billing@opposing.test']);
    expect(received[0]!.text).toContain('Opposing LLP');
    const statement = pdfPages(received[0]!.attachments[0]!.content).join('\n');
    expect(statement).toContain('Opposing LLP');
    expect(statement).not.toContain('Retaining Client Inc');
    expect(smtp.received.some((m) => !Array.isArray(m.to) && m.to?.text === 'retaining@client.test')).toBe(false);
  });
});

describe('The schedules', () => {
  it('run on the system clock through the jobs table, once across runners, and come back at 9:00 firm time', async () => {
    for (const name of ['reminders.missing-time', 'reminders.bills']) {
      await sql`insert into job_schedules (name, spec, next_run_at) values (${name}, ${`daily 09:00 ${TZ}`}, now())
        on conflict (name) do update set next_run_at = now(), locked_by = null, locked_until = null`.execute(db());
      expect(await t.app.jobs.runSchedule(name)).toBe(true);
      // Done: not due again until its next time.
      expect(await t.app.jobs.runSchedule(name)).toBe(false);
      const row = (await sql<{ last_error: string | null; local: string }>`
        select last_error, to_char(next_run_at at time zone ${TZ}, 'HH24:MI') as local from job_schedules where name = ${name}`.execute(db())).rows[0]!;
      expect(row).toEqual({ last_error: null, local: '09:00' });
    }
  });
});
