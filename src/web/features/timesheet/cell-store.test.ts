import { describe, expect, it, vi } from 'vitest';
import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import type { TTimesheet } from '../../../core/api/timesheet.ts';
import { weekDays, WEEK_MESSAGES } from '../../../core/time/weeks.ts';
import { cellAdapter, cellHours, cellId, CellIndex, rowId, rowsOf, savedCell, settle, storeOf } from './cell-store.ts';
import { summarise } from './week-summary.ts';

const P = '11111111-1111-4111-8111-111111111111';
const days = weekDays('2026-11-23');
const entry = (id: string, day: number, hours: number, jobType = 'Engineer'): TTimeEntry => ({
  id, projectId: P, entryDate: days[day]!, jobType, hours, initials: 'AB', workDetails: 'site', description: `d${id}`,
  createdBy: 'Ann', version: 1, updatedAt: '', billNumber: null, userId: 'u1',
});
const sheet = (entries: TTimeEntry[], jobs = ['Engineer']): TTimesheet => ({
  person: { id: 'u1', name: 'Ann', initials: 'AB' }, weekStart: days[0]!, days, weekStartsOn: 1, mayApprove: false, mayDecide: false,
  week: { status: 'open', submittedAt: null, decidedAt: null, decidedByName: null, approvedOn: null, note: '', lockMessage: null, version: 1 },
  rows: jobs.map((jobType) => ({
    projectId: P, projectLabel: 'P-1 Bridge', clientName: 'Acme', jobType, kept: false,
    cells: days.map((date) => ({ date, entries: entries.filter((e) => e.entryDate === date && e.jobType === jobType) })),
  })),
});

describe('the timesheet grid model', () => {
  it('knows which entries each cell holds and sums a cell of several', () => {
    const s = sheet([entry('a', 0, 1.5), entry('b', 1, 2), entry('c', 1, 0.25)]);
    const index = new CellIndex(s);
    const store = storeOf(s, null, vi.fn());
    const row = rowId(P, 'Engineer');
    expect(index.keysOf(cellId(row, 0))).toEqual(['a']);
    expect(index.keysOf(cellId(row, 1))).toEqual(['b', 'c']);
    expect(index.keysOf(cellId(row, 2))).toEqual([]);
    expect(cellHours(store, index.keysOf(cellId(row, 1)))).toBe(2.25);
  });

  it('keeps an entry in its cell when it is saved again under a new id (deleted on the server meanwhile)', () => {
    const index = new CellIndex(sheet([entry('a', 1, 2), entry('b', 1, 1)]));
    const cell = cellId(rowId(P, 'Engineer'), 1);
    const told = vi.fn();
    index.subscribeCell(cell, told);
    index.rename('a', 'a2');
    expect(index.keysOf(cell)).toEqual(['a2', 'b']);
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('tells only the changed cell, and every total, when a cell gains or loses its entry', () => {
    const index = new CellIndex(sheet([]));
    const row = rowId(P, 'Engineer');
    const mine = vi.fn();
    const other = vi.fn();
    const all = vi.fn();
    index.subscribeCell(cellId(row, 3), mine);
    index.subscribeCell(cellId(row, 4), other);
    index.subscribe(all);
    index.set(cellId(row, 3), ['x']);
    index.set(cellId(row, 3), []);
    expect([mine.mock.calls.length, other.mock.calls.length, all.mock.calls.length]).toEqual([2, 0, 2]);
    expect(index.keysOf(cellId(row, 3))).toEqual([]);
  });

  it('keeps the fields a cell does not show, and sends whose week it is only for another person', () => {
    const saved = savedCell(entry('a', 0, 1.5));
    expect(saved.draft).toEqual({ projectId: P, entryDate: days[0], jobType: 'Engineer', hours: 1.5, description: 'da', initials: 'AB', workDetails: 'site' });
    expect(cellAdapter(null, vi.fn()).payload(saved.draft)).not.toHaveProperty('userId');
    expect(cellAdapter('u2', vi.fn()).payload(saved.draft)).toMatchObject({ userId: 'u2', initials: 'AB' });
    expect(cellAdapter(null, vi.fn()).payload(cellAdapter(null, vi.fn()).blank())).toBeNull();
  });

  it('sums the week by day and by project, and names the empty weekdays', () => {
    const s = sheet([entry('a', 0, 1.5), entry('b', 1, 2), entry('c', 1, 1, 'Drafter'), entry('d', 5, 3)], ['Engineer', 'Drafter']);
    const summary = summarise({ store: storeOf(s, null, vi.fn()), index: new CellIndex(s) }, rowsOf(s), days);
    expect(summary.byDay).toEqual([1.5, 3, 0, 0, 0, 3, 0]);
    expect(summary.byProject).toEqual([{ label: 'P-1 Bridge', hours: 7.5 }]);
    expect(summary.total).toBe(7.5);
    expect(WEEK_MESSAGES.emptyWeekdays(summary.empty)).toBe('No hours on Wednesday, Thursday, Friday.');
  });

  it('settles at once when nothing waits', async () => {
    const s = sheet([entry('a', 0, 1.5)]);
    await expect(settle(storeOf(s, null, vi.fn()))).resolves.toBe(true);
  });
});
