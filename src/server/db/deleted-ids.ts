import type { DbOrTx } from './connection.ts';
import type { RememberedTable } from './deleted-id-types.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Refuses early (410 RECORD_DELETED) a create of an id deleted before, where the create has work to do
 * before its insert (a photo is decoded and its original stored). The insert itself is refused by
 * the table's trigger anyway (migration 032, docs/decisions/110): this only spares the work.
 */
export async function refuseDeletedId(db: DbOrTx, table: RememberedTable, id: string): Promise<void> {
  const gone = await db.selectFrom('deleted_ids').select('id').where('table_name', '=', table).where('id', '=', id).executeTakeFirst();
  if (gone) throw new AppError('RECORD_DELETED');
}
