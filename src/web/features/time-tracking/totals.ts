import { expenseFigure, sumExpenseFigures, sumTimeFigures, timeFigures } from '../../../core/time/time-rows.ts';
import type { EntryStore } from '../../shared/entries/index.ts';
import type { ExpenseStore } from './expense-row.tsx';
import { rowCost, type TimeStore } from './time-row.tsx';
import { perRevision } from './use-store.ts';

type TimeRowState = NonNullable<ReturnType<TimeStore['getRow']>>;
type ExpenseRowState = NonNullable<ReturnType<ExpenseStore['getRow']>>;

/**
 * `fn` of a row's state, worked out once per state: an edit replaces the state of one row and
 * every other row keeps its figures, so a keystroke parses one row's numbers, not 500 (issue 13).
 */
function perRowState<R extends object, T>(fn: (row: R) => T): (row: R) => T {
  const cache = new WeakMap<R, T>();
  return (row) => {
    if (!cache.has(row)) cache.set(row, fn(row));
    return cache.get(row)!;
  };
}
const timeFiguresOf = perRowState((row: TimeRowState) => timeFigures({ hours: row.draft.hours, cost: rowCost(row) }));
const expenseFigureOf = perRowState((row: ExpenseRowState) => expenseFigure(row.draft));

/** Time Totals of every row, worked out once per change, shared by the totals row and the Grand Total. */
const timeTotalsOf = perRevision((store: TimeStore) => sumTimeFigures(store.allRows().map(timeFiguresOf)));
export const timeHoursOf = (store: TimeStore) => timeTotalsOf(store).hours;
export const timeCostOf = (store: TimeStore) => timeTotalsOf(store).cost;

/** Expense Totals of every row, once per change. */
export const expenseTotalOf = perRevision((store: ExpenseStore) => sumExpenseFigures(store.allRows().map(expenseFigureOf)));

/** Whether any row is unsaved, and whether any would be lost on leaving (the guard's flags), once per change. */
export const anyUnsavedOf = perRevision((store: EntryStore<unknown, unknown>) => store.unsavedCount() > 0);
export const anyLostOf = perRevision((store: EntryStore<unknown, unknown>) => store.lostOnDisposeCount() > 0);

/** Rows whose write waits in the offline queue with no connection, and rows the server refused (issue 26). */
export const waitingRowsOf = perRevision((store: EntryStore<unknown, unknown>) => store.allRows().filter((row) => row.status === 'waiting').length);
export const refusedRowsOf = perRevision((store: EntryStore<unknown, unknown>) =>
  store.allRows().filter((row) => row.status === 'error' || row.status === 'conflict').length);
