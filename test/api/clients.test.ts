import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaseDetail, TClient, TClientDetail, TDraft, TProjectDetail } from '../../src/core/api/clients.ts';
import { address, completeClient, createCase, createClient, createProject, referenceData, unique } from '../helpers/clients-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t?.close());

const get = async <T>(agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('the phased new client', () => {
  it('rises 25 → 50 → 75 → 100 as each phase saves, and only then is listed', async () => {
    const refs = await referenceData(t);
    const client = await createClient(admin, { name: 'Jane Q. Phased', email: 'jane@example.com' });
    expect(client.completionPercentage).toBe(25);
    expect(client.lastName).toBe('Phased');
    const kase = await createCase(admin, client.id, { ...refs, fileNumber: unique('PH') });
    expect(kase.attorneyName).toBe('Alice Counsel');
    expect(kase.lawFirmName).toMatch(/^Firm-/);
    expect(kase.rateCode?.name).toBe('Standard');
    expect((await get<TClient>(admin, `/api/clients/${client.id}`)).completionPercentage).toBe(50);

    const drafts = await get<{ drafts: TDraft[] }>(admin, '/api/clients/drafts');
    expect(drafts.drafts.find((d) => d.id === client.id)).toMatchObject({ resumePhase: 'project', caseFileNumber: kase.fileNumber });

    const early = await admin.request({ method: 'POST', url: `/api/clients/${client.id}/complete` });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('A client needs a case with at least one project before it can be completed.');

    await createProject(admin, kase.id, { projectName: '', isPrimaryProject: true, address: address('9 Elm St') });
    const detail = await get<TClientDetail>(admin, `/api/clients/${client.id}`);
    expect(detail.completionPercentage).toBe(75);
    expect(detail.cases[0]!.projects[0]!.displayName).toBe('Unnamed Project');

    // Editing an earlier phase again never lowers the completion.
    const edited = await admin.request({ method: 'PUT', url: `/api/clients/${client.id}`, payload: {
      isBusinessClient: false, name: 'Jane Q. Phased', contactName: null, lastName: 'Phased', email: 'jane@example.com',
      phone: null, version: detail.version,
    } });
    expect(edited.json().completionPercentage).toBe(75);

    expect((await get<{ cases: unknown[] }>(admin, '/api/cases?q=Phased')).cases).toHaveLength(0);
    const done = await admin.request({ method: 'POST', url: `/api/clients/${client.id}/complete` });
    expect(done.json().completionPercentage).toBe(100);
    expect((await get<{ drafts: TDraft[] }>(admin, '/api/clients/drafts')).drafts.some((d) => d.id === client.id)).toBe(false);
    expect((await get<{ cases: { id: string }[] }>(admin, '/api/cases?q=Phased')).cases.map((c) => c.id)).toEqual([kase.id]);
  });

  it('writes name the acting user in the audit log', async () => {
    const client = await createClient(admin);
    const rows = await t.database.db.selectFrom('audit_log').select(['actor_id', 'action'])
      .where('table_name', '=', 'clients').where('row_id', '=', client.id).execute();
    expect(rows).toEqual([{ actor_id: adminId, action: 'insert' }]);
  });

  it('deletes a draft with its case and project', async () => {
    const client = await createClient(admin);
    const kase = await createCase(admin, client.id);
    await createProject(admin, kase.id);
    expect((await admin.request({ method: 'DELETE', url: `/api/clients/${client.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `/api/cases/${kase.id}` })).statusCode).toBe(404);
  });

  it('rejects a client without a name, with the field message', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/clients', payload: { isBusinessClient: true, name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Client name is required');
  });

  it('names each over-long field with its limit, in the words the forms use (issue 22)', async () => {
    const res = await admin.request({
      method: 'POST', url: '/api/clients', payload: { isBusinessClient: false, name: 'n'.repeat(201), phone: '9'.repeat(41) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Please check the form and fix any errors.',
      details: [
        { path: '/name', message: 'Must be 200 characters or fewer (now 201)', rule: 'too_big' },
        { path: '/phone', message: 'Must be 40 characters or fewer (now 41)', rule: 'too_big' },
      ],
    });
  });
});

describe('cases and projects', () => {
  it('the case address follows the primary project, else the first project', async () => {
    const { kase, project } = await completeClient(admin);
    const second = await createProject(admin, kase.id, { address: address('77 Oak Ave', 'Dallas', 'TX', '75201') });
    let detail = await get<TCaseDetail>(admin, `/api/cases/${kase.id}`);
    expect(detail.address).toBe('1 Main St, Austin, TX 78701');
    expect(detail.projectCount).toBe(2);
    const made = await admin.request({ method: 'POST', url: `/api/projects/${second.id}/primary` });
    expect(made.json().isPrimaryProject).toBe(true);
    detail = await get<TCaseDetail>(admin, `/api/cases/${kase.id}`);
    expect(detail.address).toBe('77 Oak Ave, Dallas, TX 75201');
    expect(detail.projects.find((p) => p.id === project.id)!.isPrimaryProject).toBe(false);
    // No primary: the first project's address.
    await t.database.db.updateTable('projects').set({ is_primary_project: false }).where('case_id', '=', kase.id).execute();
    expect((await get<TCaseDetail>(admin, `/api/cases/${kase.id}`)).address).toBe('1 Main St, Austin, TX 78701');
  });

  it('a project edit that sets primary clears the other one', async () => {
    const { kase, project } = await completeClient(admin);
    const second = await createProject(admin, kase.id);
    const res = await admin.request({ method: 'PUT', url: `/api/projects/${second.id}`, payload: {
      projectNumber: second.projectNumber, projectName: 'Garage', isPrimaryProject: true, version: second.version,
      address: address('5 Side St'), projectType: null, buildingType: null, status: 'active',
    } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ propertyAddress: '5 Side St', propertyCityStateZip: 'Austin, TX 78701', isPrimaryProject: true });
    const detail = await get<TCaseDetail>(admin, `/api/cases/${kase.id}`);
    expect(detail.projects.find((p) => p.id === project.id)!.isPrimaryProject).toBe(false);
  });

  it('project detail names its case and client, Unnamed Project when empty', async () => {
    const { client, kase } = await completeClient(admin, { client: { name: 'Acme Roofing LLC', isBusinessClient: true, contactName: 'Bo Diaz' } });
    const p = await createProject(admin, kase.id, { projectName: '' });
    const detail = await get<TProjectDetail>(limited, `/api/projects/${p.id}`);
    expect(detail).toMatchObject({
      displayName: 'Unnamed Project', case: { id: kase.id, fileNumber: kase.fileNumber },
      client: { id: client.id, name: 'Acme Roofing LLC', contactName: 'Bo Diaz' },
    });
  });

  it('says which file number or project number is already in use', async () => {
    const { kase, project } = await completeClient(admin);
    const other = await createClient(admin);
    const dupCase = await admin.request({ method: 'POST', url: '/api/cases', payload: {
      clientId: other.id, fileNumber: kase.fileNumber.toLowerCase(),
    } });
    expect(dupCase.statusCode).toBe(409);
    expect(dupCase.json().error).toMatchObject({ code: 'DUPLICATE_RECORD', message: `File number ${kase.fileNumber.toLowerCase()} is already in use by another case.` });
    const dupProject = await admin.request({ method: 'POST', url: '/api/projects', payload: { caseId: kase.id, projectNumber: project.projectNumber } });
    expect(dupProject.statusCode).toBe(409);
    expect(dupProject.json().error.message).toBe(`Project number ${project.projectNumber} is already in use by another project.`);
    // The draft is untouched by the failed write.
    expect((await get<TClient>(admin, `/api/clients/${other.id}`)).completionPercentage).toBe(25);
  });

  it('refuses to delete what is still referenced, with the 23503 text', async () => {
    const { client, kase, project } = await completeClient(admin);
    const res = await admin.request({ method: 'DELETE', url: `/api/cases/${kase.id}` });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONSTRAINT_VIOLATION', dbCode: '23503', message: 'This record is connected to other data and cannot be modified.' });
    await t.database.db.insertInto('time_entries').values({
      id: crypto.randomUUID(), project_id: project.id, user_id: adminId, entry_date: '2026-11-20', job_type: 'Field Technician',
      hours: '1.5', created_by: adminId,
    }).execute();
    for (const url of [`/api/projects/${project.id}`, `/api/clients/${client.id}`]) {
      const refused = await admin.request({ method: 'DELETE', url });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('This record is connected to other data and cannot be modified.');
    }
    const spare = await createProject(admin, kase.id);
    expect((await admin.request({ method: 'DELETE', url: `/api/projects/${spare.id}` })).statusCode).toBe(204);
  });

  it('answers a stale version with 409 EDIT_CONFLICT and the current row', async () => {
    const { client, kase, project } = await completeClient(admin);
    const caseBody = { fileNumber: kase.fileNumber, attorneyId: kase.attorneyId, rateCodeId: kase.rateCode?.id ?? null };
    const first = await admin.request({ method: 'PUT', url: `/api/cases/${kase.id}`, payload: { ...caseBody, caseName: 'Renamed', version: kase.version } });
    expect(first.statusCode, first.body).toBe(200);
    const clientBody = { isBusinessClient: false, name: 'X', contactName: null, lastName: null, email: null, phone: null };
    const projectBody = {
      projectNumber: project.projectNumber, projectName: '', address: null, projectType: null, buildingType: null,
      status: 'active', isPrimaryProject: true,
    };
    for (const [url, payload] of [
      [`/api/cases/${kase.id}`, { ...caseBody, caseName: 'Again', version: kase.version }],
      [`/api/clients/${client.id}`, { ...clientBody, version: client.version }],
      [`/api/projects/${project.id}`, { ...projectBody, version: project.version - 1 }],
    ] as const) {
      const res = await admin.request({ method: 'PUT', url, payload });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.code).toBe('EDIT_CONFLICT');
      expect(res.json().error.details.current.id).toBeTruthy();
    }
  });

  it('404 for unknown ids, 400 for malformed ones', async () => {
    expect((await admin.request({ method: 'GET', url: `/api/cases/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: '/api/projects/not-an-id' })).statusCode).toBe(400);
  });
});

describe('limited users read but never write', () => {
  it('gets 403 on every write', async () => {
    const { client, kase, project } = await completeClient(admin);
    const writes: [string, string, object?][] = [
      ['POST', '/api/clients', { isBusinessClient: false, name: 'Nope' }],
      ['PUT', `/api/clients/${client.id}`, { isBusinessClient: false, name: 'Nope', version: client.version }],
      ['POST', `/api/clients/${client.id}/complete`],
      ['DELETE', `/api/clients/${client.id}`],
      ['POST', '/api/cases', { clientId: client.id, fileNumber: unique('N') }],
      ['PUT', `/api/cases/${kase.id}`, { fileNumber: 'N', version: kase.version }],
      ['DELETE', `/api/cases/${kase.id}`],
      ['PUT', `/api/cases/${kase.id}/custom-rates`, { customRates: {}, version: null }],
      ['POST', '/api/projects', { caseId: kase.id, projectNumber: unique('N') }],
      ['PUT', `/api/projects/${project.id}`, { projectNumber: 'N', version: project.version }],
      ['POST', `/api/projects/${project.id}/primary`],
      ['DELETE', `/api/projects/${project.id}`],
    ];
    for (const [method, url, payload] of writes) {
      const res = await limited.request({ method: method as 'POST', url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get<TCaseDetail>(limited, `/api/cases/${kase.id}`)).projectCount).toBe(1);
    expect((await get<TClient>(limited, `/api/clients/${client.id}`)).name).toBe(client.name);
  });

  it('gets 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cases' })).statusCode).toBe(401);
  });
});

describe('roles come before validation', () => {
  it('answers 403 to a limited user even for an empty body', async () => {
    for (const [method, url] of [['POST', '/api/clients'], ['POST', '/api/cases'], ['POST', '/api/projects'], ['POST', '/api/attorneys'], ['POST', '/api/rate-codes']] as const) {
      const res = await limited.request({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('PUT replaces the whole record', () => {
  it('refuses an update that leaves fields out instead of clearing them', async () => {
    const { kase } = await completeClient(admin);
    const res = await admin.request({ method: 'PUT', url: `/api/cases/${kase.id}`, payload: { fileNumber: kase.fileNumber, version: kase.version } });
    expect(res.statusCode).toBe(400);
    const after = await get<TCaseDetail>(admin, `/api/cases/${kase.id}`);
    expect(after.attorneyName).toBe(kase.attorneyName);
    expect(after.rateCode?.id).toBe(kase.rateCode?.id);
  });
});
