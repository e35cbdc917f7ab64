import type { Selectable } from 'kysely';
import type { TConflictCheck } from '../../../core/api/conflicts.ts';
import type { TParty, TPartyInput } from '../../../core/api/parties.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { runCheck } from './checks-service.ts';

// A case's parties (issue 39). Attorneys and law firms already in Casebook are picked by id and
// their name copied. Adding a party, or changing one's role or name, runs the case's check again.

function toParty(row: Selectable<Database['case_parties']>): TParty {
  return {
    id: row.id, caseId: row.case_id, role: row.role, kind: row.kind, name: row.name, attorneyId: row.attorney_id,
    lawFirmId: row.law_firm_id, claimNumber: row.claim_number, notes: row.notes, version: row.version,
  };
}

export async function listParties(db: DbOrTx, caseId: string): Promise<TParty[]> {
  const rows = await db.selectFrom('case_parties').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toParty);
}

/** The stored columns of a party: a picked attorney's or firm's name replaces what was typed. */
async function partyColumns(tx: Tx, input: TPartyInput) {
  let name = input.name ?? '';
  if (input.attorneyId) {
    const a = await tx.selectFrom('attorneys').select('name').where('id', '=', input.attorneyId).executeTakeFirst();
    if (!a) throw refuse('attorneyId', 'The selected attorney no longer exists.', 'exists');
    name = a.name;
  } else if (input.lawFirmId) {
    const f = await tx.selectFrom('law_firms').select('name').where('id', '=', input.lawFirmId).executeTakeFirst();
    if (!f) throw refuse('lawFirmId', 'The selected law firm no longer exists.', 'exists');
    name = f.name;
  }
  return {
    role: input.role, kind: input.attorneyId ? 'person' as const : input.lawFirmId ? 'organization' as const : input.kind,
    name, attorney_id: input.attorneyId, law_firm_id: input.lawFirmId, claim_number: input.claimNumber, notes: input.notes,
  };
}

/** Adds parties inside a caller's transaction (the new-case form's list). */
export async function insertParties(tx: Tx, options: { actorId: string; caseId: string; parties: TPartyInput[] }) {
  for (const input of options.parties) {
    await tx.insertInto('case_parties').values({ case_id: options.caseId, created_by: options.actorId, ...(await partyColumns(tx, input)) }).execute();
  }
}

async function caseExists(tx: Tx, caseId: string) {
  const found = await tx.selectFrom('cases').select('id').where('id', '=', caseId).executeTakeFirst();
  if (!found) throw new AppError('RECORD_NOT_FOUND');
}

export async function addParty(db: DbOrTx, options: { actorId: string; caseId: string; input: TPartyInput }):
  Promise<{ party: TParty; check: TConflictCheck }> {
  const row = await withActor(db, options.actorId, async (tx) => {
    await caseExists(tx, options.caseId);
    return tx.insertInto('case_parties').values({ case_id: options.caseId, created_by: options.actorId, ...(await partyColumns(tx, options.input)) })
      .returningAll().executeTakeFirstOrThrow();
  });
  return { party: toParty(row), check: await runCheck(db, { actorId: options.actorId, caseId: options.caseId }) };
}

export async function updateParty(db: DbOrTx, options: { actorId: string; caseId: string; id: string; version: number; input: TPartyInput }):
  Promise<{ party: TParty; check: TConflictCheck | null }> {
  const { before, after } = await withActor(db, options.actorId, async (tx) => {
    const was = await tx.selectFrom('case_parties').select(['role', 'name']).where('id', '=', options.id).where('case_id', '=', options.caseId)
      .executeTakeFirst();
    if (!was) throw new AppError('RECORD_NOT_FOUND');
    return { before: was, after: await updateVersioned(tx, 'case_parties', options.id, options.version, await partyColumns(tx, options.input)) };
  });
  const again = before.role !== after.role || before.name !== after.name;
  return { party: toParty(after), check: again ? await runCheck(db, { actorId: options.actorId, caseId: options.caseId }) : null };
}

export async function removeParty(db: DbOrTx, options: { actorId: string; caseId: string; id: string }) {
  await withActor(db, options.actorId, async (tx) => {
    const gone = await tx.deleteFrom('case_parties').where('id', '=', options.id).where('case_id', '=', options.caseId).executeTakeFirst();
    if (gone.numDeletedRows === 0n) throw new AppError('RECORD_NOT_FOUND');
  });
}
