import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import type { TTimesheet } from '../../../core/api/timesheet.ts';
import {
  EntryStore, outboxQueue, waitingWrites, type EntryAdapter, type QueuedWrite, type SavedEntry,
} from '../../shared/entries/index.ts';
import { loadTimesheet } from './api.ts';

/**
 * One time entry of the grid as the auto-save store holds it (time-tracking's store: a
 * browser-made id for a new cell, the version for an existing one, 409 with the choice). The
 * fields a cell does not show (initials, work details) travel along so a save keeps them. Its
 * writes go through the one outbox (docs/decisions/129), keyed by the entry's id as Time
 * Tracking's are, so the same entry's edits from both screens are one waiting change.
 */
export interface CellDraft {
  projectId: string;
  entryDate: string;
  jobType: string;
  hours: number;
  description: string;
  initials: string;
  workDetails: string;
}
/** The issued bill an entry is on: such an entry is read-only. */
export interface CellExtra { billNumber: number | null }
export type CellStore = EntryStore<CellDraft, CellExtra>;

export function savedCell(entry: TTimeEntry): SavedEntry<CellDraft, CellExtra> {
  const { projectId, entryDate, jobType, hours, description, initials, workDetails } = entry;
  return {
    draft: { projectId, entryDate, jobType, hours, description, initials, workDetails },
    version: entry.version,
    extra: { billNumber: entry.billNumber },
  };
}

const same = (a: CellDraft, b: CellDraft) => (Object.keys(a) as (keyof CellDraft)[]).every((k) => a[k] === b[k]);

/** `userId`: whose week (an approver's edits of another person's week create entries for that person). */
export function cellAdapter(userId: string | null, onSaveError: (message: string) => void): EntryAdapter<CellDraft, CellExtra> {
  return {
    blank: () => ({ projectId: '', entryDate: '', jobType: '', hours: 0, description: '', initials: '', workDetails: '' }),
    emptyExtra: { billNumber: null },
    payload: (d) => (d.projectId ? { ...d, ...(userId ? { userId } : {}) } : null),
    fromConflict: (current) => savedCell(current as TTimeEntry),
    equal: same,
    onSaveError: (m, auth) => onSaveError(auth ? m : `Failed to save the timesheet: ${m}`),
  };
}

/** A row of the grid: one project and job title, its seven cells' entry ids. */
export interface SheetRow {
  id: string;
  projectId: string;
  projectLabel: string;
  clientName: string;
  jobType: string;
  kept: boolean;
}

export const rowId = (projectId: string, jobType: string) => `${projectId}|${jobType}`;
export const cellId = (row: string, day: number) => `${row}|${day}`;

export function rowsOf(sheet: TTimesheet): SheetRow[] {
  return sheet.rows.map((r) => ({
    id: rowId(r.projectId, r.jobType), projectId: r.projectId, projectLabel: r.projectLabel, clientName: r.clientName,
    jobType: r.jobType, kept: r.kept,
  }));
}

/**
 * Which entries each cell holds (0, 1 or several), outside React like the store: a cell
 * subscribes to its own list, so giving a cell its first entry re-renders that cell alone.
 */
export class CellIndex {
  private cells = new Map<string, readonly string[]>();
  private cellListeners = new Map<string, Set<() => void>>();
  private listeners = new Set<() => void>();
  private revision = 0;

  constructor(sheet: TTimesheet) {
    for (const row of sheet.rows) {
      row.cells.forEach((cell, day) => {
        if (cell.entries.length) this.cells.set(cellId(rowId(row.projectId, row.jobType), day), cell.entries.map((e) => e.id));
      });
    }
  }

