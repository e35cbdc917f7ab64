// Issue 38, money's authority: the remittance details and the firm's tax id (what every bill tells a
// client to pay into) are changed by super admins only; admins read them. A change alerts every super
// admin in the app; the audit log keeps and answers the whole before and after, however long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullTextChanges } from '../../src/core/audit/audit-words.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let sa: Agent;
let sa2: Agent;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  [sa, sa2, admin] = await Promise.all([
    t.signIn((await t.user('super_admin')).email), t.signIn((await t.user('super_admin')).email), t.signIn((await t.user('admin')).email),
  ]);
});
afterAll(async () => t?.close());

const URL = '/api/settings/firm-profile';
const base = { firmName: 'Hale & Ortiz', licenceNumber: '', address: '', phone: '', email: '', website: '' };
const profile = async (agent: Agent) => (await agent.request({ method: 'GET', url: URL })).json();
const put = (agent: Agent, payload: object) => agent.request({ method: 'PUT', url: URL, payload });
const alerts = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/me/money-alerts' }));
const REMITTANCE = `Pay by ACH to First Bank of Springfield, routing 011000015, account 4455 6677 8899.\n${
  'Please put the bill number in the payment reference so we can match it to your account. '.repeat(3)}`.trim();

describe("money's authority", () => {
  it("refuses an admin's change of the remittance details or tax id with 403, shows them read-only, keeps the rest", async () => {
    const first = await profile(admin);
    expect(first).toMatchObject({ remittance: '', ledesFirmId: '', canChangeMoney: false });
    expect(await profile(sa)).toMatchObject({ canChangeMoney: true });
    for (const change of [{ remittance: 'Wire to account 999' }, { ledesFirmId: '12-3456789' }]) {
      const res = await put(admin, { ...base, ...change, version: first.version });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe('Only a super admin can change the remittance details and the tax id.');
    }
    expect(await profile(admin)).toMatchObject({ remittance: '', ledesFirmId: '', version: first.version });
    // The same values sent back (a form that shows them) and every other field: the admin's to change.
    const kept = await put(admin, { ...base, phone: '555-0100', remittance: '', ledesFirmId: '', version: first.version });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ phone: '555-0100', canChangeMoney: false });
    expect((await alerts(admin)).statusCode).toBe(403);
    expect((await alerts(sa)).json().alerts).toEqual([]);
  });

  it("alerts every super admin of a super admin's change, and the audit log answers a 300-character change in full", async () => {
    expect(REMITTANCE.length).toBeGreaterThanOrEqual(300);
    const before = await profile(sa);
    const saved = await put(sa, { ...base, remittance: REMITTANCE, ledesFirmId: ' 98-7654321 ', version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ remittance: REMITTANCE, ledesFirmId: '98-7654321', canChangeMoney: true });
    expect(await profile(admin)).toMatchObject({ remittance: REMITTANCE, ledesFirmId: '98-7654321' });

    for (const agent of [sa, sa2]) {
      const [alert] = (await alerts(agent)).json().alerts;
      expect(alert.text).toMatch(/changed the remittance details and the tax id printed on every bill\. Check the change in the audit log\.$/);
    }
    const [mine] = (await alerts(sa2)).json().alerts;
    expect((await sa2.request({ method: 'POST', url: `/api/me/money-alerts/${mine.id}/read` })).statusCode).toBe(204);
    expect((await alerts(sa2)).json().alerts).toEqual([]);
    expect((await alerts(sa)).json().alerts).toHaveLength(1);
    // Someone else's alert is not the reader's to dismiss.
    expect((await sa2.request({ method: 'POST', url: `/api/me/money-alerts/${(await alerts(sa)).json().alerts[0].id}/read` })).statusCode).toBe(404);

    const audit = (await sa.request({ method: 'GET', url: '/api/audit?table=firm_profile&limit=5' })).json();
    const entry = audit.entries.find((e: { changes: { field: string }[] }) => e.changes.some((c) => c.field === 'remittance'));
    expect(entry.changes).toEqual(expect.arrayContaining([
      { field: 'remittance', before: '', after: REMITTANCE }, { field: 'ledes_firm_id', before: '', after: '98-7654321' },
    ]));
    // What the screen shows under the sentence: the whole text, line break kept.
    expect(fullTextChanges(entry.table, entry.changes)).toEqual([{ label: 'remittance details', before: '', after: REMITTANCE }]);
  });
});
