import { memo } from 'react';
import { RowIcon } from '../../ui/row-icon.tsx';
import { GRID_CELL } from '../../ui/grid-cell.ts';
import { AMOUNT_STEP, CUSTOM_EXPENSE_TYPE, EXPENSE_TYPES, INITIALS_MAX } from '../../../core/constants.ts';
import {
  cleanInitials, duplicateExpenseRow, expenseRowProblem, parseNonNegative, revertEmptyCustom, type ExpenseRowDraft,
} from '../../../core/time-rows.ts';
import type { ExpenseExtra } from './api.ts';
import { ConflictRow } from './conflict-row.tsx';
import type { EntryStore } from './entry-store.ts';
import { RowStatusIcon } from './row-status.tsx';
import { useRow } from './use-store.ts';
import { isLocked, lockReason, type Editor } from './editor.ts';
import { BillTag } from './bill-tag.tsx';
import { RowLeadCells } from './row-lead-cells.tsx';
import { addRowOnEnter } from './row-focus.ts';

export type ExpenseStore = EntryStore<ExpenseRowDraft, ExpenseExtra>;

interface Props {
  store: ExpenseStore;
  rowKey: string;
  onDeleteError(message: string): void;
  editor: Editor;
}

export const ExpenseRow = memo(function ExpenseRow({ store, rowKey, onDeleteError, editor }: Props) {
  const row = useRow(store, rowKey);
  if (!row) return null;
  const { draft } = row;
  const locked = isLocked(editor, row);
  const set = (patch: Partial<ExpenseRowDraft>) => store.update(rowKey, patch);
  const custom = draft.expenseType === CUSTOM_EXPENSE_TYPE;
  const amountInvalid = draft.amount !== '' && parseNonNegative(draft.amount) === null;
  const remove = () => store.remove(rowKey).catch(() => onDeleteError('Failed to delete expense entry'));
  const conflict = row.conflict;
  return (
    <>
      <div role="row" className="tt-row" data-row-key={rowKey} data-status={row.status}
        title={locked ? lockReason(row) : undefined}>
        <RowLeadCells store={store} rowKey={rowKey} selected={row.selected} entryDate={draft.entryDate} locked={locked} />
        <div role="cell">
          {custom ? (
            <input aria-label="Custom expense type" {...GRID_CELL} disabled={locked} placeholder="Enter custom expense type"
              autoFocus={draft.customType === ''} value={draft.customType}
              onChange={(e) => set({ customType: e.currentTarget.value })}
              onBlur={() => {
                const reverted = revertEmptyCustom(store.getRow(rowKey)!.draft);
                if (reverted.expenseType !== CUSTOM_EXPENSE_TYPE) set({ expenseType: '', customType: '' });
              }} />
          ) : (
            <select aria-label="Expense Type" {...GRID_CELL} disabled={locked} value={draft.expenseType}
              onChange={(e) => set({ expenseType: e.currentTarget.value })}>
              <option value="">Select type</option>
              {EXPENSE_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
            </select>
          )}
        </div>
        <div role="cell" className="tt-narrow">
          <input aria-label="Initials" {...GRID_CELL} disabled={locked} value={draft.initials} maxLength={INITIALS_MAX}
            onChange={(e) => set({ initials: cleanInitials(e.currentTarget.value) })} />
        </div>
        <div role="cell">
          <input aria-label="Expense Amt" {...GRID_CELL} disabled={locked} type="number" step={AMOUNT_STEP} min={0} inputMode="decimal"
            value={draft.amount} aria-invalid={amountInvalid} onChange={(e) => set({ amount: e.currentTarget.value })} />
        </div>
        <div role="cell">
          <input aria-label="Description" {...GRID_CELL} disabled={locked} value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })} onKeyDown={addRowOnEnter(store, rowKey)} />
        </div>
        <div role="cell" className="tt-actions">
          <div className="tt-action-group">
            <RowStatusIcon status={row.status} saved={row.version !== null} error={row.error}
              problem={row.status === 'pending' ? expenseRowProblem(draft) : null} />
            <button type="button" className="tt-icon-button" aria-label="Duplicate" title="Duplicate"
              onClick={() => store.add(duplicateExpenseRow(draft), rowKey)}>
              <RowIcon name="copy" />
            </button>
            {row.extra.billNumber !== null && <BillTag billNumber={row.extra.billNumber} />}
            {!locked && (
              <button type="button" className="tt-text-button" onClick={remove}>
                <RowIcon name="x" /> Remove
              </button>
            )}
          </div>
        </div>
      </div>
      {row.status === 'conflict' && conflict && (
        <ConflictRow colSpan={7} deleted={conflict.version === null}
          theirs={`${conflict.draft.entryDate} · ${conflict.draft.expenseType === CUSTOM_EXPENSE_TYPE ? conflict.draft.customType : conflict.draft.expenseType} · $${conflict.draft.amount}${conflict.draft.description ? ` · ${conflict.draft.description}` : ''}`}
          onTheirs={() => store.resolveConflict(rowKey, 'theirs')} onMine={() => store.resolveConflict(rowKey, 'mine')} />
      )}
    </>
  );
});
