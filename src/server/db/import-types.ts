import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TImportMapping, TImportOutcome } from '../../core/api/import.ts';
import type { DefaultTimestamp } from './column-types.ts';

/** An uploaded file and its import's state (migration 022, docs/decisions/093). */
export interface ImportsTable {
  id: Generated<string>;
  file_name: string;
  source: string;
  file: ColumnType<Buffer, Buffer, never>;
  row_count: number;
  sample: JSONColumnType<Record<string, string>[]>;
  mapping: JSONColumnType<TImportMapping>;
  status: ColumnType<'uploaded' | 'running' | 'done' | 'failed', 'uploaded' | 'running' | 'done' | 'failed' | undefined>;
  progress_done: Generated<number>;
  dry_run: JSONColumnType<TImportOutcome | null, string | null | undefined, string | null>;
  result: JSONColumnType<TImportOutcome | null, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
