import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: `smtp://mailer:${encodeURIComponent(smtp.behaviour.password)}@127.0.0.1:${smtp.port}?ignoreTLS=true`, MAIL_FROM: 'Firm <robot@firm.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('SMTP_URL and MAIL_FROM win over Settings, and the page says so without their password', async () => {
  const admin = await t.signIn((await t.user('admin')).email);
  const page = await admin.request({ method: 'GET', url: '/api/settings/email' });
  expect(page.json()).toMatchObject({ environmentServer: `127.0.0.1:${smtp.port}`, environmentFrom: 'Firm <robot@firm.test>', canSend: true });
  expect(page.body).not.toContain(smtp.behaviour.password);
  const res = await admin.request({ method: 'POST', url: '/api/settings/email/test', payload: { to: 'partner@firm.test' } });
  expect(res.json()).toMatchObject({ ok: true, status: 'sent' });
  await smtp.waitFor(1);
  expect(smtp.received[0]!.from?.text).toBe('"Firm" <robot@firm.test>');
});
