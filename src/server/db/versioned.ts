import type { Kysely, Selectable, UpdateObject } from 'kysely';
import type { DbOrTx } from './connection.ts';
import type { Database } from './types.ts';
import { MONEY_COLUMNS } from '../../core/audit/audit.ts';
import { AppError } from '../errors/app-error.ts';

type VersionedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; version: unknown } ? T : never;
}[keyof Database];

/**
 * Optimistic concurrency: updates the row only if it still has `version`.
 * A missing row is RECORD_NOT_FOUND; a stale version is EDIT_CONFLICT (409) carrying the
 * current row, so the browser can show the other person's values instead of overwriting them.
 * The row goes out without its money columns, whoever asked (docs/decisions/221): any caller may
 * send a stale version on purpose, and a screen that shows money reads the record again in its
 * reader's view.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  id: string,
  version: number,
  values: UpdateObject<Database, T>,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot narrow a generic table name; the casts stay inside this helper.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const anyDb = db as unknown as Kysely<any>;
  const name = table as string;
  const updated = await anyDb.updateTable(name).set(values as Record<string, unknown>).where('id', '=', id).where('version', '=', version)
    .returningAll().executeTakeFirst();
  if (updated) return updated as Selectable<Database[T]>;
  const current = await anyDb.selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw new AppError('RECORD_NOT_FOUND');
  const money: readonly string[] = (MONEY_COLUMNS as Record<string, readonly string[]>)[name] ?? [];
  throw new AppError('EDIT_CONFLICT', undefined, { current: Object.fromEntries(Object.entries(current).filter(([column]) => !money.includes(column))) });
}
