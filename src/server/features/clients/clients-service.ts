import { sql } from 'kysely';
import { z } from 'zod';
import type { TClient, TClientDetail, TClientList, TDraft, ZClientInput } from '../../../core/api/clients.ts';
import { COMPLETE, completionAfter, lastNameOf, type ClientPhase } from '../../../core/cases/cases.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { loadCases } from './case-reads.ts';
import { toClient, toDraft } from './mappers.ts';

type ClientInput = z.output<typeof ZClientInput>;

function columns(input: ClientInput) {
  return {
    name: input.name,
    is_business_client: input.isBusinessClient,
    contact_name: input.contactName,
    // A personal client's last name defaults to the last word of the name (used by PDF file names).
    last_name: input.lastName ?? (input.isBusinessClient ? null : lastNameOf(input.name) || null),
    email: input.email,
    phone: input.phone,
    // Billing details left out of a write keep their stored values (or the table's defaults).
    bill_to_name: input.billToName,
    billing_address: input.billingAddress,
    terms_days: input.termsDays,
    ledes_client_id: input.ledesClientId,
  };
}

/** Case references (id, file number, name) of each client, newest first. */
export async function caseRefsOf(db: DbOrTx, clientIds: readonly string[]) {
  const map = new Map<string, { id: string; fileNumber: string; caseName: string }[]>();
  if (clientIds.length === 0) return map;
  const rows = await db.selectFrom('cases').select(['id', 'client_id', 'file_number', 'case_name'])
    .where('client_id', 'in', clientIds).orderBy('created_at', 'desc').execute();
  for (const r of rows) {
    const list = map.get(r.client_id) ?? [];
    list.push({ id: r.id, fileNumber: r.file_number, caseName: r.case_name });
    map.set(r.client_id, list);
  }
  return map;
}

/** Complete clients (SPEC §3: only 100 is listed), by name, one page at a time. */
export async function listClients(db: DbOrTx, options: { offset: number; limit: number }): Promise<TClientList> {
  const [rows, total] = await Promise.all([
    db.selectFrom('clients').selectAll().where('completion_percentage', '=', COMPLETE)
      .orderBy(sql`lower(name)`).orderBy('id').offset(options.offset).limit(options.limit).execute(),
    db.selectFrom('clients').select(sql<string>`count(*)`.as('n')).where('completion_percentage', '=', COMPLETE)
      .executeTakeFirstOrThrow(),
  ]);
  const refs = await caseRefsOf(db, rows.map((r) => r.id));
  return { clients: rows.map((r) => ({ ...toClient(r), cases: refs.get(r.id) ?? [] })), total: Number(total.n) };
}

/** Clients below 100, most recently touched first, with the file number of their case if any. */
export async function listDrafts(db: DbOrTx): Promise<TDraft[]> {
  const rows = await db.selectFrom('clients').selectAll().where('completion_percentage', '<', COMPLETE)
    .orderBy('updated_at', 'desc').limit(200).execute();
  const ids = rows.map((r) => r.id);
  const [refs, withProjects] = await Promise.all([
    caseRefsOf(db, ids),
    ids.length === 0 ? [] : db.selectFrom('cases').innerJoin('projects', 'projects.case_id', 'cases.id')
      .select('cases.client_id').distinct().where('cases.client_id', 'in', ids).execute(),
  ]);
  const hasProject = new Set(withProjects.map((r) => r.client_id));
  // The phased form works on the client's first case, so that is the one named.
  return rows.map((r) => toDraft(r, refs.get(r.id)?.at(-1)?.fileNumber ?? null, hasProject.has(r.id)));
}

export async function getClient(db: DbOrTx, id: string): Promise<TClientDetail> {
  const row = await db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const caseIds = await db.selectFrom('cases').select('id').where('client_id', '=', id).orderBy('created_at').execute();
  return { ...toClient(row), cases: await loadCases(db, caseIds.map((c) => c.id)) };
}

/** Phase 1 of the new-client form (or the legacy form's first write): a draft at 25. */
export async function createClient(db: DbOrTx, options: { actorId: string; input: ClientInput }): Promise<TClient> {
  return withActor(db, options.actorId, async (tx) => {
    const row = await tx.insertInto('clients')
      .values({ ...columns(options.input), completion_percentage: completionAfter(0, 'client'), created_by: options.actorId })
      .returningAll().executeTakeFirstOrThrow();
    return toClient(row);
  });
}

export async function updateClient(db: DbOrTx, options: { actorId: string; id: string; version: number; input: ClientInput }) {
  return withActor(db, options.actorId, async (tx) =>
    toClient(await updateVersioned(tx, 'clients', options.id, options.version, columns(options.input))));
}

/** Raises a draft's completion when a later phase is saved; a complete client stays at 100. */
export async function raiseCompletion(tx: Tx, clientId: string, phase: ClientPhase) {
  const row = await tx.selectFrom('clients').select('completion_percentage').where('id', '=', clientId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const next = completionAfter(row.completion_percentage, phase);
  if (next !== row.completion_percentage) {
    await tx.updateTable('clients').set({ completion_percentage: next }).where('id', '=', clientId).execute();
  }
}

/** Review phase: a client with a case that has a project becomes complete (100). */
export async function completeClient(db: DbOrTx, options: { actorId: string; id: string }): Promise<TClient> {
  return withActor(db, options.actorId, async (tx) => {
    const client = await tx.selectFrom('clients').selectAll().where('id', '=', options.id).forUpdate().executeTakeFirst();
    if (!client) throw new AppError('RECORD_NOT_FOUND');
    const project = await tx.selectFrom('projects').innerJoin('cases', 'cases.id', 'projects.case_id')
      .select('projects.id').where('cases.client_id', '=', options.id).limit(1).executeTakeFirst();
    if (!project) {
      throw new AppError('VALIDATION_ERROR', 'A client needs a case with at least one project before it can be completed.');
    }
    if (client.completion_percentage === COMPLETE) return toClient(client);
    const row = await tx.updateTable('clients').set({ completion_percentage: COMPLETE }).where('id', '=', options.id)
      .returningAll().executeTakeFirstOrThrow();
    return toClient(row);
  });
}

/**
 * Deletes a client with its cases and their projects (a draft is discarded whole). Anything
 * recorded against them (time, expenses, action items) makes the database refuse with 23503,
 * which the error handler turns into the spec's text.
 */
export async function deleteClient(db: DbOrTx, options: { actorId: string; id: string }) {
  await withActor(db, options.actorId, async (tx) => {
    const found = await tx.selectFrom('clients').select('id').where('id', '=', options.id).executeTakeFirst();
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    const caseIds = tx.selectFrom('cases').select('id').where('client_id', '=', options.id);
    await tx.deleteFrom('projects').where('case_id', 'in', caseIds).execute();
    await tx.deleteFrom('cases').where('client_id', '=', options.id).execute();
    await tx.deleteFrom('clients').where('id', '=', options.id).execute();
  });
}
