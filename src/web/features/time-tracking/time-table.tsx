import { Button, Group, Text } from '@mantine/core';
import { IconPlus, IconClockHour4 } from '@tabler/icons-react';
import { useCallback } from 'react';
import { WORK_DETAIL_SUGGESTIONS } from '../../../core/constants.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { bulkApplyHours } from '../../../core/time/time-rows.ts';
import { TimeRow, type TimeStore } from './time-row.tsx';
import { timeCostOf, timeHoursOf } from './totals.ts';
import { focusRowDate } from './row-focus.ts';
import { useProgressiveCount } from './use-progressive.ts';
import { RowBlockList, watchFarRows } from '../../ui/big-table/index.ts';
import { useRowKeys, useTotalAfterPaint } from './use-store.ts';
import { lockReason, type Editor } from './editor.ts';
import { RowLockNotice } from './lock-notice.tsx';
import { TimeWaitingLine } from './waiting-line.tsx';

export type ShowResult = (kind: 'success' | 'error', message: string) => void;

interface Props {
  store: TimeStore | null;
  jobTitles: readonly string[];
  money: boolean;
  showResult: ShowResult;
  editor: Editor;
}

/** Time entry table (SPEC §2): one row component per entry, each subscribed to its own row. */
export function TimeTable({ store, jobTitles, money, showResult, editor }: Props) {
  const onDeleteError = useCallback((message: string) => showResult('error', message), [showResult]);
  const applyHours = () => {
    if (!store) return;
    const rows = store.allRows().map((row) => ({ key: row.key, hours: row.draft.hours }));
    const selected = new Set(store.allRows().filter((row) => row.selected).map((row) => row.key));
    // A selected row of a submitted or approved week (issue 25), or another person's row for a limited
    // user (issue 28): nothing is sent, and its sentence says why. (Billed rows cannot be selected.)
    const why = store.allRows().filter((row) => row.selected).map((row) => lockReason(editor, row)).find((m) => m !== null);
    if (why) {
      showResult('error', why);
      return;
    }
    const result = bulkApplyHours(rows, selected);
    if (!result.ok) {
      showResult('error', result.error);
      return;
    }
    for (const key of result.value.keys) store.update(key, { hours: String(result.value.hours) });
    showResult('success', result.value.message);
  };
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Time Entries</Text>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconClockHour4 size={16} />} disabled={!store} onClick={applyHours}>
            Apply Hours to Selected
          </Button>
          <Button leftSection={<IconPlus size={16} />} disabled={!store} onClick={() => store && focusRowDate(store.add())}>Add Row</Button>
        </Group>
      </Group>
      {store && <RowLockNotice store={store} editor={editor} label="Rows you cannot change" />}
      <datalist id="work-details-suggestions">
        {WORK_DETAIL_SUGGESTIONS.map((s) => <option key={s} value={s} />)}
      </datalist>
      <div className="tt-scroll">
        {/* Rows are grid rows, not <tr>: each row lays out on its own and blocks of rows off screen are
            skipped (content-visibility), so a keystroke in a 500-row table costs one row. */}
        <div role="table" aria-label="Time entries" className={`tt-grid ${money ? 'tt-time-money' : 'tt-time'}`}>
          <div role="rowgroup">
            <div role="row" className="tt-row tt-head">
              <div role="columnheader" aria-label="Select" />
              <div role="columnheader">Date</div>
              <div role="columnheader">Job Title</div>
              <div role="columnheader">Initials</div>
              <div role="columnheader">Hours</div>
              {money && <div role="columnheader">Cost</div>}
              <div role="columnheader">Work Details</div>
              <div role="columnheader">Description</div>
              <div role="columnheader">Actions</div>
            </div>
          </div>
          <div role="rowgroup" ref={watchFarRows}>
            {store && <TimeRows store={store} jobTitles={jobTitles} money={money} onDeleteError={onDeleteError} editor={editor} />}
          </div>
          {store && money && <TimeTotalsRow store={store} />}
        </div>
      </div>
      {store && <TimeWaitingLine store={store} />}
      {!store && <Text c="dimmed" size="sm" ta="center" py="md">Pick a project to log time.</Text>}
    </>
  );
}

function TimeRows({ store, jobTitles, money, onDeleteError, editor }: {
  store: TimeStore; jobTitles: readonly string[]; money: boolean; onDeleteError(message: string): void; editor: Editor;
}) {
  const all = useRowKeys(store);
  const shown = useProgressiveCount(all.length);
  const keys = shown < all.length ? all.slice(0, shown) : all;
  const renderRow = useCallback((key: string) => (
    <TimeRow key={key} store={store} rowKey={key} jobTitles={jobTitles} money={money} onDeleteError={onDeleteError} editor={editor} />
  ), [store, jobTitles, money, onDeleteError, editor]);
  return <RowBlockList keys={keys} renderRow={renderRow} />;
}

/** Time Totals: total hours to one decimal and total cost (super admins only). */
function TimeTotalsRow({ store }: { store: TimeStore }) {
  const hours = useTotalAfterPaint(store, timeHoursOf);
  const cost = useTotalAfterPaint(store, timeCostOf);
  return (
    <div role="rowgroup">
      <div role="row" className="tt-row tt-totals">
        <div role="cell" className="tt-span-4">Time Totals</div>
        <div role="cell" data-label="Total hours"><span className="tt-fixed">{formatHours(hours)}</span></div>
        <div role="cell" className="tt-money" data-label="Total cost"><span className="tt-fixed">{formatCurrency(cost)}</span></div>
      </div>
    </div>
  );
}
