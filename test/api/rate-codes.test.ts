import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRatesOf, insertCase, setCustomRates } from '../helpers/firm-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let limited: Agent;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.signIn((await t.user('super_admin')).email);
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t?.close());

let seq = 0;
async function createCode(items = [
  { jobType: 'Principal', rate: '225.00', active: true },
  { jobType: 'Field Technician', rate: '95.5', active: true },
]) {
  const code = `RC${++seq}`;
  const res = await superAdmin.request({ method: 'POST', url: '/api/rate-codes', payload: { name: `Rates ${seq}`, code, items } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().rateCode;
}

/** True if any "rate" key appears anywhere in the JSON. */
const mentionsRate = (body: string) => /"rate"\s*:/.test(body);

describe('rate codes', () => {
  it('a super admin creates a code with two job types and sees the rates', async () => {
    const code = await createCode();
    expect(code.items.map((i: { jobType: string; rate: string; active: boolean }) => [i.jobType, i.rate, i.active])).toEqual([
      ['Field Technician', '95.50', true],
      ['Principal', '225.00', true],
    ]);
    const list = await superAdmin.request({ method: 'GET', url: '/api/rate-codes' });
    expect(list.json().ratesVisible).toBe(true);
    expect(mentionsRate(list.body)).toBe(true);
  });

  it('admins and limited users see job types and active flags but never a rate amount', async () => {
    const code = await createCode();
    for (const agent of [admin, limited]) {
      for (const url of ['/api/rate-codes', `/api/rate-codes/${code.id}`]) {
        const res = await agent.request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json().ratesVisible).toBe(false);
        expect(mentionsRate(res.body), `${url}: ${res.body}`).toBe(false);
        expect(res.body).not.toContain('225.00');
      }
    }
    const res = await limited.request({ method: 'GET', url: `/api/rate-codes/${code.id}` });
    expect(res.json().rateCode.items.map((i: { jobType: string }) => i.jobType)).toEqual(['Field Technician', 'Principal']);
  });

  it('answers a duplicate code with a clear message', async () => {
    await superAdmin.request({ method: 'POST', url: '/api/rate-codes', payload: { name: 'Standard', code: 'STD-X' } });
    const res = await admin.request({ method: 'POST', url: '/api/rate-codes', payload: { name: 'Another', code: 'std-x' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'DUPLICATE_RECORD', message: 'The rate code "std-x" is already in use. Choose a different code.',
    });
  });

  it('answers a duplicate job type with a clear message', async () => {
    const code = await createCode();
    const res = await superAdmin.request({
      method: 'POST', url: `/api/rate-codes/${code.id}/items`, payload: { jobType: 'Principal', rate: '1.00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The job type "Principal" already exists in this rate code.');
    const twice = await superAdmin.request({
      method: 'POST', url: '/api/rate-codes',
      payload: { name: 'Twice', code: 'TWICE', items: [{ jobType: 'A', rate: '1' }, { jobType: 'A', rate: '2' }] },
    });
    expect(twice.json().error.message).toBe('The job type "A" already exists in this rate code.');
  });

  it('an admin may create a code, rename job types and toggle active, but not add or set rates', async () => {
    const created = await admin.request({ method: 'POST', url: '/api/rate-codes', payload: { name: 'Admin made', code: 'ADM' } });
    expect(created.statusCode).toBe(201);
    const withItems = await admin.request({
      method: 'POST', url: '/api/rate-codes', payload: { name: 'Priced', code: 'PRC', items: [{ jobType: 'X', rate: '10' }] },
    });
    expect(withItems.statusCode).toBe(403);

    const code = await createCode();
    const item = code.items[0];
    const addItem = await admin.request({ method: 'POST', url: `/api/rate-codes/${code.id}/items`, payload: { jobType: 'New', rate: '1' } });
    expect(addItem.statusCode).toBe(403);
    const setRate = await admin.request({
      method: 'PUT', url: `/api/rate-codes/${code.id}/items/${item.id}`,
      payload: { jobType: item.jobType, active: true, rate: '1.00', version: item.version },
    });
    expect(setRate.statusCode).toBe(403);

    const toggle = await admin.request({
      method: 'PUT', url: `/api/rate-codes/${code.id}/items/${item.id}`,
      payload: { jobType: 'Field Tech', active: false, version: item.version },
    });
    expect(toggle.statusCode).toBe(200);
    expect(mentionsRate(toggle.body)).toBe(false);
    const after = (await superAdmin.request({ method: 'GET', url: `/api/rate-codes/${code.id}` })).json().rateCode;
    // The rate is untouched by the admin's edit.
    expect(after.items.find((i: { id: string }) => i.id === item.id)).toMatchObject({ jobType: 'Field Tech', active: false, rate: '95.50' });
  });

  it('an edit conflict seen by an admin carries no rate', async () => {
    const code = await createCode();
    const item = code.items[0];
    await superAdmin.request({
      method: 'PUT', url: `/api/rate-codes/${code.id}/items/${item.id}`,
      payload: { jobType: item.jobType, active: true, rate: '99.00', version: item.version },
    });
    const stale = await admin.request({
      method: 'PUT', url: `/api/rate-codes/${code.id}/items/${item.id}`,
      payload: { jobType: 'Stale', active: false, version: item.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('EDIT_CONFLICT');
    expect(mentionsRate(stale.body)).toBe(false);
    expect(stale.body).not.toContain('99.00');
  });

  it('a limited user cannot write anything (403)', async () => {
    const code = await createCode();
    const item = code.items[0];
    const attempts = [
      { method: 'POST' as const, url: '/api/rate-codes', payload: { name: 'X', code: 'X1' } },
      { method: 'PUT' as const, url: `/api/rate-codes/${code.id}`, payload: { name: 'X', code: 'X2', version: code.version } },
      { method: 'DELETE' as const, url: `/api/rate-codes/${code.id}` },
      { method: 'PUT' as const, url: `/api/rate-codes/${code.id}/items/${item.id}`, payload: { jobType: 'X', active: false, version: item.version } },
      { method: 'DELETE' as const, url: `/api/rate-codes/${code.id}/items/${item.id}` },
    ];
    for (const attempt of attempts) {
      expect((await limited.request(attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
  });

  it('validates rates: two decimals at most, not negative', async () => {
    for (const rate of ['-1', '1.234', 'abc']) {
      const res = await superAdmin.request({
        method: 'POST', url: '/api/rate-codes', payload: { name: 'Bad', code: `BAD${rate}`, items: [{ jobType: 'A', rate }] },
      });
      expect(res.statusCode, rate).toBe(400);
    }
  });

  it('refuses deleting a code a case uses, with the 23503 text; deletes an unused one with its items', async () => {
    const used = await createCode();
    await insertCase(t.database.db, adminId, { rateCodeId: used.id });
    const refused = await admin.request({ method: 'DELETE', url: `/api/rate-codes/${used.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This record is connected to other data and cannot be modified.');
    const listed = (await admin.request({ method: 'GET', url: `/api/rate-codes/${used.id}` })).json().rateCode;
    expect(listed.caseCount).toBe(1);

    const unused = await createCode();
    expect((await admin.request({ method: 'DELETE', url: `/api/rate-codes/${unused.id}` })).statusCode).toBe(204);
  });

  it('renaming a job type keeps the custom rates of cases using the code', async () => {
    const code = await createCode();
    const item = code.items.find((i: { jobType: string }) => i.jobType === 'Field Technician');
    const kase = await insertCase(t.database.db, adminId, { rateCodeId: code.id });
    await setCustomRates(t.database.db, adminId, kase.id, { field_technician_rate: 120, principal_rate: 300 });
    const res = await admin.request({
      method: 'PUT', url: `/api/rate-codes/${code.id}/items/${item.id}`,
      payload: { jobType: 'Senior Field Technician', active: true, version: item.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await customRatesOf(t.database.db, kase.id)).toEqual({ senior_field_technician_rate: 120, principal_rate: 300 });
  });
});

