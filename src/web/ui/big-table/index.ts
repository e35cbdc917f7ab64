/**
 * The big-table unit (ADR 036, ADR 077): what lets the time, expense and action-item tables keep
 * hundreds or thousands of rows in the page and still answer a keystroke or a sort within a frame.
 * - blocks: rows in content-visibility blocks that never lose a row to another block
 *   (RowBlockList, for rows keyed by entry) or blocks of places (PlaceBlockList);
 * - far marks: rows more than half a screen away paint nothing (watchFarRows, the rows' ref);
 * - places: a sort or filter gives rows other items instead of moving them (useRowPlaces).
 * Its styles are big-table.css, loaded with it.
 */
import './big-table.css';

export { watchFarRows } from './far-rows.ts';
export { PlaceBlockList, RowBlockList } from './row-block-list.tsx';
export { useRowPlaces } from './use-row-places.ts';
