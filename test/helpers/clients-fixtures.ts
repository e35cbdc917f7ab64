import { expect } from 'vitest';
import type { TCaseDetail, TClient, TProject } from '../../src/core/api/clients.ts';
import { manualAddress } from '../../src/core/address.ts';
import type { Agent, TestApp } from './test-app.ts';

let n = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++n}`;

export const address = (street: string, city = 'Austin', state = 'TX', zip = '78701') =>
  manualAddress({ streetAddress1: street, streetAddress2: '', city, stateCode: state, postalCode: zip });

async function ok<T>(agent: Agent, method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown): Promise<T> {
  const res = await agent.request({ method, url, payload: payload as object });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

export const createClient = (agent: Agent, overrides: Record<string, unknown> = {}) =>
  ok<TClient>(agent, 'POST', '/api/clients', { isBusinessClient: false, name: unique('Client'), contactName: null, ...overrides });

export const createCase = (agent: Agent, clientId: string, overrides: Record<string, unknown> = {}) =>
  ok<TCaseDetail>(agent, 'POST', '/api/cases', { clientId, fileNumber: unique('F'), caseName: 'Water damage', ...overrides });

export const createProject = (agent: Agent, caseId: string, overrides: Record<string, unknown> = {}) =>
  ok<TProject>(agent, 'POST', '/api/projects', { caseId, projectNumber: unique('P'), projectName: 'Main house', ...overrides });

/** A client taken through every phase: complete (100), one case, one primary project. */
export async function completeClient(agent: Agent, overrides: { client?: Record<string, unknown>; case?: Record<string, unknown> } = {}) {
  const client = await createClient(agent, overrides.client);
  const kase = await createCase(agent, client.id, overrides.case);
  const project = await createProject(agent, kase.id, { isPrimaryProject: true, address: address('1 Main St') });
  await ok<TClient>(agent, 'POST', `/api/clients/${client.id}/complete`);
  return { client, kase, project };
}

/** A rate code with priced job types and an attorney at a firm, written straight to the database. */
export async function referenceData(t: TestApp) {
  const db = t.database.db;
  const code = await db.insertInto('rate_codes').values({ name: 'Standard', code: unique('STD') }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('rate_code_items').values([
    { rate_code_id: code.id, job_type: 'Senior Consultant', rate: '185.00' },
    { rate_code_id: code.id, job_type: 'Field Technician', rate: '95.50' },
  ]).execute();
  const firm = await db.insertInto('law_firms').values({ name: unique('Firm') }).returning('id').executeTakeFirstOrThrow();
  const attorney = await db.insertInto('attorneys').values({ name: 'Alice Counsel', law_firm_id: firm.id })
    .returning('id').executeTakeFirstOrThrow();
  return { rateCodeId: code.id, attorneyId: attorney.id };
}
