import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';
import { withoutIds } from '../helpers/without-ids.ts';

// Issue 40: testimony in the audit log (migration 050), in words; the deposit (money) for super admins only.

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
  p = await trackedProject(t.database.db, saUser.id, { clientName: 'Audit Testimony Co' });
});
afterAll(async () => t?.close());

describe('testimony in the audit log', () => {
  it('says who recorded, moved and removed a deposition, and shows its deposit only to a super admin', async () => {
    const id = randomUUID();
    const body = {
      caseId: p.caseId, kind: 'deposition', eventDate: '2026-06-02', expertId, caption: 'Doe v. Roe', docket: 'ESX-L-1-26',
      noticedBy: 'other', payerName: 'Opposing LLP', depositRequired: 1876.54, depositReceivedOn: '2026-05-29', depositMethod: 'wire',
    };
    const made = await sa.request({ method: 'PUT', url: `/api/testimony/${id}`, payload: body });
    expect(made.statusCode, made.body).toBe(200);
    const moved = await admin.request({ method: 'PUT', url: `/api/testimony/${id}`, payload: { ...body, eventDate: '2026-06-09', version: made.json().version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/api/testimony/${id}` })).statusCode).toBe(204);

    const forAdmin = await admin.request({ method: 'GET', url: `/api/audit?rowId=${id}` });
    expect(forAdmin.statusCode).toBe(200);
    const texts = forAdmin.json().entries.map((e: { text: string }) => e.text);
    expect(texts).toEqual([
      expect.stringMatching(/deleted a deposition of 06\/09\/2026 \("Doe v\. Roe"\) on case F-/),
      expect.stringMatching(/changed the date of the deposition of 06\/09\/2026 \("Doe v\. Roe"\) on case F-.* from 06\/02\/2026 to 06\/09\/2026$/),
      expect.stringMatching(/created a deposition of 06\/02\/2026 \("Doe v\. Roe"\) on case F-/),
    ]);
    expect(forAdmin.json().entries[0].record.type).toBe('Testimony');
    expect(withoutIds(forAdmin.body)).not.toMatch(/1876|deposit_|05\/29\/2026|2026-05-29/);
    expect(forAdmin.body).toContain('Opposing LLP');

    const forSuper = await sa.request({ method: 'GET', url: `/api/audit?rowId=${id}` });
    expect(forSuper.body).toContain('1876.54');
    expect(forSuper.body).toContain('deposit received on');
  });

  it('lists testimony among the audit log\'s tables', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/audit?table=testimony_events&limit=10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entries.length).toBeGreaterThan(0);
  });
});
