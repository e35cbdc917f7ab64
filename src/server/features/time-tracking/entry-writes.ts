import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { asActor, type DbOrTx } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import { mayChangeAny, type Viewer } from './entry-access.ts';

// The everyday saves of the entry tables, one statement each (issue 4: save p99 at 50 clients).
// They only ever succeed or answer undefined; the caller's careful path, in a transaction,
// then finds out why (a retried create, a conflict, a deleted row, a refused change) and answers
// with the right message.

type EntryTable = 'time_entries' | 'expense_entries';
type Row<T extends EntryTable> = Selectable<Database[T]>;

// Kysely cannot narrow a generic table name; the casts stay inside this file.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (db: DbOrTx, viewer: Viewer) => asActor(db, viewer.id) as unknown as Kysely<any>;

/** Creates the entry; undefined when its id exists already (a retried create). */
export async function insertEntry<T extends EntryTable>(
  db: DbOrTx,
  options: { table: T; viewer: Viewer; values: Insertable<Database[T]> },
): Promise<Row<T> | undefined> {
  const values = Object.entries(options.values);
  const row = await loose(db, options.viewer).insertInto(options.table as string)
    .columns(values.map(([column]) => column))
    .expression((eb) => eb.selectFrom('actor').select(values.map(([column, value]) => eb.val(value).as(column))))
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row as Row<T> | undefined;
}

/**
 * Updates the entry when it still has `version`, belongs to `projectId`, still holds `unchanged`,
 * is on no issued bill, and the viewer may change it; undefined otherwise.
 */
export async function updateEntry<T extends EntryTable>(
  db: DbOrTx,
  options: {
    table: T; viewer: Viewer; id: string; version: number; projectId: string;
    unchanged?: Record<string, string>; values: Updateable<Database[T]>;
  },
): Promise<Row<T> | undefined> {
  const { viewer } = options;
  const table: string = options.table;
  let query = loose(db, viewer).updateTable(table).from('actor').set(options.values)
    .where(`${table}.id`, '=', options.id)
    .where(`${table}.version`, '=', options.version)
    .where(`${table}.project_id`, '=', options.projectId)
    .where(`${table}.locked_bill`, 'is', null);
  for (const [column, value] of Object.entries(options.unchanged ?? {})) query = query.where(`${table}.${column}`, '=', value);
  if (!mayChangeAny(viewer)) query = query.where(`${table}.created_by`, '=', viewer.id);
  return (await query.returningAll(table).executeTakeFirst()) as Row<T> | undefined;
}
