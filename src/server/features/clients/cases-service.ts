import { z } from 'zod';
import type { TCaseDetail, TCaseListItem, ZCaseInput } from '../../../core/api/clients.ts';
import type { TPartyInput } from '../../../core/api/parties.ts';
import { COMPLETE } from '../../../core/cases/cases.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { attachIntakeCheck, insertParties } from '../conflicts/index.ts';
import { loadCases, withoutProjects } from './case-reads.ts';
import { raiseCompletion } from './clients-service.ts';
import { explainTakenNumbers } from './db-errors.ts';
import { searchCases } from './search-service.ts';

type CaseInput = z.output<typeof ZCaseInput>;

/**
 * SPEC §4 Case list: cases of complete clients, newest first. With q it is the case search of
 * SPEC §7; with clientId, that client's cases (any completion, for the client's own screens).
 */
export async function listCases(db: DbOrTx, options: { q?: string; clientId?: string; offset: number; limit: number }): Promise<TCaseListItem[]> {
  if (options.q !== undefined && options.q !== '') return searchCases(db, options.q);
  let query = db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id').select('cases.id');
  query = options.clientId
    ? query.where('cases.client_id', '=', options.clientId)
    : query.where('clients.completion_percentage', '=', COMPLETE);
  const ids = await query.orderBy('cases.created_at', 'desc').orderBy('cases.id')
    .offset(options.offset).limit(options.limit).execute();
  return (await loadCases(db, ids.map((r) => r.id))).map(withoutProjects);
}

export async function getCase(db: DbOrTx, id: string): Promise<TCaseDetail> {
  const [found] = await loadCases(db, [id]);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  return found;
}

/** Attorney id → the name copied onto the case for display (kept if the attorney goes). */
async function caseColumns(tx: Tx, input: CaseInput) {
  let attorneyName: string | null = null;
  if (input.attorneyId) {
    const attorney = await tx.selectFrom('attorneys').select('name').where('id', '=', input.attorneyId).executeTakeFirst();
    if (!attorney) throw refuse('attorneyId', 'The selected attorney no longer exists.', 'exists');
    attorneyName = attorney.name;
  }
  if (input.rateCodeId) {
    const code = await tx.selectFrom('rate_codes').select('id').where('id', '=', input.rateCodeId).executeTakeFirst();
    if (!code) throw refuse('rateCodeId', 'The selected rate code no longer exists.', 'exists');
  }
  return {
    file_number: input.fileNumber,
    case_name: input.caseName,
    attorney_id: input.attorneyId,
    attorney_name: attorneyName,
    rate_code_id: input.rateCodeId,
    // Left out of a write: kept as stored.
    client_matter_id: input.clientMatterId,
    retained_side: input.retainedSide,
    claim_number: input.claimNumber,
    policy_number: input.policyNumber,
    date_of_loss: input.dateOfLoss,
  };
}

/** Phase 2 of the new-client form, or another case for an existing client. */
export async function createCase(db: DbOrTx, options: {
  actorId: string; clientId: string; input: CaseInput; parties?: TPartyInput[]; conflictCheckId?: string | null;
}): Promise<TCaseDetail> {
  const id = await explainTakenNumbers(withActor(db, options.actorId, async (tx) => {
    const client = await tx.selectFrom('clients').select('id').where('id', '=', options.clientId).executeTakeFirst();
    if (!client) throw refuse('clientId', 'The client of this case no longer exists.', 'exists');
    // Opened since conflict checks began: its bills wait for a cleared check (docs/decisions/173).
    const row = await tx.insertInto('cases')
      .values({ client_id: options.clientId, conflict_check_required: true, ...(await caseColumns(tx, options.input)) })
      .returning('id').executeTakeFirstOrThrow();
    await insertParties(tx, { actorId: options.actorId, caseId: row.id, parties: options.parties ?? [] });
    if (options.conflictCheckId) await attachIntakeCheck(tx, options.conflictCheckId, row.id);
    await raiseCompletion(tx, options.clientId, 'case');
    return row.id;
  }), { fileNumber: options.input.fileNumber });
  return getCase(db, id);
}

export async function updateCase(db: DbOrTx, options: { actorId: string; id: string; version: number; input: CaseInput }) {
  await explainTakenNumbers(withActor(db, options.actorId, async (tx) =>
    updateVersioned(tx, 'cases', options.id, options.version, await caseColumns(tx, options.input))), { fileNumber: options.input.fileNumber });
  return getCase(db, options.id);
}

/** A case with projects is refused by the database (23503): its projects must go first. */
export async function deleteCase(db: DbOrTx, options: { actorId: string; id: string }) {
  await withActor(db, options.actorId, async (tx) => {
    const gone = await tx.deleteFrom('cases').where('id', '=', options.id).executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new AppError('RECORD_NOT_FOUND');
  });
}
