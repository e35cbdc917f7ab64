import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueMail } from '../../src/server/features/mail/index.ts';
import { registerMailWorker } from '../../src/server/features/mail/worker.ts';
import { loadEnv } from '../../src/server/env.ts';
import { TokenCipher } from '../../src/server/integrations/google/token-cipher.ts';
import { JobRunner } from '../../src/server/jobs/runner.ts';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: Agent;
let boss: Agent;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  admin = await t.signIn((await t.user('admin')).email);
  boss = await t.signIn((await t.user('super_admin')).email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await sql`delete from jobs where queue = 'mail'`.execute(t.database.db);
  await sql`delete from mail_messages`.execute(t.database.db);
  smtp.received.length = 0;
  Object.assign(smtp.behaviour, { refuseLogin: false, refuseRecipients: [] });
});

const settings = async () => (await admin.request({ method: 'GET', url: '/api/settings/email' })).json();
const save = async (body: Record<string, unknown>) => {
  const { version } = await settings();
  return admin.request({
    method: 'PUT', url: '/api/settings/email',
    payload: { host: '127.0.0.1', port: smtp.port, security: 'none', username: '', password: '', fromAddress: 'office@firm.test', ...body, version },
  });
};
const message = async (id: string) => (await sql<{ status: string; attempts: number; last_error: string | null }>`
  select status, attempts, last_error from mail_messages where id = ${id}`.execute(t.database.db)).rows[0]!;
const jobOf = async (id: string) => (await sql<{ due_in: number; state: string }>`
  select extract(epoch from run_at - now())::float8 as due_in, state from jobs where queue = 'mail' and key = ${id}`.execute(t.database.db)).rows[0];
const queue = (key: string, extra: Partial<Parameters<typeof queueMail>[1]> = {}) =>
  queueMail(t.database.db, { key, to: 'ann@client.test', subject: `Reminder ${key}`, text: `Body of ${key}`, hasMoney: false, ...extra });

describe('Settings → E-mail', () => {
  it('saves the server; the password is sealed and never sent back, only that one is saved', async () => {
    const res = await save({ username: 'mailer', password: 'smtp password 1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('smtp password 1');
    expect(res.json()).toMatchObject({ host: '127.0.0.1', port: smtp.port, security: 'none', username: 'mailer', passwordSaved: true, canSend: true });
    const stored = (await sql<{ password_sealed: string }>`select password_sealed from mail_settings`.execute(t.database.db)).rows[0]!;
    expect(stored.password_sealed).toMatch(/^v1\./);
    expect(stored.password_sealed).not.toContain('smtp password 1');
    const read = await admin.request({ method: 'GET', url: '/api/settings/email' });
    expect(read.body).not.toContain('smtp password 1');
    expect(read.json()).not.toHaveProperty('password');
    // Left out: kept. '': cleared.
    expect((await save({ username: 'mailer', password: undefined })).json().passwordSaved).toBe(true);
    expect((await save({ username: '', password: '' })).json().passwordSaved).toBe(false);
  });

  it('refuses a stale version and a limited user', async () => {
    const { version } = await settings();
    await save({});
    const stale = await admin.request({
      method: 'PUT', url: '/api/settings/email', payload: { host: 'x.test', port: 25, security: 'none', username: '', fromAddress: '', version },
    });
    expect(stale.statusCode).toBe(409);
    const user = await t.signIn((await t.user('limited_user')).email);
    expect((await user.request({ method: 'GET', url: '/api/settings/email' })).statusCode).toBe(403);
    expect((await user.request({ method: 'GET', url: '/api/mail' })).statusCode).toBe(403);
  });

  it('refuses an e-mail address of 2,000 characters, naming the field and the limit', async () => {
    const long = `${'a'.repeat(1990)}@firm.test`;
    const test = await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: long } });
    expect(test.statusCode).toBe(400);
    expect(test.json().error.details).toEqual([expect.objectContaining({ path: '/to', message: 'Must be 254 characters or fewer (now 2,000)' })]);
    const put = await save({ fromAddress: long });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.details).toEqual([expect.objectContaining({ path: '/fromAddress', message: 'Must be 254 characters or fewer (now 2,000)' })]);
    const bad = await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: 'not an address' } });
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: '/to', message: 'Please enter a valid e-mail address' })]);
  });
});

