// The private ICS feed (docs/decisions/163): calendar apps fetch it with no cookie, by its secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let me: Agent;
let myId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await t.user('limited_user');
  myId = u.id;
  me = await t.signIn(u.email);
  const { projectId } = await makeProject(t.database.db, u.id);
  await me.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, myId, { shortDescription: 'Roof walk' }) });
});
afterAll(() => t.close());

describe('the calendar feed', () => {
  it('is read without a session by its secret address, and a new link stops the old one', async () => {
    const created = await me.request({ method: 'POST', url: '/api/calendar/feed', payload: {} });
    const path = new URL(created.json().url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('Roof walk');

    await me.request({ method: 'POST', url: '/api/calendar/feed', payload: {} });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('keeps every control character of an item inside its property (RFC 5545 §3.3.11)', async () => {
    const { projectId } = await makeProject(t.database.db, myId);
    const nasty = 'Roof\rSUMMARY:Injected\nDESCRIPTION:x\r\nBEGIN:VALARM\u000b\u001b\u007f;done';
    const made = await me.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, myId, {
      shortDescription: nasty.slice(0, 60), longDescription: nasty, location: nasty, url: 'https://meet.test/room\rX-INJECTED:1',
    }) });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const path = new URL((await me.request({ method: 'POST', url: '/api/calendar/feed', payload: {} })).json().url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    // Lines end in CRLF only; a bare CR or LF, or any other control character but a tab, is a broken feed.
    // eslint-disable-next-line no-control-regex
    expect(feed.body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    const lines = feed.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l.startsWith('SUMMARY:Injected') || l.startsWith('X-INJECTED'))).toEqual([]);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.find((l) => l.startsWith('SUMMARY:Roof\\n'))).toBeDefined();
    expect(lines).toContain('URL:https://meet.test/roomX-INJECTED:1');
  });

  it("stops when an admin resets the person's password: the account may be in other hands (docs/decisions/222)", async () => {
    const path = new URL((await me.request({ method: 'POST', url: '/api/calendar/feed', payload: {} })).json().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const admin = await t.signIn((await t.user('admin')).email);
    const reset = await admin.request({ method: 'POST', url: `/api/users/${myId}/reset-password` });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('answers 404 to a made-up address and 401 to the link routes without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed/abcdefghijklmnopqrstuvwxyz.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });
});
