import type { TExpenseEntry, TProjectEntriesResponse, TTimeEntry } from '../../../core/api/time-tracking.ts';
import {
  effectiveExpenseType, expenseRowFromEntry, timeRowFromEntry, type ExpenseRowDraft, type TimeRowDraft,
} from '../../../core/time/time-rows.ts';
import { keepRecord, keptCopy, noAnswer } from '../../shared/offline/kept-records.ts';
import {
  expenseAdapter, loadProjectEntries, savedExpense, savedTime, timeAdapter, type ExpenseExtra, type TimeExtra,
} from './api.ts';
import type { QueueMode, QueuedWrite } from '../../shared/entries/index.ts';
import { EntryStore } from '../../shared/entries/index.ts';
import { keptKey, outboxQueue, waitingWrites } from '../../shared/entries/index.ts';

// A project's time tracking screen offline (issue 26, docs/decisions/106): its data as last
// answered is kept per person in the browser database, and its rows' writes go through the queue.

const TIME_BASE = '/api/time-entries';
const EXPENSE_BASE = '/api/expense-entries';

interface OpenedProject {
  data: TProjectEntriesResponse;
  /** When the copy shown was kept, if there was no connection to read the project; else null. */
  keptAt: number | null;
  time: QueuedWrite[];
  expenses: QueuedWrite[];
}

/** The project's rows from the server (kept for next time), or without an answer the copy kept last time. */
export async function openProject(userId: string, projectId: string): Promise<OpenedProject> {
  let data: TProjectEntriesResponse;
  let keptAt: number | null = null;
  try {
    data = await loadProjectEntries(projectId);
    void keepRecord(keptKey(projectId), data, userId);
  } catch (error) {
    const kept = noAnswer(error) ? await keptCopy<TProjectEntriesResponse>(keptKey(projectId), userId) : undefined;
    if (!kept) throw error;
    ({ value: data, keptAt } = kept);
  }
  const [time, expenses] = await Promise.all([
    waitingWrites(userId, projectId, TIME_BASE), waitingWrites(userId, projectId, EXPENSE_BASE),
  ]);
  return { data, keptAt, time, expenses };
}

export interface ProjectRows {
  data: TProjectEntriesResponse;
  /** When the copy shown was kept (opened without a connection), else null. */
  keptAt: number | null;
  time: EntryStore<TimeRowDraft, TimeExtra>;
  expenses: EntryStore<ExpenseRowDraft, ExpenseExtra>;
}

/** The two tables' stores of an opened project, with the writes still waiting in the queue shown on their rows. */
export function rowStores({ data, keptAt, time, expenses }: OpenedProject, { userId, projectId, initials, today, onError }: {
  userId: string; projectId: string; initials: string; today: () => Date; onError(message: string): void;
}): ProjectRows {
  return {
    data,
    keptAt,
    time: new EntryStore(timeAdapter(onError, initials, today), timeQueue(userId, projectId),
      data.timeEntries.map((e) => ({ key: e.id, ...savedTime(e) })), time),
    expenses: new EntryStore(expenseAdapter(onError, initials, today), expenseQueue(userId, projectId),
      data.expenseEntries.map((e) => ({ key: e.id, ...savedExpense(e) })), expenses),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '11/27/2026' → '27 Nov'. */
function shortDay(usDate: string): string {
  const [month, day] = usDate.split('/').map(Number);
  return month && day && MONTHS[month - 1] ? `${day} ${MONTHS[month - 1]}` : usDate;
}

const reread = async <D, X>(projectId: string, pick: (data: TProjectEntriesResponse) => Map<string, { draft: D; version: number; extra: X }>) =>
  pick(await loadProjectEntries(projectId));

function timeQueue(userId: string, projectId: string): QueueMode<TimeRowDraft, TimeExtra> {
  return {
    queue: outboxQueue(userId, { projectId }, TIME_BASE, 'timeEntries'),
    label: (d) => `Time row ${shortDay(d.entryDate)}, ${d.hours} h`,
    fromAnswer: (body) => savedTime((body as { entry: TTimeEntry }).entry),
    fromPayload: (json) => timeRowFromEntry(json as unknown as TTimeEntry),
    reread: () => reread(projectId, (data) => new Map(data.timeEntries.map((e) => [e.id, savedTime(e)]))),
  };
}

function expenseQueue(userId: string, projectId: string): QueueMode<ExpenseRowDraft, ExpenseExtra> {
  return {
    queue: outboxQueue(userId, { projectId }, EXPENSE_BASE, 'expenseEntries'),
    label: (d) => `Expense row ${shortDay(d.entryDate)}, ${effectiveExpenseType(d)} $${d.amount}`,
    fromAnswer: (body) => savedExpense((body as { entry: TExpenseEntry }).entry),
    fromPayload: (json) => expenseRowFromEntry(json as unknown as TExpenseEntry),
    reread: () => reread(projectId, (data) => new Map(data.expenseEntries.map((e) => [e.id, savedExpense(e)]))),
  };
}
