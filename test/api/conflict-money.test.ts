import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_COLUMNS } from '../../src/core/audit/audit.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// A stale version is answered 409 with the current row (docs/decisions/003), and anyone may send a stale version on
// purpose: the row never carries money, whoever asks (docs/decisions/221). Before, an admin read a case's retainer,
// a deposition's deposit and a rate code's fee rules this way.

let t: TestApp;
let sa: Agent;
let admin: Agent;
let expertId: string;
let p: TrackedProjectFixture;

beforeAll(async () => {
  t = await createTestApp();
  const [saUser, adminUser] = await Promise.all([t.user('super_admin'), t.user('admin')]);
  expertId = saUser.id;
  [sa, admin] = await Promise.all([t.signIn(saUser.email), t.signIn(adminUser.email)]);
  p = await trackedProject(t.database.db, saUser.id, { clientName: 'Conflict Money Co' });
  await t.database.db.updateTable('cases').set({ retainer_requested: '7654.32', retainer_threshold: '1234.56' }).where('id', '=', p.caseId).execute();
  await t.database.db.updateTable('rate_codes').set({ fee_rules: JSON.stringify([{ type: 'flat', kind: 'trial', halfDayUpToHours: 4, halfDayFee: '2468.00', fullDayFee: '3579.00' }]) })
    .where('id', '=', p.rateCodeId).execute();
});
afterAll(async () => t?.close());

/** A stale save by `agent`: 409 EDIT_CONFLICT whose current row holds none of the table's money columns. */
async function staleSave(agent: Agent, url: string, payload: object, table: keyof typeof MONEY_COLUMNS) {
  const res = await agent.request({ method: 'PUT', url, payload });
  expect(res.statusCode, res.body).toBe(409);
  const { code, details } = res.json().error;
  expect(code).toBe('EDIT_CONFLICT');
  expect(details.current.id).toBeTruthy();
  for (const column of MONEY_COLUMNS[table]) expect(details.current, column).not.toHaveProperty(column);
  return res.body;
}

describe('a stale save answers the current row without money', () => {
  it("a case's retainer", async () => {
    const kase = (await admin.request({ method: 'GET', url: `/api/cases/${p.caseId}` })).json();
    const body = await staleSave(admin, `/api/cases/${p.caseId}`,
      { fileNumber: kase.fileNumber, attorneyId: kase.attorneyId ?? null, rateCodeId: p.rateCodeId, caseName: 'Renamed', version: kase.version + 7 }, 'cases');
    expect(body).toContain(kase.fileNumber);
    expect(body).not.toMatch(/7654|1234\.56/);
  });

  it("a deposition's deposit", async () => {
    const id = randomUUID();
    const event = {
      caseId: p.caseId, kind: 'deposition', eventDate: '2026-06-02', expertId, caption: 'Doe v. Roe', docket: 'ESX-L-1-26',
      noticedBy: 'other', payerName: 'Opposing LLP', depositRequired: 1876.54, depositReceivedOn: '2026-05-29', depositMethod: 'wire',
      depositReference: 'WIRE-4455',
    };
    const made = await sa.request({ method: 'PUT', url: `/api/testimony/${id}`, payload: event });
    expect(made.statusCode, made.body).toBe(200);
    const body = await staleSave(admin, `/api/testimony/${id}`, { ...event, eventDate: '2026-06-09', version: made.json().version + 5 }, 'testimony_events');
    expect(body).toContain('Opposing LLP');
    expect(body).not.toMatch(/1876|WIRE-4455|2026-05-29/);
  });

  it("a rate code's fee rules", async () => {
    const code = (await admin.request({ method: 'GET', url: `/api/rate-codes/${p.rateCodeId}` })).json().rateCode;
    const body = await staleSave(admin, `/api/rate-codes/${p.rateCodeId}`, { name: code.name, code: code.code, version: code.version + 3 }, 'rate_codes');
    expect(body).not.toMatch(/2468|3579|halfDayFee/);
  });

  it('the same row for a super admin: a screen reads money again in the record', async () => {
    const kase = (await sa.request({ method: 'GET', url: `/api/cases/${p.caseId}` })).json();
    await staleSave(sa, `/api/cases/${p.caseId}`,
      { fileNumber: kase.fileNumber, attorneyId: kase.attorneyId ?? null, rateCodeId: p.rateCodeId, caseName: 'Renamed', version: kase.version + 7 }, 'cases');
  });
});
