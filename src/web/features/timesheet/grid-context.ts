import type { CellIndex, CellStore } from './cell-store.ts';

/**
 * What every cell of the grid shares, one object for the page's life (the cells are memoised on
 * it): the stores, and the page's answers to a cell (focus, a blocked edit, a failed delete).
 */
export interface GridContext {
  store: CellStore;
  index: CellIndex;
  /** The sentence a locked week answers with, or null while it may change. */
  lock: string | null;
  /** The focus came to a cell: the side panel follows it once it rests there (at once for a click). */
  select(cell: string, now?: boolean): void;
  /** An edit the screen refused before sending it: shows the sentence. */
  refuse(message: string): void;
  failed(message: string): void;
  /** Opens the side panel on a cell (one holding several entries): its first field takes the focus. */
  openPanel(cell: string): void;
}

/** Moves the focus to the cell at (row, day), if there is one. */
export function focusCell(row: number, day: number) {
  document.querySelector<HTMLInputElement>(`input[data-cell="${row}:${day}"]`)?.focus();
}

const SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** 'Mon 11/23' for '2026-11-23'. */
export function dayLabel(iso: string): string {
  const day = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${SHORT[day]} ${iso.slice(5, 7)}/${iso.slice(8, 10)}`;
}
