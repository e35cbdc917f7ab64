import { z } from 'zod';
import type { TProject, TProjectDetail, ZProjectInput } from '../../../core/api/clients.ts';
import { projectAddressColumns } from '../../../core/cases/cases.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { explainTakenNumbers } from './db-errors.ts';
import { raiseCompletion } from './clients-service.ts';
import { toProject } from './mappers.ts';

type ProjectInput = z.output<typeof ZProjectInput>;

function columns(input: ProjectInput) {
  const { propertyAddress, propertyCityStateZip } = projectAddressColumns(input.address);
  return {
    project_number: input.projectNumber,
    project_name: input.projectName,
    property_address: propertyAddress,
    property_city_state_zip: propertyCityStateZip,
    address: input.address === null ? null : JSON.stringify(input.address),
    project_type: input.projectType,
    building_type: input.buildingType,
    status: input.status,
  };
}

/** One primary project per case (unique index): the others are cleared first. */
async function clearPrimary(tx: Tx, caseId: string, exceptId?: string) {
  let q = tx.updateTable('projects').set({ is_primary_project: false })
    .where('case_id', '=', caseId).where('is_primary_project', '=', true);
  if (exceptId) q = q.where('id', '<>', exceptId);
  await q.execute();
}

export async function getProject(db: DbOrTx, id: string): Promise<TProjectDetail> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const c = await db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
    .select(['cases.id', 'cases.file_number', 'cases.case_name', 'cases.attorney_name',
      'clients.id as client_id', 'clients.name', 'clients.contact_name', 'clients.is_business_client', 'clients.completion_percentage'])
    .where('cases.id', '=', row.case_id).executeTakeFirstOrThrow();
  return {
    ...toProject(row),
    case: { id: c.id, fileNumber: c.file_number, caseName: c.case_name, attorneyName: c.attorney_name },
    client: {
      id: c.client_id, name: c.name, contactName: c.contact_name,
      isBusinessClient: c.is_business_client, completionPercentage: c.completion_percentage,
    },
  };
}

/** Phase 3 of the new-client form, or a further project of a case. */
export async function createProject(db: DbOrTx, options: { actorId: string; caseId: string; input: ProjectInput }): Promise<TProject> {
  return explainTakenNumbers(withActor(db, options.actorId, async (tx) => {
    const owner = await tx.selectFrom('cases').select(['id', 'client_id']).where('id', '=', options.caseId).executeTakeFirst();
    if (!owner) throw refuse('caseId', 'The case of this project no longer exists.', 'exists');
    if (options.input.isPrimaryProject) await clearPrimary(tx, options.caseId);
    const row = await tx.insertInto('projects')
      .values({ case_id: options.caseId, ...columns(options.input), is_primary_project: options.input.isPrimaryProject })
      .returningAll().executeTakeFirstOrThrow();
    await raiseCompletion(tx, owner.client_id, 'project');
    return toProject(row);
  }), { projectNumber: options.input.projectNumber });
}

export async function updateProject(db: DbOrTx, options: { actorId: string; id: string; version: number; input: ProjectInput }) {
  return explainTakenNumbers(withActor(db, options.actorId, async (tx) => {
    const current = await tx.selectFrom('projects').select(['case_id']).where('id', '=', options.id).executeTakeFirst();
    if (!current) throw new AppError('RECORD_NOT_FOUND');
    if (options.input.isPrimaryProject) await clearPrimary(tx, current.case_id, options.id);
    const row = await updateVersioned(tx, 'projects', options.id, options.version, {
      ...columns(options.input), is_primary_project: options.input.isPrimaryProject,
    });
    return toProject(row);
  }), { projectNumber: options.input.projectNumber });
}

/** Makes this project the case's primary one; the case address follows it (SPEC §3). */
export async function makePrimary(db: DbOrTx, options: { actorId: string; id: string }): Promise<TProject> {
  return withActor(db, options.actorId, async (tx) => {
    const current = await tx.selectFrom('projects').select(['case_id']).where('id', '=', options.id).executeTakeFirst();
    if (!current) throw new AppError('RECORD_NOT_FOUND');
    await clearPrimary(tx, current.case_id, options.id);
    const row = await tx.updateTable('projects').set({ is_primary_project: true }).where('id', '=', options.id)
      .returningAll().executeTakeFirstOrThrow();
    return toProject(row);
  });
}

/** Refused with the spec's 23503 text while time, expenses or action items refer to it. */
export async function deleteProject(db: DbOrTx, options: { actorId: string; id: string }) {
  await withActor(db, options.actorId, async (tx) => {
    const gone = await tx.deleteFrom('projects').where('id', '=', options.id).executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new AppError('RECORD_NOT_FOUND');
  });
}
