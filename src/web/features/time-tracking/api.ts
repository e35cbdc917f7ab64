import type {
  TExpenseEntry, TProjectEntriesResponse, TTimeEntry, TTimeEntryCosted,
} from '../../../core/api/time-tracking.ts';
import { costOf } from '../../../core/money.ts';
import {
  blankExpenseRow, blankTimeRow, expenseRowFromEntry, expenseRowPayload, timeRowFromEntry, timeRowPayload,
  type ExpenseRowDraft, type TimeRowDraft,
} from '../../../core/time/time-rows.ts';
import { todayUs } from '../../../core/smart-date.ts';
import { api } from '../../lib/api.ts';
import type { EntryAdapter, SavedEntry } from '../../shared/entries/index.ts';

export const loadProjectEntries = (projectId: string) =>
  api<TProjectEntriesResponse>(`/api/time-tracking/projects/${projectId}`);

/** Rate and cost are present only in a super admin's answers. */
/** billNumber: the issued bill the entry is on, which makes the row read-only (issue 11). */
/** week: the entry's week when it is submitted, approved or rejected (issue 25); null when open. */
export interface TimeExtra {
  rate: number | null; cost: number | null; createdBy: string | null; billNumber: number | null; week: TWeekOfEntry | null;
}
export type TWeekOfEntry = NonNullable<TTimeEntry['week']>;
export interface ExpenseExtra { createdBy: string | null; billNumber: number | null }

const sameKeys = <D extends object>(a: D, b: D) =>
  (Object.keys(a) as (keyof D)[]).every((key) => a[key] === b[key]);

export function savedTime(entry: TTimeEntry | TTimeEntryCosted): SavedEntry<TimeRowDraft, TimeExtra> {
  const rate = 'rate' in entry ? entry.rate : null;
  return {
    draft: timeRowFromEntry(entry),
    version: entry.version,
    extra: {
      rate, cost: 'cost' in entry ? entry.cost : costOf(entry.hours, rate), createdBy: entry.createdBy, billNumber: entry.billNumber,
      week: entry.week ?? null,
    },
  };
}

export function savedExpense(entry: TExpenseEntry): SavedEntry<ExpenseRowDraft, ExpenseExtra> {
  return { draft: expenseRowFromEntry(entry), version: entry.version, extra: { createdBy: entry.createdBy, billNumber: entry.billNumber } };
}

/** `initials`: the signed-in user's, which a new row starts with (issue 28); `today`: the firm's, a new row's date. */
export function timeAdapter(onSaveError: (m: string) => void, initials: string, today: () => Date): EntryAdapter<TimeRowDraft, TimeExtra> {
  return {
    blank: () => blankTimeRow(todayUs(today()), initials),
    emptyExtra: { rate: null, cost: null, createdBy: null, billNumber: null, week: null },
    payload: timeRowPayload,
    fromConflict: (current) => savedTime(current as TTimeEntry),
    equal: sameKeys,
    onSaveError: (m, asIs) => onSaveError(asIs ? m : `Failed to save time entries: ${m}`),
  };
}

export function expenseAdapter(onSaveError: (m: string) => void, initials: string, today: () => Date): EntryAdapter<ExpenseRowDraft, ExpenseExtra> {
  return {
    blank: () => blankExpenseRow(todayUs(today()), initials),
    emptyExtra: { createdBy: null, billNumber: null },
    payload: expenseRowPayload,
    fromConflict: (current) => savedExpense(current as TExpenseEntry),
    equal: sameKeys,
    onSaveError: (m, asIs) => onSaveError(asIs ? m : `Failed to save expense entries: ${m}`),
  };
}
