/**
 * What every input and select of the entry grids carries. Autocomplete is off: the browser's
 * autofill has nothing to offer a grid cell, and with hundreds of rows its bookkeeping after a
 * keystroke stalled typing for about 20 ms every 10-20 keys (issue 13, docs/decisions/036).
 */
export const GRID_CELL = { className: 'tt-cell', autoComplete: 'off' } as const;
