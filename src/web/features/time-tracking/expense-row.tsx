import { memo, useMemo } from 'react';
import { RowIcon } from '../../ui/row-icon.tsx';
import { GridInput, GridSelect } from '../../ui/grid-inputs.tsx';
import { AMOUNT_STEP, CUSTOM_EXPENSE_TYPE, EXPENSE_TYPES, INITIALS_MAX } from '../../../core/constants.ts';
import {
  cleanInitials, duplicateExpenseRow, expenseRowProblem, parseNonNegative, revertEmptyCustom, type ExpenseRowDraft,
} from '../../../core/time/time-rows.ts';
import type { ExpenseExtra } from './api.ts';
import { ConflictRow } from './conflict-row.tsx';
import { LockedDeleteButton } from './delete-row-button.tsx';
import type { EntryStore } from '../../shared/entries/index.ts';
import { RowStatusIcon } from './row-status.tsx';
import { useRow } from './use-store.ts';
import { isLocked, lockReason, ownerLockOf, type Editor } from './editor.ts';
import { OwnerTag } from './owner-tag.tsx';
import { entryRefusal } from '../../shared/entries/week-lock.ts';
import { BillTag } from './bill-tag.tsx';
import { RowLeadCells } from './row-lead-cells.tsx';
import { addRowOnEnter } from './row-focus.ts';
import { setField } from './set-field.ts';

export type ExpenseStore = EntryStore<ExpenseRowDraft, ExpenseExtra>;

interface Props {
  store: ExpenseStore;
  rowKey: string;
  onDeleteError(message: string): void;
  editor: Editor;
}

export const ExpenseRow = memo(function ExpenseRow({ store, rowKey, onDeleteError, editor }: Props) {
  const row = useRow(store, rowKey);
  const on = useMemo(() => ({
    expenseType: setField(store, rowKey, 'expenseType'),
    customType: setField(store, rowKey, 'customType'),
    // An emptied custom type goes back to the list.
    customBlur: () => {
      const reverted = revertEmptyCustom(store.getRow(rowKey)!.draft);
      if (reverted.expenseType !== CUSTOM_EXPENSE_TYPE) store.update(rowKey, { expenseType: '', customType: '' });
    },
    initials: setField(store, rowKey, 'initials', cleanInitials),
    amount: setField(store, rowKey, 'amount'),
    description: setField(store, rowKey, 'description'),
    enter: addRowOnEnter(store, rowKey),
  }), [store, rowKey]);
  if (!row) return null;
  const { draft } = row;
  const locked = isLocked(editor, row);
  // Another person's row (for a limited user, issue 28): Select says why not; Remove is disabled with the reason.
  const owner = ownerLockOf(editor, row);
  const sayWhy = row.extra.billNumber === null ? owner : null;
  const custom = draft.expenseType === CUSTOM_EXPENSE_TYPE;
  const amountInvalid = draft.amount !== '' && parseNonNegative(draft.amount) === null;
  const remove = () => store.remove(rowKey).catch((e: unknown) => onDeleteError(entryRefusal(e) ?? 'Failed to delete expense entry'));
  const conflict = row.conflict;
  return (
    <>
      <div role="row" className="tt-row" data-row-key={rowKey} data-status={row.status}
        title={lockReason(editor, row) ?? undefined}>
        <RowLeadCells store={store} rowKey={rowKey} selected={row.selected} entryDate={draft.entryDate} locked={locked}
          selectable={!locked || sayWhy !== null} />
        <div role="cell">
          {custom ? (
            <GridInput aria-label="Custom expense type" disabled={locked} placeholder="Enter custom expense type"
              autoFocus={draft.customType === ''} value={draft.customType} onChange={on.customType} onBlur={on.customBlur} />
          ) : (
            <GridSelect aria-label="Expense Type" disabled={locked} value={draft.expenseType} onChange={on.expenseType}
              options={EXPENSE_TYPES} placeholder="Select type" />
          )}
        </div>
        <div role="cell" className="tt-narrow">
          <GridInput aria-label="Initials" disabled={locked} value={draft.initials} maxLength={INITIALS_MAX} onChange={on.initials} />
        </div>
        <div role="cell">
          <GridInput aria-label="Expense Amt" disabled={locked} type="number" step={AMOUNT_STEP} min={0} inputMode="decimal"
            value={draft.amount} aria-invalid={amountInvalid} onChange={on.amount} />
        </div>
        <div role="cell">
          <GridInput aria-label="Description" disabled={locked} value={draft.description} onChange={on.description} onKeyDown={on.enter} />
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
            {owner && <OwnerTag message={owner} />}
            {locked ? <LockedDeleteButton label="Remove" name="Remove" icon="x" reason={lockReason(editor, row) ?? ''} /> : (
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
