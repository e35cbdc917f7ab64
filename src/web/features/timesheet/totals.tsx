import { useCallback, useSyncExternalStore } from 'react';
import { formatHours } from '../../../core/time/hours-text.ts';
import { cellHours, cellId, type SheetRow } from './cell-store.ts';
import type { GridContext } from './grid-context.ts';

/**
 * A number worked out from the cells: renders again only when that number changes, after a
 * commit or a save, never per keystroke (a cell's typed text is its own).
 */
function useHours(ctx: GridContext, rows: readonly SheetRow[], days: readonly number[]): number {
  const subscribe = useCallback((fn: () => void) => {
    const offStore = ctx.store.subscribe(fn);
    const offIndex = ctx.index.subscribe(fn);
    return () => {
      offStore();
      offIndex();
    };
  }, [ctx]);
  return useSyncExternalStore(subscribe, () => {
    let sum = 0;
    for (const row of rows) for (const day of days) sum += cellHours(ctx.store, ctx.index.keysOf(cellId(row.id, day)));
    return Math.round(sum * 100) / 100;
  });
}

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export function HoursTotal({ ctx, rows, days, label }: { ctx: GridContext; rows: readonly SheetRow[]; days: readonly number[]; label: string }) {
  const hours = useHours(ctx, rows, days);
  return <span className="ts-total" aria-label={`${label}: ${formatHours(hours) || '0'} hours`}>{formatHours(hours) || '0'}</span>;
}

/** Whether a row holds no entry at all (only then may a kept row be removed). */
export function useRowEmpty(ctx: GridContext, row: SheetRow): boolean {
  return useSyncExternalStore(ctx.index.subscribe, () => ALL_DAYS.every((day) => ctx.index.keysOf(cellId(row.id, day)).length === 0));
}
