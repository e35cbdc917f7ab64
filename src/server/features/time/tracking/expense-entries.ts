import type { Selectable } from 'kysely';
import type { TExpenseEntry, TExpenseEntryBody } from '../../../../core/api/time-tracking.ts';
import { ZExpenseEntryBody } from '../../../../core/api/time-tracking.ts';
import { withActor, type DbOrTx, type Tx } from '../../../db/connection.ts';
import type { ExpenseEntriesTable } from '../../../db/types.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { assertMayChange, assertUnlocked, conflictWith, iso, withInitials, type Viewer } from '../entries/access.ts';
import { insertEntry, updateEntry } from './expense-writes.ts';

type Row = Selectable<ExpenseEntriesTable>;
type Body = ReturnType<typeof ZExpenseEntryBody.parse>;

// Expense amounts are not hidden from anyone (SPEC §6 hides only time cost and totals).
function expenseEntryView(row: Row): TExpenseEntry {
  return {
    id: row.id, projectId: row.project_id, entryDate: row.entry_date, expenseType: row.expense_type,
    amount: Number(row.amount), initials: row.initials, description: row.description,
    createdBy: row.created_by, version: row.version, updatedAt: iso(row.updated_at), billNumber: row.locked_bill,
  };
}

const sameValues = (row: Row, body: Body) =>
  row.entry_date === body.entryDate && row.expense_type === body.expenseType && Number(row.amount) === body.amount
  && row.initials === body.initials && row.description === body.description;

/** PUT /api/expense-entries/:id — the same create-or-update rules as time entries (ADR 031). */
export async function saveExpenseEntry(
  db: DbOrTx,
  options: { id: string; body: TExpenseEntryBody; viewer: Viewer },
): Promise<TExpenseEntry> {
  const { id, viewer } = options;
  const body = withInitials(ZExpenseEntryBody.parse(options.body), viewer);
  const row = await quickSave(db, { id, body, viewer })
    ?? await withActor(db, viewer.id, (tx) => carefulSave(tx, { id, body, viewer }));
  return expenseEntryView(row);
}

const columns = (body: Body) => ({
  entry_date: body.entryDate, expense_type: body.expenseType, amount: body.amount, initials: body.initials,
  description: body.description,
});


// The everyday saves, one statement each (see expense-writes.ts); anything else goes the careful way.
function quickSave(db: DbOrTx, { id, body, viewer }: { id: string; body: Body; viewer: Viewer }) {
  return body.version === undefined
    ? insertEntry(db, {
      viewer,
      values: { id, project_id: body.projectId, user_id: viewer.id, created_by: viewer.id, ...columns(body) },
    })
    : updateEntry(db, {
      viewer, id, version: body.version, projectId: body.projectId, values: columns(body),
    });
}

// In a transaction, with the row locked: a retried create, a conflict, a deleted row or a
// refused change, each with its answer.
async function carefulSave(tx: Tx, { id, body, viewer }: { id: string; body: Body; viewer: Viewer }): Promise<Row> {
  const existing = await tx.selectFrom('expense_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!existing) {
    if (body.version !== undefined) throw new AppError('RECORD_NOT_FOUND', 'This entry was deleted by someone else.');
    return tx.insertInto('expense_entries')
      .values({ id, project_id: body.projectId, user_id: viewer.id, created_by: viewer.id, ...columns(body) })
      .returningAll().executeTakeFirstOrThrow();
  }
  assertUnlocked(existing);
  let version = body.version;
  if (version === undefined) {
    // A retried create whose first answer was lost.
    const mine = existing.created_by === viewer.id && existing.project_id === body.projectId && existing.version === 1;
    if (!mine) throw conflictWith(expenseEntryView(existing));
    if (sameValues(existing, body)) return existing;
    version = 1;
  }
  await assertMayChange(tx, viewer, existing);
  if (existing.project_id !== body.projectId) throw refuse('projectId', 'An entry cannot move to another project.', 'same_project');
  if (existing.version !== version) throw conflictWith(expenseEntryView(existing));
  return tx.updateTable('expense_entries').set(columns(body)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteExpenseEntry(db: DbOrTx, options: { id: string; version?: number; viewer: Viewer }) {
  const { viewer } = options;
  await withActor(db, viewer.id, async (tx) => {
    const existing = await tx.selectFrom('expense_entries').selectAll().where('id', '=', options.id).forUpdate().executeTakeFirst();
    if (!existing) return;
    assertUnlocked(existing);
    await assertMayChange(tx, viewer, existing);
    if (options.version !== undefined && existing.version !== options.version) throw conflictWith(expenseEntryView(existing));
    await tx.deleteFrom('expense_entries').where('id', '=', options.id).execute();
  });
}

export async function listExpenseEntries(db: DbOrTx, options: { projectId: string }) {
  const rows = await db.selectFrom('expense_entries').selectAll().where('project_id', '=', options.projectId)
    .orderBy('entry_date', 'desc').orderBy('created_at').execute();
  return rows.map(expenseEntryView);
}
