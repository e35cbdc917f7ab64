import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/connection.ts';
import { withActor } from '../../src/server/db/connection.ts';

export interface TrackedProjectFixture {
  projectId: string;
  caseId: string;
  rateCodeId: string;
  projectNumber: string;
  fileNumber: string;
}

let n = 0;

/**
 * A complete client with one case (rate code with two active job types and one inactive,
 * plus a custom rate for "Senior Consultant") and one project.
 */
export async function trackedProject(db: Db, actorId: string, options: {
  clientName?: string; projectName?: string; completion?: number; customRates?: Record<string, number>;
} = {}): Promise<TrackedProjectFixture> {
  const tag = `${Date.now().toString(36)}${++n}`;
  return withActor(db, actorId, async (tx) => {
    const client = await tx.insertInto('clients').values({
      name: options.clientName ?? `Client ${tag}`, completion_percentage: options.completion ?? 100,
    }).returning('id').executeTakeFirstOrThrow();
    const rateCode = await tx.insertInto('rate_codes').values({ name: `Standard ${tag}`, code: `STD-${tag}` })
      .returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('rate_code_items').values([
      { rate_code_id: rateCode.id, job_type: 'Consultant', rate: 100, active: true },
      { rate_code_id: rateCode.id, job_type: 'Senior Consultant', rate: 150, active: true },
      { rate_code_id: rateCode.id, job_type: 'Retired Role', rate: 80, active: false },
    ]).execute();
    const fileNumber = `F-${tag}`;
    const kase = await tx.insertInto('cases').values({
      client_id: client.id, file_number: fileNumber, case_name: `Case ${tag}`, rate_code_id: rateCode.id,
    }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('case_rate_assignments').values({
      case_id: kase.id, custom_rates: JSON.stringify(options.customRates ?? { senior_consultant_rate: 175 }),
    }).execute();
    const projectNumber = `${fileNumber}-01`;
    const project = await tx.insertInto('projects').values({
      case_id: kase.id, project_number: projectNumber, project_name: options.projectName ?? `Roof leak ${tag}`,
    }).returning('id').executeTakeFirstOrThrow();
    return { projectId: project.id, caseId: kase.id, rateCodeId: rateCode.id, projectNumber, fileNumber };
  });
}

export const timeBody = (projectId: string, over: Record<string, unknown> = {}) => ({
  projectId, entryDate: '2026-03-15', jobType: 'Consultant', hours: 1.5, initials: 'MH',
  workDetails: 'email', description: 'Site call', ...over,
});

export const expenseBody = (projectId: string, over: Record<string, unknown> = {}) => ({
  projectId, entryDate: '2026-03-15', expenseType: 'Fuel', amount: 42.1, initials: 'MH', description: 'Trip', ...over,
});

export const newId = () => randomUUID();
