import { memo, useMemo, type FocusEvent } from 'react';
import { RowIcon } from '../../ui/row-icon.tsx';
import { GridInput, GridSelect } from '../../ui/grid-inputs.tsx';
import { HOURS_STEP, INITIALS_MAX } from '../../../core/constants.ts';
import { costOf, formatCurrency } from '../../../core/money.ts';
import { cleanInitials, duplicateTimeRow, parseNonNegative, timeRowProblem, type TimeRowDraft } from '../../../core/time/time-rows.ts';
import type { TimeExtra } from './api.ts';
import { ConflictRow } from './conflict-row.tsx';
import { DeleteRowButton, LockedDeleteButton } from './delete-row-button.tsx';
import type { EntryStore, RowState } from '../../shared/entries/index.ts';
import { RowStatusIcon } from './row-status.tsx';
import { useRow } from './use-store.ts';
import { isLocked, lockReason, ownerLockOf, weekLockOf, type Editor } from './editor.ts';
import { BillTag } from './bill-tag.tsx';
import { WeekTag } from './week-tag.tsx';
import { entryRefusal } from '../../shared/entries/week-lock.ts';
import { OwnerTag } from './owner-tag.tsx';
import { RowLeadCells } from './row-lead-cells.tsx';
import { addRowOnEnter } from './row-focus.ts';
import { setField } from './set-field.ts';

export type TimeStore = EntryStore<TimeRowDraft, TimeExtra>;

/** Cost shown for a row: hours × the stored rate while the job title is the saved one. */
export function rowCost(row: RowState<TimeRowDraft, TimeExtra>): number | null {
  if (row.extra.rate === null) return row.version === null ? 0 : null;
  if (row.draft.jobType !== row.base.jobType) return null;
  return costOf(parseNonNegative(row.draft.hours) ?? 0, row.extra.rate);
}

// The suggestions are the focused cell's only: an input with a list paints a picker of its own,
// and 500 of them made every keystroke's frame dearer (issue 13).
const WORK_DETAILS_LIST = {
  onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.setAttribute('list', 'work-details-suggestions'),
  onBlur: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.removeAttribute('list'),
};

interface Props {
  store: TimeStore;
  rowKey: string;
  jobTitles: readonly string[];
  money: boolean;
  onDeleteError(message: string): void;
  editor: Editor;
}

export const TimeRow = memo(function TimeRow({ store, rowKey, jobTitles, money, onDeleteError, editor }: Props) {
  const row = useRow(store, rowKey);
  const on = useMemo(() => ({
    jobType: setField(store, rowKey, 'jobType'),
    initials: setField(store, rowKey, 'initials', cleanInitials),
    hours: setField(store, rowKey, 'hours'),
    workDetails: setField(store, rowKey, 'workDetails'),
    description: setField(store, rowKey, 'description'),
    enter: addRowOnEnter(store, rowKey),
  }), [store, rowKey]);
  if (!row) return null;
  const { draft } = row;
  const locked = isLocked(editor, row);
  // A closed week's row (not billed) keeps Select and Duplicate, which say why not before sending; its Delete is disabled with the reason.
  const closedWeek = row.extra.billNumber === null ? weekLockOf(row) : null;
  // Another person's row (for a limited user, issue 28) keeps Select, which says why not; a duplicate is theirs.
  const owner = ownerLockOf(editor, row);
  const sayWhy = closedWeek ?? (row.extra.billNumber === null ? owner : null);
  const hoursInvalid = draft.hours !== '' && parseNonNegative(draft.hours) === null;
  const titles = draft.jobType && !jobTitles.includes(draft.jobType) ? [draft.jobType, ...jobTitles] : jobTitles;
  const remove = () => store.remove(rowKey).catch((e: unknown) =>
    onDeleteError(entryRefusal(e) ?? `Failed to delete entry: ${e instanceof Error ? e.message : 'Unknown error'}`));
  const conflict = row.conflict;
  return (
    <>
      <div role="row" className="tt-row" data-row-key={rowKey} data-status={row.status}
        title={lockReason(editor, row) ?? undefined}>
        <RowLeadCells store={store} rowKey={rowKey} selected={row.selected} entryDate={draft.entryDate} locked={locked}
          selectable={!locked || sayWhy !== null} />
        <div role="cell">
          <GridSelect aria-label="Job Title" disabled={locked} value={draft.jobType} onChange={on.jobType}
            options={titles} placeholder="Select job title" />
        </div>
        <div role="cell" className="tt-narrow">
          <GridInput aria-label="Initials" disabled={locked} value={draft.initials} maxLength={INITIALS_MAX} onChange={on.initials} />
        </div>
        <div role="cell" className="tt-hours">
          <GridInput aria-label="Hours" disabled={locked} type="number" step={HOURS_STEP} min={0} inputMode="decimal"
            value={draft.hours} aria-invalid={hoursInvalid} onChange={on.hours} />
        </div>
        {money && <div role="cell" className="tt-money" data-label="Cost"><span className="tt-fixed">{formatCurrency(rowCost(row))}</span></div>}
        <div role="cell">
          <GridInput aria-label="Work Details" disabled={locked} value={draft.workDetails} {...WORK_DETAILS_LIST} onChange={on.workDetails} />
        </div>
        <div role="cell">
          <GridInput aria-label="Description" disabled={locked} value={draft.description} onChange={on.description} onKeyDown={on.enter} />
        </div>
        <div role="cell" className="tt-actions">
          <div className="tt-action-group">
            <RowStatusIcon status={row.status} saved={row.version !== null} error={row.error}
              problem={row.status === 'pending' ? timeRowProblem(draft) : null} />
            <button type="button" className="tt-icon-button" aria-label="Duplicate Row" title="Duplicate Row"
              onClick={() => (closedWeek ? onDeleteError(closedWeek) : store.add(duplicateTimeRow(draft), rowKey))}>
              <RowIcon name="copy" />
            </button>
            {row.extra.billNumber !== null && <BillTag billNumber={row.extra.billNumber} />}
            {row.extra.week && <WeekTag week={row.extra.week} />}
            {owner && <OwnerTag message={owner} />}
            {locked ? <LockedDeleteButton label="Delete" name="Delete Row" icon="trash" reason={lockReason(editor, row) ?? ''} /> : <DeleteRowButton onConfirm={remove} />}
          </div>
        </div>
      </div>
      {row.status === 'conflict' && conflict && (
        <ConflictRow colSpan={money ? 9 : 8} deleted={conflict.version === null}
          theirs={`${conflict.draft.entryDate} · ${conflict.draft.jobType} · ${conflict.draft.hours} h`
            + `${conflict.draft.workDetails ? ` · ${conflict.draft.workDetails}` : ''}`
            + `${conflict.draft.description ? ` · ${conflict.draft.description}` : ''}`}
          onTheirs={() => store.resolveConflict(rowKey, 'theirs')} onMine={() => store.resolveConflict(rowKey, 'mine')} />
      )}
    </>
  );
});
