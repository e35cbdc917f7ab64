import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Numeric, Version } from './column-types.ts';

// Reminders and budgets (migration 044, issue 41, docs/decisions/134 and 135).

export interface ReminderSettingsTable {
  id: number;
  missing_time_enabled: Generated<boolean>;
  bill_reminders_enabled: Generated<boolean>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface BillRemindersTable {
  bill_id: string;
  step: 7 | 30 | 60;
  message_id: string | null;
  to_address: string;
  created_at: DefaultTimestamp;
}

export type BudgetUnit = 'hours' | 'money';

export interface BudgetsTable {
  id: string;
  case_id: string;
  project_id: string | null;
  unit: BudgetUnit;
  amount: Numeric;
  manager_id: string | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Version;
}

export interface BudgetAlertsTable {
  budget_id: string;
  threshold: 75 | 100;
  message_id: string | null;
  percent: Numeric;
  created_at: DefaultTimestamp;
}
