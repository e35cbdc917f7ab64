import { sql } from 'kysely';
import type { TImport, TImportMapping, TImportOutcome } from '../../../core/api/import.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import type { ImportsTable } from '../../db/import-types.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Selectable } from 'kysely';

// The imports table: one row per uploaded file, its mapping, its dry run and its result.

const VIEW_COLUMNS = [
  'id', 'file_name', 'source', 'row_count', 'sample', 'mapping', 'status', 'progress_done',
  'dry_run', 'result', 'error', 'created_at',
] as const;
type ViewRow = Pick<Selectable<ImportsTable>, (typeof VIEW_COLUMNS)[number]>;

export function importView(row: ViewRow, progress?: { done: number; total: number }): TImport {
  return {
    id: row.id, fileName: row.file_name, source: row.source as TImport['source'], rowCount: row.row_count,
    sample: row.sample, mapping: row.mapping, status: row.status,
    progress: progress ?? { done: row.progress_done, total: row.row_count },
    dryRun: row.dry_run, result: row.result, error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function insertImport(db: Db, values: {
  fileName: string; source: string; file: Buffer; rowCount: number; sample: Record<string, string>[];
  mapping: TImportMapping; createdBy: string;
}): Promise<ViewRow> {
  return db.insertInto('imports').values({
    file_name: values.fileName, source: values.source, file: values.file, row_count: values.rowCount,
    sample: JSON.stringify(values.sample), mapping: JSON.stringify(values.mapping), created_by: values.createdBy,
  }).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
}

export async function findImport(db: DbOrTx, id: string): Promise<ViewRow> {
  const row = await db.selectFrom('imports').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This import was not found.');
  return row;
}

export async function listImports(db: Db): Promise<ViewRow[]> {
  return db.selectFrom('imports').select(VIEW_COLUMNS).orderBy('created_at', 'desc').limit(200).execute();
}

export async function fileOf(db: DbOrTx, id: string): Promise<Buffer> {
  const row = await db.selectFrom('imports').select('file').where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This import was not found.');
  // A view, not a copy (node-postgres gives a Buffer, PGlite a Uint8Array): the file is held once.
  const file: Uint8Array = row.file;
  return Buffer.isBuffer(file) ? file : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}

export async function saveMapping(db: Db, id: string, mapping: TImportMapping): Promise<void> {
  await db.updateTable('imports').set({ mapping: JSON.stringify(mapping), dry_run: null, updated_at: sql`now()` })
    .where('id', '=', id).execute();
}

export async function saveDryRun(db: Db, id: string, outcome: TImportOutcome): Promise<void> {
  await db.updateTable('imports').set({ dry_run: JSON.stringify(outcome), updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** Marks the import running unless it is running already; false then. */
export async function markRunning(db: Db, id: string): Promise<boolean> {
  const row = await db.updateTable('imports')
    .set({ status: 'running', error: null, progress_done: 0, updated_at: sql`now()` })
    .where('id', '=', id).where('status', '<>', 'running').returning('id').executeTakeFirst();
  return Boolean(row);
}

export async function saveProgress(db: DbOrTx, id: string, done: number): Promise<void> {
  await db.updateTable('imports').set({ progress_done: done }).where('id', '=', id).execute();
}

export async function finishImport(db: DbOrTx, id: string, outcome: { result: TImportOutcome; done: number } | { error: string }): Promise<void> {
  await db.updateTable('imports').set('result' in outcome
    ? { status: 'done', result: JSON.stringify(outcome.result), progress_done: outcome.done, updated_at: sql`now()` }
    : { status: 'failed', error: outcome.error, updated_at: sql`now()` }).where('id', '=', id).execute();
}
