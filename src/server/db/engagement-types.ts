import type { Generated } from 'kysely';
import type { DateCol, DefaultTimestamp } from './column-types.ts';

// The tables of migration 039: the engagement letter's template and the signed letters (docs/decisions/121).
export interface EngagementLetterTemplateTable {
  id: number;
  /** null: the default letter. */
  template: string | null;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface EngagementLettersTable {
  id: Generated<string>;
  case_id: string;
  engaged_on: DateCol;
  file_name: string;
  pdf: Buffer;
  sha256: string;
  byte_size: number;
  created_by: string | null;
  created_at: DefaultTimestamp;
}