describe('Send test e-mail', () => {
  it('arrives at the SMTP server with its subject, receiver, sender and body, and is listed as sent', async () => {
    await save({ username: 'mailer', password: 'smtp password 1' });
    const res = await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: 'partner@firm.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 'sent', message: 'The test e-mail was sent to partner@firm.test. Check that it arrived.' });
    await smtp.waitFor(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Casebook: test e-mail from Casebook');
    expect(mail.to).toMatchObject({ text: 'partner@firm.test' });
    expect(mail.from?.text).toBe('office@firm.test');
    expect(mail.text).toContain("Casebook's e-mail works");
    expect(mail.messageId).toBe(`<${res.json().id}@firm.test>`);
    const list = (await admin.request({ method: 'GET', url: '/api/mail' })).json();
    expect(list.items).toEqual([expect.objectContaining({ to: 'partner@firm.test', subject: 'Casebook: test e-mail from Casebook', status: 'sent', error: null })]);
    const one = (await admin.request({ method: 'GET', url: `/api/mail/${res.json().id}` })).json();
    expect(one).toMatchObject({ from: 'office@firm.test', status: 'sent', html: null });
    expect(one.text).toBe(mail.text);
  });

  it('answers a refused login in words, with no 500', async () => {
    await save({ username: 'mailer', password: 'the wrong one' });
    const res = await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: 'partner@firm.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, status: 'failed' });
    expect(res.json().message).toMatch(/^The test e-mail was not sent\. The SMTP server refused the login \(535 .*\)\. Check the user name and password\.$/);
    expect(res.json().message).not.toContain('the wrong one');
    expect(await message(res.json().id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('the outbox', () => {
  it('makes a message once per key', async () => {
    await save({});
    const first = await queue('reminder:d1:7');
    const again = await queue('reminder:d1:7', { subject: 'changed' });
    expect(again).toEqual({ id: first.id, created: false });
    expect(first.created).toBe(true);
    expect(await t.app.jobs.drain('mail')).toBe(1);
    await smtp.waitFor(1);
    expect(await queue('reminder:d1:7')).toEqual({ id: first.id, created: false });
    expect(await t.app.jobs.drain('mail', { includeDelayed: true })).toBe(0);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Reminder reminder:d1:7']);
  });

  it('keeps a refused login in words and retries later, then sends once the server accepts', async () => {
    await save({ username: 'mailer', password: 'smtp password 1' });
    smtp.behaviour.refuseLogin = true;
    const { id } = await queue('login');
    await t.app.jobs.drain('mail');
    expect(await message(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await message(id)).last_error).toMatch(/^The SMTP server refused the login/);
    const job = (await jobOf(id))!;
    expect(job.due_in).toBeGreaterThan(30); // the next run is later (a minute's backoff, ±20 %)
    expect(await t.app.jobs.drain('mail')).toBe(0);
    const listed = (await admin.request({ method: 'GET', url: '/api/mail' })).json().items[0];
    expect(listed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(listed.error).toMatch(/refused the login/);
    expect(listed.nextAttemptAt).not.toBeNull();
    smtp.behaviour.refuseLogin = false;
    await t.app.jobs.drain('mail', { includeDelayed: true });
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps an unreachable host in words and retries, then sends once the server is there', async () => {
    await save({ port: await closedPort() });
    const { id } = await queue('unreachable');
    await t.app.jobs.drain('mail');
    expect((await message(id)).last_error).toMatch(/^Could not reach the SMTP server at 127\.0\.0\.1:\d+: the connection was refused\.$/);
    expect((await jobOf(id))!.due_in).toBeGreaterThan(30);
    await save({});
    await t.app.jobs.drain('mail', { includeDelayed: true });
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 2 });
    await smtp.waitFor(1);
  });

  it('keeps a refused recipient in words, and gives up as failed after the last attempt', async () => {
    await save({});
    smtp.behaviour.refuseRecipients = ['gone@client.test'];
    const { id } = await queue('bounce', { to: 'gone@client.test', maxAttempts: 2 });
    await t.app.jobs.drain('mail');
    expect((await message(id)).last_error).toMatch(/^The SMTP server refused the address gone@client\.test \(550 .*No such user here.*\)\.$/);
    expect((await message(id)).status).toBe('queued');
    await t.app.jobs.drain('mail', { includeDelayed: true });
    expect(await message(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await jobOf(id))!.state).toBe('failed');
    expect(smtp.received).toHaveLength(0);
  });

  it('a refused address waits for its own retry; the message after it leaves at once', async () => {
    await save({});
    smtp.behaviour.refuseRecipients = ['gone@client.test'];
    const runner = new JobRunner({ database: t.database, pollMs: 50 });
    registerMailWorker(runner, { db: t.database.db, env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), cipher: TokenCipher.derivedFrom('unused') });
    const bounced = await queue('refused-first', { to: 'gone@client.test' });
    const next = await queue('after-the-refusal');
    await runner.start();
    try {
      // The runner does not sleep out the refused message's minute before it claims the next one.
      await smtp.waitFor(1, 20_000);
      // The server took it; the runner marks it sent right after (a moment later on a busy machine).
      await expect.poll(async () => (await message(next.id)).status, { timeout: 60_000 }).toBe('sent');
      expect((await jobOf(bounced.id))!.due_in).toBeGreaterThan(30);
      expect(await message(bounced.id)).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await runner.stop();
    }
  });

  it('two job runners on one database never send a message twice', async () => {
    await save({});
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const cipher = TokenCipher.derivedFrom('unused: no password saved');
    const runners = [0, 1].map(() => {
      const runner = new JobRunner({ database: t.database, pollMs: 50 });
      registerMailWorker(runner, { db: t.database.db, env, cipher });
      return runner;
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await queue(`once:${i}`)).id);
    await Promise.all(runners.map((r) => r.start()));
    try {
      await smtp.waitFor(20, 30_000);
      const end = Date.now() + 10_000;
      while ((await sql`select 1 from jobs where queue = 'mail'`.execute(t.database.db)).rows.length && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toHaveLength(20);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(20);
    const statuses = (await sql<{ status: string; attempts: number }>`select status, attempts from mail_messages`.execute(t.database.db)).rows;
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('a message carrying money: an admin sees that it exists, only a super admin reads it', async () => {
    await save({});
    const { id } = await queue('bill:1:30', { subject: 'Bill 2026-0001 is 30 days past due: $1,250.00', hasMoney: true,
      attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') }] });
    await t.app.jobs.drain('mail');
    await smtp.waitFor(1);
    expect(smtp.received[0]!.attachments.map((a) => a.filename)).toEqual(['statement.pdf']);
    const adminList = (await admin.request({ method: 'GET', url: '/api/mail' })).json();
    expect(adminList.items).toEqual([expect.objectContaining({ id, subject: null, hasMoney: true, readable: false, status: 'sent' })]);
    expect(JSON.stringify(adminList)).not.toContain('1,250');
    const refused = await admin.request({ method: 'GET', url: `/api/mail/${id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('1,250');
    const read = await boss.request({ method: 'GET', url: `/api/mail/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ subject: 'Bill 2026-0001 is 30 days past due: $1,250.00', readable: true,
      attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', size: 13 }] });
    expect((await boss.request({ method: 'GET', url: '/api/mail' })).json().items[0].subject).toContain('$1,250.00');
  });

  it('lists newest first, in pages', async () => {
    await save({ host: '' });
    for (let i = 0; i < 3; i++) await queue(`page:${i}`);
    const page = (await admin.request({ method: 'GET', url: '/api/mail?page=1&pageSize=2' })).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((m: { subject: string }) => m.subject)).toEqual(['Reminder page:2', 'Reminder page:1']);
    expect((await admin.request({ method: 'GET', url: '/api/mail?page=2&pageSize=2' })).json().items).toHaveLength(1);
  });
});

describe('no SMTP server (demo mode)', () => {
  it('keeps each message as not sent, listed with what it would have sent', async () => {
    await save({ host: '' });
    expect(await settings()).toMatchObject({ canSend: false, host: null });
    const { id } = await queue('demo');
    await t.app.jobs.drain('mail');
    expect(await message(id)).toMatchObject({ status: 'not_sent', last_error: 'Not sent: no SMTP server is set' });
    expect(await jobOf(id)).toBeUndefined();
    const list = (await admin.request({ method: 'GET', url: '/api/mail' })).json();
    expect(list.items[0]).toMatchObject({ id, status: 'not_sent', error: 'Not sent: no SMTP server is set', subject: 'Reminder demo' });
    expect((await admin.request({ method: 'GET', url: `/api/mail/${id}` })).json().text).toBe('Body of demo');
    const test = (await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: 'partner@firm.test' } })).json();
    expect(test).toMatchObject({ ok: false, status: 'not_sent' });
    expect(smtp.received).toHaveLength(0);
  });
});
