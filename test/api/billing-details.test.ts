import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_DAYS_MESSAGE, type TCaseDetail, type TClient } from '../../src/core/api/clients.ts';
import { createCase, createClient } from '../helpers/clients-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

// Billing details of clients, cases and the firm (issue 24): not money, so every role that reads
// clients and cases reads them; a write that leaves them out keeps what is stored.

let t: TestApp;
let admin: Agent;
let limited: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn((await t.user('admin')).email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t?.close());

const put = (agent: Agent, url: string, payload: object) => agent.request({ method: 'PUT', url, payload });
const clientBody = (c: TClient) => ({
  isBusinessClient: c.isBusinessClient, name: c.name, contactName: c.contactName, lastName: c.lastName,
  email: c.email, phone: c.phone, version: c.version,
});

describe('client billing details', () => {
  it('default to Net 30 and empty, are saved, read back by every role, and kept when a write leaves them out', async () => {
    const plain = await createClient(admin);
    expect(plain).toMatchObject({ billToName: '', billingAddress: '', termsDays: 30, ledesClientId: '' });

    const client = await createClient(admin, {
      billToName: 'Acme Holdings LLC', billingAddress: 'Attn: Accounts Payable\n1 Main St\nAustin TX 78701',
      termsDays: 45, ledesClientId: 'ACME-01',
    });
    expect(client).toMatchObject({ billToName: 'Acme Holdings LLC', termsDays: 45, ledesClientId: 'ACME-01' });
    expect(client.billingAddress).toBe('Attn: Accounts Payable\n1 Main St\nAustin TX 78701');

    const read = await limited.request({ method: 'GET', url: `/api/clients/${client.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ billToName: 'Acme Holdings LLC', termsDays: 45, ledesClientId: 'ACME-01' });

    // An older form's PUT (without the billing fields) keeps them.
    const kept = await put(admin, `/api/clients/${client.id}`, { ...clientBody(client), phone: '555-0100' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ phone: '555-0100', billToName: 'Acme Holdings LLC', termsDays: 45 });

    const changed = await put(admin, `/api/clients/${client.id}`, {
      ...clientBody(kept.json()), termsDays: 0, billToName: '', ledesClientId: '  ACME-02 ',
    });
    expect(changed.json()).toMatchObject({ termsDays: 0, billToName: '', ledesClientId: 'ACME-02' });
  });

  it.each([
    [{ termsDays: 366 }, 'termsDays', TERMS_DAYS_MESSAGE],
    [{ termsDays: -1 }, 'termsDays', TERMS_DAYS_MESSAGE],
    [{ termsDays: 10.5 }, 'termsDays', TERMS_DAYS_MESSAGE],
    [{ termsDays: '30' }, 'termsDays', TERMS_DAYS_MESSAGE],
    [{ billToName: 'x'.repeat(201) }, 'billToName', 'Must be 200 characters or fewer (now 201)'],
    [{ billingAddress: 'x'.repeat(1001) }, 'billingAddress', 'Must be 1,000 characters or fewer (now 1,001)'],
    [{ ledesClientId: 'x'.repeat(41) }, 'ledesClientId', 'Must be 40 characters or fewer (now 41)'],
  ])('refuses %j naming the field', async (over, field, message) => {
    const res = await admin.request({ method: 'POST', url: '/api/clients', payload: { isBusinessClient: true, name: 'Over Limits', ...over } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(message);
  });

  it('365 and 0 days are the limits', async () => {
    expect((await createClient(admin, { termsDays: 365 })).termsDays).toBe(365);
    expect((await createClient(admin, { termsDays: 0 })).termsDays).toBe(0);
  });
});

describe('case client matter id', () => {
  it('is saved, read back, kept when left out, and limited to 40 characters', async () => {
    const client = await createClient(admin);
    const kase = await createCase(admin, client.id, { clientMatterId: 'MAT-2026-0042' });
    expect(kase.clientMatterId).toBe('MAT-2026-0042');
    const plain = await createCase(admin, client.id);
    expect(plain.clientMatterId).toBe('');

    const read = await limited.request({ method: 'GET', url: `/api/cases/${kase.id}` });
    expect(read.json().clientMatterId).toBe('MAT-2026-0042');
    const listed = await limited.request({ method: 'GET', url: `/api/cases?clientId=${client.id}` });
    expect(listed.json().cases.map((c: TCaseDetail) => c.clientMatterId).sort()).toEqual(['', 'MAT-2026-0042']);

    const body = { fileNumber: kase.fileNumber, caseName: kase.caseName, attorneyId: null, rateCodeId: null, version: kase.version };
    const kept = await put(admin, `/api/cases/${kase.id}`, { ...body, caseName: 'Renamed' });
    expect(kept.json()).toMatchObject({ caseName: 'Renamed', clientMatterId: 'MAT-2026-0042' });
    const long = await put(admin, `/api/cases/${kase.id}`, { ...body, version: kept.json().version, clientMatterId: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('clientMatterId');
  });
});

describe('firm profile remittance and LEDES firm id', () => {
  it('are saved with several lines, read back, kept when left out, and limited', async () => {
    // The remittance details are a super admin's (issue 38); an admin keeps the rest of the profile.
    const superAdmin = await t.signIn((await t.user('super_admin')).email);
    const profile = { firmName: 'Hale & Ortiz', licenceNumber: '', address: '', phone: '', email: '', website: '' };
    const first = (await admin.request({ method: 'GET', url: '/api/settings/firm-profile' })).json();
    expect(first).toMatchObject({ remittance: '', ledesFirmId: '' });
    const remittance = 'Pay by check to Hale & Ortiz\nACH: routing 011000015, account 123456789';
    const saved = await put(superAdmin, '/api/settings/firm-profile', { ...profile, remittance, ledesFirmId: '12-3456789', version: first.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ remittance, ledesFirmId: '12-3456789' });

    const kept = await put(admin, '/api/settings/firm-profile', { ...profile, phone: '555', version: saved.json().version });
    expect(kept.json()).toMatchObject({ phone: '555', remittance, ledesFirmId: '12-3456789' });

    const long = await put(superAdmin, '/api/settings/firm-profile', { ...profile, remittance: 'x'.repeat(1001), version: kept.json().version });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('remittance');
  });
});
