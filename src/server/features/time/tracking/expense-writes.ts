import type { Insertable, Selectable, Updateable } from 'kysely';
import { asActor, type DbOrTx } from '../../../db/connection.ts';
import type { ExpenseEntriesTable } from '../../../db/types.ts';
import { mayChangeAny, type Viewer } from '../entries/access.ts';

// The everyday saves of expense entries, one statement each (issue 4: save p99 at 50 clients).
// They only ever succeed or answer undefined; the caller's careful path, in a transaction,
// then finds out why (a retried create, a conflict, a deleted row, a refused change) and answers
// with the right message. (Time entries are written by ../entries/write.ts alone.)

type Row = Selectable<ExpenseEntriesTable>;

/** Creates the entry; undefined when its id exists already (a retried create). */
export async function insertEntry(db: DbOrTx, options: { viewer: Viewer; values: Insertable<ExpenseEntriesTable> }): Promise<Row | undefined> {
  const values = Object.entries(options.values);
  return asActor(db, options.viewer.id).insertInto('expense_entries')
    .columns(values.map(([column]) => column as keyof ExpenseEntriesTable))
    .expression((eb) => eb.selectFrom('actor').select(values.map(([column, value]) => eb.val(value).as(column))))
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Updates the entry when it still has `version`, belongs to `projectId`, is on no issued bill,
 * and the viewer may change it; undefined otherwise.
 */
export async function updateEntry(
  db: DbOrTx,
  options: { viewer: Viewer; id: string; version: number; projectId: string; values: Updateable<ExpenseEntriesTable> },
): Promise<Row | undefined> {
  const { viewer } = options;
  let query = asActor(db, viewer.id).updateTable('expense_entries').from('actor').set(options.values)
    .where('expense_entries.id', '=', options.id)
    .where('expense_entries.version', '=', options.version)
    .where('expense_entries.project_id', '=', options.projectId)
    .where('expense_entries.locked_bill', 'is', null);
  if (!mayChangeAny(viewer)) query = query.where('expense_entries.created_by', '=', viewer.id);
  return query.returningAll('expense_entries').executeTakeFirst();
}
