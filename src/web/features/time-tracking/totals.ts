import { expenseTotal, timeTotals } from '../../../core/time-rows.ts';
import type { EntryStore } from './entry-store.ts';
import type { ExpenseStore } from './expense-row.tsx';
import { rowCost, type TimeStore } from './time-row.tsx';
import { perRevision } from './use-store.ts';

type TimeRowState = NonNullable<ReturnType<TimeStore['getRow']>>;

// An edit replaces the state of one row: every other row keeps its figures from before.
const figures = new WeakMap<TimeRowState, { hours: string; cost: number | null }>();
function figuresOf(row: TimeRowState) {
  let found = figures.get(row);
  if (!found) figures.set(row, (found = { hours: row.draft.hours, cost: rowCost(row) }));
  return found;
}

/** Time Totals of every row, worked out once per change, shared by the totals row and the Grand Total. */
export const timeTotalsOf = perRevision((store: TimeStore) => timeTotals(store.allRows().map(figuresOf)));
export const timeHoursOf = (store: TimeStore) => timeTotalsOf(store).hours;
export const timeCostOf = (store: TimeStore) => timeTotalsOf(store).cost;

/** Expense Totals of every row, once per change. */
export const expenseTotalOf = perRevision((store: ExpenseStore) => expenseTotal(store.allRows().map((row) => row.draft)));

/** Whether any row is unsaved, and whether any would be lost on leaving (the guard's flags), once per change. */
export const anyUnsavedOf = perRevision((store: EntryStore<unknown, unknown>) => store.unsavedCount() > 0);
export const anyLostOf = perRevision((store: EntryStore<unknown, unknown>) => store.lostOnDisposeCount() > 0);
