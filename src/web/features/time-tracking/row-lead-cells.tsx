import { memo } from 'react';
import { SmartDateCell } from '../../ui/smart-date-input.tsx';
import type { EntryStore } from '../../shared/entries/index.ts';

interface Props<D extends { entryDate: string }, X> {
  store: EntryStore<D, X>;
  rowKey: string;
  selected: boolean;
  entryDate: string;
  locked: boolean;
  /** The row may be selected though locked (a closed week's row: Apply Hours then says why not). */
  selectable?: boolean;
}

/**
 * The select box and the smart Date cell that open every time and expense row; a keystroke in
 * another cell of the row does not render them again.
 */
export const RowLeadCells = memo(function RowLeadCells<D extends { entryDate: string }, X>({ store, rowKey, selected, entryDate, locked, selectable = !locked }: Props<D, X>) {
  return (
    <>
      <div role="cell">
        <input type="checkbox" className="tt-check" aria-label="Select row" checked={selected} disabled={!selectable}
          onChange={(e) => store.toggleSelected(rowKey, e.currentTarget.checked)} />
      </div>
      <div role="cell">
        <SmartDateCell disabled={locked} value={entryDate}
          onChange={(value) => store.update(rowKey, { entryDate: value } as Partial<D>)}
          onValidityChange={(valid) => store.setBlocked(rowKey, !valid)} />
      </div>
    </>
  );
}) as <D extends { entryDate: string }, X>(props: Props<D, X>) => ReturnType<typeof SmartDateCell>;
