import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TImportMapping, TImportOutcome } from '../../core/api/import.ts';
import type { DefaultTimestamp } from './column-types.ts';

type ImportStatus = 'uploading' | 'uploaded' | 'running' | 'done' | 'failed';

/** An uploaded file's import and its state (migration 022, docs/decisions/093; the file itself in import_chunks). */
export interface ImportsTable {
  id: Generated<string>;
  file_name: string;
  source: string;
  row_count: number;
  sample: JSONColumnType<Record<string, string>[]>;
  mapping: JSONColumnType<TImportMapping>;
  status: ColumnType<ImportStatus, ImportStatus | undefined>;
  progress_done: Generated<number>;
  dry_run: JSONColumnType<TImportOutcome | null, string | null | undefined, string | null>;
  result: JSONColumnType<TImportOutcome | null, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The uploaded file in pieces of about 1 MB, in order (migration 024, docs/decisions/095). */
export interface ImportChunksTable {
  import_id: string;
  seq: number;
  bytes: ColumnType<Uint8Array, Buffer, never>;
}