  keysOf = (cell: string): readonly string[] => this.cells.get(cell) ?? NONE;
  getRevision = () => this.revision;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  subscribeCell = (cell: string, fn: () => void) => {
    let set = this.cellListeners.get(cell);
    if (!set) this.cellListeners.set(cell, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  };

  /**
   * Entries the store holds that no cell lists yet (writes waiting in the outbox, restored as the week
   * opened): each goes into its row's cell for its day, when the week shows that row.
   */
  place(sheet: TTimesheet, store: CellStore) {
    const listed = new Set([...this.cells.values()].flat());
    const rows = new Set(sheet.rows.map((r) => rowId(r.projectId, r.jobType)));
    for (const key of store.getKeys()) {
      const draft = store.getRow(key)?.draft;
      const day = draft ? sheet.days.indexOf(draft.entryDate) : -1;
      if (listed.has(key) || !draft || day < 0 || !rows.has(rowId(draft.projectId, draft.jobType))) continue;
      const cell = cellId(rowId(draft.projectId, draft.jobType), day);
      this.set(cell, [...this.keysOf(cell), key]);
    }
  }

  /** An entry saved again under a new id (it was deleted on the server meanwhile) stays in its cell. */
  rename(from: string, to: string) {
    for (const [cell, keys] of this.cells) if (keys.includes(from)) this.set(cell, keys.map((k) => (k === from ? to : k)));
  }

  set(cell: string, keys: readonly string[]) {
    if (keys.length) this.cells.set(cell, keys);
    else this.cells.delete(cell);
    this.revision += 1;
    this.cellListeners.get(cell)?.forEach((fn) => fn());
    this.listeners.forEach((fn) => fn());
  }
}
const NONE: readonly string[] = [];

const TIME_BASE = '/api/time-entries';

/** A waiting write's body back into a cell's entry (Time Tracking's writes carry the same fields). */
export function cellFromPayload(json: Record<string, unknown>): CellDraft {
  const text = (k: string) => (typeof json[k] === 'string' ? json[k] : '');
  return {
    projectId: text('projectId'), entryDate: text('entryDate'), jobType: text('jobType'), hours: Number(json.hours ?? 0),
    description: text('description'), initials: text('initials'), workDetails: text('workDetails'),
  };
}

/**
 * The writes of the week's entries still waiting in the outbox (made here or in Time Tracking, before a
 * reload or a closed tab): the grid shows them, and a newer edit replaces them rather than racing them.
 * `userId`: whose week (null: the signed-in person's own).
 */
export async function waitingCells(sheet: TTimesheet, me: string, userId: string | null): Promise<QueuedWrite[]> {
  const ids = new Set(sheet.rows.flatMap((r) => r.cells.flatMap((c) => c.entries.map((e) => e.id))));
  const days = new Set(sheet.days);
  const whose = (json: Record<string, unknown> | undefined) => (typeof json?.userId === 'string' ? json.userId : me) === (userId ?? me);
  return (await waitingWrites(me, null, TIME_BASE)).filter((w) =>
    ids.has(w.key) || (w.method === 'PUT' && days.has(String(w.json?.entryDate)) && whose(w.json)));
}

/**
 * The week's store: every cell's save and delete goes to the outbox (online or not), so a cell typed
 * offline is sent when the connection returns, and a closed tab loses nothing. `me`: the signed-in
 * person (whose outbox), `userId`: whose week (null: their own).
 */
export function storeOf(
  sheet: TTimesheet, userId: string | null, onSaveError: (m: string) => void, me = '', waiting: QueuedWrite[] = [],
): CellStore {
  const entries = sheet.rows.flatMap((r) => r.cells.flatMap((c) => c.entries));
  let store: EntryStore<CellDraft, CellExtra> | null = null;
  const queue = outboxQueue(me, { projectOf: (key) => store?.getRow(key)?.draft.projectId ?? '' }, TIME_BASE, 'timeEntries');
  store = new EntryStore(cellAdapter(userId, onSaveError), {
    queue,
    label: (d) => `Timesheet ${d.entryDate}, ${d.hours} h`,
    fromAnswer: (body) => savedCell((body as { entry: TTimeEntry }).entry),
    fromPayload: cellFromPayload,
    reread: async () => {
      const now = await loadTimesheet(sheet.weekStart, userId);
      return new Map(now.rows.flatMap((r) => r.cells.flatMap((c) => c.entries)).map((e) => [e.id, savedCell(e)]));
    },
  }, entries.map((e) => ({ key: e.id, ...savedCell(e) })), waiting);
  return store;
}

/** The hours a cell shows: its entries' sum, as the store holds them now. */
export function cellHours(store: CellStore, keys: readonly string[]): number {
  let sum = 0;
  for (const key of keys) sum += store.getRow(key)?.draft.hours ?? 0;
  return Math.round(sum * 100) / 100;
}

/** Saves what waits and resolves once nothing is on its way (before a submit or a reload), or after `ms`. */
export function settle(store: CellStore, ms = 10_000): Promise<boolean> {
  store.flush();
  // 'waiting': in the outbox, with no answer now (offline): not settled either.
  const busy = () => store.allRows().some((r) => r.status === 'pending' || r.status === 'saving' || r.status === 'waiting');
  if (!busy()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), ms);
    const off = store.subscribe(() => !busy() && done(true));
    function done(ok: boolean) {
      clearTimeout(timer);
      off();
      resolve(ok);
    }
  });
}
