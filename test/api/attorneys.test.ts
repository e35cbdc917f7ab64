import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from '../helpers/firm-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let adminId: string;

const address = {
  fullAddress: '233 S Wacker Dr, Chicago, IL 60606', streetAddress1: '233 S Wacker Dr', streetAddress2: '',
  city: 'Chicago', stateCode: 'IL', stateName: 'Illinois', postalCode: '60606', country: 'United States',
  source: 'manual', radarPlaceId: null,
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t?.close());

async function createFirm(name: string) {
  const res = await admin.request({ method: 'POST', url: '/api/law-firms', payload: { name, email: null, phone: '312-555-0100', address } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('law firms and attorneys', () => {
  it('creates a firm and an attorney, lists them and finds them by name or firm', async () => {
    const firm = await createFirm('Baxter & Lund LLP');
    expect(firm).toMatchObject({ name: 'Baxter & Lund LLP', phone: '312-555-0100', address, attorneyCount: 0 });
    const res = await admin.request({
      method: 'POST', url: '/api/attorneys',
      payload: { lawFirmId: firm.id, name: 'Rosa Baxter', email: 'rbaxter@baxterlund.test', phone: '312-555-0101', address: null },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Rosa Baxter', lawFirmName: 'Baxter & Lund LLP', lawFirmId: firm.id });

    for (const q of ['rosa', 'LUND', 'baxterlund']) {
      const list = await limited.request({ method: 'GET', url: `/api/attorneys?q=${encodeURIComponent(q)}` });
      expect(list.statusCode).toBe(200);
      expect(list.json().attorneys.map((a: { name: string }) => a.name)).toEqual(['Rosa Baxter']);
    }
    const none = await limited.request({ method: 'GET', url: '/api/attorneys?q=zzz%25' });
    expect(none.json().attorneys).toEqual([]);
    const firms = await limited.request({ method: 'GET', url: '/api/law-firms?q=baxter' });
    expect(firms.json().lawFirms[0]).toMatchObject({ name: 'Baxter & Lund LLP', attorneyCount: 1 });
  });

  it('edits with the version and answers a stale version with 409', async () => {
    const firm = await createFirm('Ortega Partners');
    const res = await admin.request({ method: 'PUT', url: `/api/law-firms/${firm.id}`, payload: { ...firm, name: 'Ortega & Partners' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ortega & Partners', version: firm.version + 1 });
    const stale = await admin.request({ method: 'PUT', url: `/api/law-firms/${firm.id}`, payload: { ...firm, name: 'Old' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('EDIT_CONFLICT');
  });

  it('refuses a second firm of the same name with a clear message', async () => {
    await createFirm('Hart Legal');
    const res = await admin.request({ method: 'POST', url: '/api/law-firms', payload: { name: 'hart legal', email: null, phone: null, address: null } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'DUPLICATE_RECORD', message: 'A law firm named "hart legal" already exists.' });
  });

  it('validates the body: name required, e-mail format, address shape', async () => {
    const bad = await admin.request({ method: 'POST', url: '/api/attorneys', payload: { lawFirmId: null, name: ' ', email: 'nope', phone: null, address: { city: 1 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses deleting an attorney or firm still referenced, with the 23503 text', async () => {
    const firm = await createFirm('Keene Whitlock');
    const attorney = (await admin.request({
      method: 'POST', url: '/api/attorneys', payload: { lawFirmId: firm.id, name: 'Dana Keene', email: null, phone: null, address: null },
    })).json();
    const firmDelete = await admin.request({ method: 'DELETE', url: `/api/law-firms/${firm.id}` });
    expect(firmDelete.statusCode, firmDelete.body).toBe(409);
    expect(firmDelete.json().error.message).toBe('This record is connected to other data and cannot be modified.');

    await insertCase(t.database.db, adminId, { attorneyId: attorney.id });
    const res = await admin.request({ method: 'DELETE', url: `/api/attorneys/${attorney.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONSTRAINT_VIOLATION', message: 'This record is connected to other data and cannot be modified.',
    });
  });

  it('deletes an unreferenced attorney, then the empty firm', async () => {
    const firm = await createFirm('Short Lived LLC');
    const attorney = (await admin.request({
      method: 'POST', url: '/api/attorneys', payload: { lawFirmId: firm.id, name: 'Temp Person', email: null, phone: null, address: null },
    })).json();
    expect((await admin.request({ method: 'DELETE', url: `/api/attorneys/${attorney.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/law-firms/${firm.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/law-firms/${firm.id}` })).statusCode).toBe(404);
  });

  it('lets a limited user read but not write (403)', async () => {
    const firm = await createFirm('Read Only & Co');
    const attempts = [
      { method: 'POST' as const, url: '/api/law-firms', payload: { name: 'X', email: null, phone: null, address: null } },
      { method: 'PUT' as const, url: `/api/law-firms/${firm.id}`, payload: { ...firm } },
      { method: 'DELETE' as const, url: `/api/law-firms/${firm.id}` },
      { method: 'POST' as const, url: '/api/attorneys', payload: { lawFirmId: null, name: 'X', email: null, phone: null, address: null } },
    ];
    for (const attempt of attempts) {
      const res = await limited.request(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect((await limited.request({ method: 'GET', url: '/api/law-firms' })).statusCode).toBe(200);
  });

  it('needs a signed-in user to read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/attorneys' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a picked record that no longer exists', () => {
  it('answers 400 with a clear message, not the delete text', async () => {
    const admin = await t.signIn((await t.user('admin')).email);
    const res = await admin.request({
      method: 'POST', url: '/api/attorneys',
      payload: { name: 'Orphan Counsel', lawFirmId: '00000000-0000-4000-8000-000000000000', email: null, phone: null, address: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Something you picked no longer exists. Please refresh the page and choose again.');
  });
});
