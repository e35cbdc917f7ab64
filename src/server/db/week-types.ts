import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, NullableTimestamp, DateCol, NullableDate } from './column-types.ts';
import type { TimerRounding, WeekStatus } from '../../core/time/weeks.ts';

// Tables of weeks that close (migration 018, issue 25).


export interface TimesheetSettingsTable {
  id: number;
  week_starts_on: Generated<number>;
  billing_requires_approval: Generated<boolean>;
  timer_rounding: ColumnType<TimerRounding, TimerRounding | undefined, TimerRounding>;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface TimesheetWeeksTable {
  id: Generated<string>;
  user_id: string;
  week_start: DateCol;
  status: WeekStatus;
  submitted_at: NullableTimestamp;
  submitted_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: NullableTimestamp;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  approved_on: NullableDate;
  note: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  version: Generated<number>;
}

export interface TimesheetRowsTable {
  user_id: string;
  week_start: DateCol;
  project_id: string;
  job_type: string;
  created_at: DefaultTimestamp;
}

export interface TimersTable {
  user_id: string;
  project_id: string;
  job_type: string;
  description: Generated<string>;
  started_at: DefaultTimestamp;
}

export interface CalendarTitleProjectsTable {
  user_id: string;
  title_key: string;
  project_id: string;
  job_type: string;
  updated_at: DefaultTimestamp;
}
