import type { DefaultTimestamp } from './column-types.ts';

/** The tables whose deleted ids are remembered (migration 032, docs/decisions/110). */
export type RememberedTable = 'time_entries' | 'expense_entries' | 'action_items' | 'field_reports' | 'field_report_images';

// Filled by the tables' delete triggers; an insert of a remembered id fails with CBD01 (410).
export interface DeletedIdsTable {
  table_name: RememberedTable;
  id: string;
  deleted_at: DefaultTimestamp;
  deleted_by: string | null;
}
