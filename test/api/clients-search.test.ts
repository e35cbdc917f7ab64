import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaseList, TClientList, TClientSearch, TCustomRates } from '../../src/core/api/clients.ts';
import { completeClient, createCase, createClient, referenceData, unique } from '../helpers/clients-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let superAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn((await t.user('admin')).email);
  limited = await t.signIn((await t.user('limited_user')).email);
  superAdmin = await t.signIn((await t.user('super_admin')).email);
});
afterAll(async () => t?.close());

const cases = async (q: string, agent = limited) => {
  const res = await agent.request({ method: 'GET', url: `/api/cases?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TCaseList).cases;
};
const setCreated = (id: string, at: string) =>
  t.database.db.updateTable('cases').set({ created_at: at }).where('id', '=', id).execute();

describe('case search (SPEC §7)', () => {
  it('needs at least 2 characters', async () => {
    await completeClient(admin, { case: { fileNumber: unique('Q') } });
    expect(await cases('Q')).toEqual([]);
    expect(await cases(' Q ')).toEqual([]);
  });

  it('matches file number or case name, and client name or contact name, case-insensitively', async () => {
    const tag = unique('kw').toLowerCase();
    const a = await completeClient(admin, { case: { fileNumber: `${tag}-FN` } });
    const b = await completeClient(admin, { case: { caseName: `Roof ${tag.toUpperCase()}` } });
    const c = await completeClient(admin, { client: { name: `Client ${tag}` } });
    const d = await completeClient(admin, { client: { name: 'Big Co', isBusinessClient: true, contactName: `Pat ${tag}` } });
    const found = (await cases(tag)).map((x) => x.id).sort();
    expect(found).toEqual([a.kase.id, b.kase.id, c.kase.id, d.kase.id].sort());
  });

  it('lists a case matching both reads once, and treats % and _ literally', async () => {
    const tag = unique('both');
    const { kase } = await completeClient(admin, { client: { name: `Owner ${tag}` }, case: { fileNumber: `${tag}-1` } });
    expect((await cases(tag)).map((x) => x.id)).toEqual([kase.id]);
    expect(await cases('%%')).toEqual([]);
    expect(await cases('__')).toEqual([]);
  });

  it('two characters match inside either column but never across the two', async () => {
    const tag = unique('two');
    const { kase } = await completeClient(admin, { case: { fileNumber: `${tag}-QJ`, caseName: 'Plain' } });
    const named = await completeClient(admin, { client: { name: 'Jo Qj Owner' } });
    const across = await completeClient(admin, { case: { fileNumber: `${tag}-XQ`, caseName: 'Jolly' } });
    const found = (await cases('qJ')).map((x) => x.id);
    expect(found).toContain(kase.id);
    expect(found).toContain(named.kase.id);
    expect(found).not.toContain(across.kase.id);
    const clientHits = ((await limited.request({ method: 'GET', url: '/api/clients/search?q=QJ' })).json() as TClientSearch).clients;
    expect(clientHits.map((c) => c.id)).toContain(named.client.id);
  });

  it('only finds cases of complete clients', async () => {
    const tag = unique('draft');
    const draft = await createClient(admin, { name: `Draft ${tag}` });
    await createCase(admin, draft.id, { fileNumber: `${tag}-F` });
    expect(await cases(tag)).toEqual([]);
  });

  it('takes up to 20 from each read, merged newest first', async () => {
    const tag = unique('many');
    const byFile: string[] = [];
    for (let i = 0; i < 22; i++) {
      const { kase } = await completeClient(admin, { case: { fileNumber: `${tag}-${i}` } });
      await setCreated(kase.id, new Date(Date.UTC(2025, 0, 1 + i)).toISOString());
      byFile.push(kase.id);
    }
    const byClient: string[] = [];
    for (let i = 0; i < 21; i++) {
      const { kase } = await completeClient(admin, { client: { name: `${tag} owner ${i}` } });
      await setCreated(kase.id, new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
      byClient.push(kase.id);
    }
    const found = await cases(tag);
    expect(found).toHaveLength(40);
    // Newest 20 of each read: files 21..2, then clients 20..1.
    expect(found.map((x) => x.id)).toEqual([...byFile.slice(2).reverse(), ...byClient.slice(1).reverse()]);
    const times = found.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('case list (SPEC §4)', () => {
  it('complete clients only, newest first, with address and project count', async () => {
    const draft = await createClient(admin);
    const draftCase = await createCase(admin, draft.id);
    const older = await completeClient(admin);
    const newer = await completeClient(admin);
    await setCreated(older.kase.id, '2030-01-01T00:00:00Z');
    await setCreated(newer.kase.id, '2030-01-02T00:00:00Z');
    const list = (await limited.request({ method: 'GET', url: '/api/cases?limit=5' })).json() as TCaseList;
    expect(list.cases.slice(0, 2).map((c) => c.id)).toEqual([newer.kase.id, older.kase.id]);
    expect(list.cases[0]).toMatchObject({ projectCount: 1, address: '1 Main St, Austin, TX 78701' });
    const all = (await limited.request({ method: 'GET', url: '/api/cases?limit=100' })).json() as TCaseList;
    expect(all.cases.some((c) => c.id === draftCase.id)).toBe(false);
    const times = all.cases.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('client search and list', () => {
  it('finds complete clients by name or contact, with their cases; never drafts', async () => {
    const tag = unique('cli');
    const a = await completeClient(admin, { client: { name: `Ann ${tag}` } });
    const b = await completeClient(admin, { client: { name: 'Zed Corp', isBusinessClient: true, contactName: `Cy ${tag}` } });
    await createClient(admin, { name: `Draft ${tag}` });
    const res = (await limited.request({ method: 'GET', url: `/api/clients/search?q=${tag}` })).json() as TClientSearch;
    expect(res.clients.map((c) => c.id)).toEqual([a.client.id, b.client.id]);
    expect(res.clients[0]!.cases).toEqual([{ id: a.kase.id, fileNumber: a.kase.fileNumber, caseName: a.kase.caseName }]);
    expect(((await limited.request({ method: 'GET', url: '/api/clients/search?q=c' })).json() as TClientSearch).clients).toEqual([]);
  });

  it('lists only complete clients with a total', async () => {
    await createClient(admin);
    const list = (await limited.request({ method: 'GET', url: '/api/clients?limit=100' })).json() as TClientList;
    expect(list.clients.every((c) => c.completionPercentage === 100)).toBe(true);
    expect(list.total).toBe(list.clients.length);
  });

  it('caps the client search at 20', async () => {
    const tag = unique('cap');
    for (let i = 0; i < 21; i++) await completeClient(admin, { client: { name: `${tag} ${String(i).padStart(2, '0')}` } });
    const res = (await limited.request({ method: 'GET', url: `/api/clients/search?q=${tag}` })).json() as TClientSearch;
    expect(res.clients).toHaveLength(20);
  });
});

describe('custom rates are money: super_admin only', () => {
  it('reads and saves the map keyed by customRateKey, never shown to others', async () => {
    const refs = await referenceData(t);
    const { kase } = await completeClient(admin, { case: { rateCodeId: refs.rateCodeId, attorneyId: refs.attorneyId } });
    const url = `/api/cases/${kase.id}/custom-rates`;
    for (const agent of [admin, limited]) expect((await agent.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await admin.request({ method: 'PUT', url, payload: { customRates: {}, version: null } })).statusCode).toBe(403);

    const empty = (await superAdmin.request({ method: 'GET', url })).json() as TCustomRates;
    expect(empty).toEqual({
      customRates: {}, version: null,
      jobTypes: [
        { jobType: 'Field Technician', key: 'field_technician_rate', standardRate: '95.50', active: true },
        { jobType: 'Senior Consultant', key: 'senior_consultant_rate', standardRate: '185.00', active: true },
      ],
    });
    const saved = await superAdmin.request({ method: 'PUT', url, payload: { customRates: { senior_consultant_rate: '200' }, version: null } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ customRates: { senior_consultant_rate: '200.00' }, version: 1 });
    const stale = await superAdmin.request({ method: 'PUT', url, payload: { customRates: {}, version: null } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('EDIT_CONFLICT');
    const bad = await superAdmin.request({ method: 'PUT', url, payload: { customRates: { senior_consultant_rate: '-5' }, version: 1 } });
    expect(bad.statusCode).toBe(400);

    // No case or client response carries a rate amount, for any role.
    for (const path of [`/api/cases/${kase.id}`, '/api/cases', `/api/cases?q=${kase.fileNumber}`, `/api/clients/${kase.client.id}`]) {
      for (const agent of [limited, admin, superAdmin]) {
        const body = (await agent.request({ method: 'GET', url: path })).body;
        expect(body).not.toMatch(/200\.00|185\.00|95\.50|"rate"|custom_rates|customRates/);
      }
    }
  });
});
