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
    // An 'uploading' row is never read (findImport and listImports leave it out).
    sample: row.sample, mapping: row.mapping, status: row.status as TImport['status'],
    progress: progress ?? { done: row.progress_done, total: row.row_count },
    dryRun: row.dry_run, result: row.result, error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const NO_MAPPING: TImportMapping = { people: [], clients: [], projects: [], jobTitles: [], rates: 'firm' };

/** An upload cut off (a crash, a lost instance) is never finished: a day on, the next upload removes it and its pieces. */
const ABANDONED_UPLOAD_HOURS = 24;

/** The row of an upload as it starts streaming in ('uploading': its pieces go in import_chunks). */
export async function startUpload(db: Db, values: { fileName: string; createdBy: string }): Promise<string> {
  await db.deleteFrom('imports').where('status', '=', 'uploading')
    .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`).execute();
  const row = await db.insertInto('imports').values({
    file_name: values.fileName, source: '', row_count: 0, status: 'uploading', sample: '[]',
    mapping: JSON.stringify(NO_MAPPING), created_by: values.createdBy,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The upload has been read whole: what it holds, and the proposed mapping. */
export async function finishUpload(db: Db, id: string, values: {
  source: string; rowCount: number; sample: Record<string, string>[]; mapping: TImportMapping;
}): Promise<ViewRow> {
  return db.updateTable('imports').set({
    source: values.source, row_count: values.rowCount, status: 'uploaded',
    sample: JSON.stringify(values.sample), mapping: JSON.stringify(values.mapping), updated_at: sql`now()`,
  }).where('id', '=', id).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
}

/** A refused upload: its row and its pieces (cascade). */
export async function deleteImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).execute();
}

export async function findImport(db: DbOrTx, id: string): Promise<ViewRow> {
  const row = await db.selectFrom('imports').select(VIEW_COLUMNS).where('id', '=', id).where('status', '<>', 'uploading').executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This import was not found.');
  return row;
}

export async function listImports(db: Db): Promise<ViewRow[]> {
  return db.selectFrom('imports').select(VIEW_COLUMNS).where('status', '<>', 'uploading')
    .orderBy('created_at', 'desc').limit(200).execute();
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
    .where('id', '=', id).where('status', 'not in', ['running', 'uploading']).returning('id').executeTakeFirst();
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
