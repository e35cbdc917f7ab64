import { emptyWeekdays } from '../../../core/time/weeks.ts';
import { cellHours, cellId, type CellIndex, type CellStore, type SheetRow } from './cell-store.ts';

export interface WeekSummary { byDay: number[]; byProject: { label: string; hours: number }[]; total: number; empty: string[] }

/** Hours per day and per project of the week as the grid holds them now. */
export function summarise(ctx: { store: CellStore; index: CellIndex }, rows: SheetRow[], days: string[]): WeekSummary {
  const byDay = days.map((_, d) => rows.reduce((sum, row) => sum + cellHours(ctx.store, ctx.index.keysOf(cellId(row.id, d))), 0));
  const projects = new Map<string, number>();
  for (const row of rows) {
    const hours = days.reduce((sum, _, d) => sum + cellHours(ctx.store, ctx.index.keysOf(cellId(row.id, d))), 0);
    if (hours) projects.set(row.projectLabel, (projects.get(row.projectLabel) ?? 0) + hours);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    byDay: byDay.map(round),
    byProject: [...projects].map(([label, hours]) => ({ label, hours: round(hours) })),
    total: round(byDay.reduce((a, b) => a + b, 0)),
    empty: emptyWeekdays(days[0]!, Object.fromEntries(days.map((day, d) => [day, byDay[d]!]))),
  };
}

