import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { formatCurrency } from '../../../core/money.ts';
import { ExpenseRow, type ExpenseStore } from './expense-row.tsx';
import { focusRowDate } from './row-focus.ts';
import type { ShowResult } from './time-table.tsx';
import { useProgressiveCount } from './use-progressive.ts';
import { RowBlockList, watchFarRows } from '../../ui/big-table/index.ts';
import { expenseTotalOf } from './totals.ts';
import { useRowKeys, useTotalAfterPaint } from './use-store.ts';
import type { Editor } from './editor.ts';
import { RowLockNotice } from './lock-notice.tsx';
import { ExpenseWaitingLine } from './waiting-line.tsx';

/** Expense entry table (SPEC §2); amounts are visible to every role. */
export function ExpenseTable({ store, showResult, editor }: { store: ExpenseStore | null; showResult: ShowResult; editor: Editor }) {
  const onDeleteError = useCallback((message: string) => showResult('error', message), [showResult]);
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Expense Entries</Text>
        <Button leftSection={<IconPlus size={16} />} disabled={!store} onClick={() => store && focusRowDate(store.add())}>Add Row</Button>
      </Group>
      {store && <RowLockNotice store={store} editor={editor} label="Expense rows you cannot change" />}
      <div className="tt-scroll">
        <div role="table" aria-label="Expense entries" className="tt-grid tt-expense">
          <div role="rowgroup">
            <div role="row" className="tt-row tt-head">
              <div role="columnheader" aria-label="Select" />
              <div role="columnheader">Date</div>
              <div role="columnheader">Expense Type</div>
              <div role="columnheader">Initials</div>
              <div role="columnheader">Expense Amt</div>
              <div role="columnheader">Description</div>
              <div role="columnheader">Actions</div>
            </div>
          </div>
          <div role="rowgroup" ref={watchFarRows}>{store && <ExpenseRows store={store} onDeleteError={onDeleteError} editor={editor} />}</div>
          {store && <ExpenseTotalsRow store={store} />}
        </div>
      </div>
      {store && <ExpenseWaitingLine store={store} />}
      {!store && <Text c="dimmed" size="sm" ta="center" py="md">Pick a project to log expenses.</Text>}
    </>
  );
}

function ExpenseRows({ store, onDeleteError, editor }: { store: ExpenseStore; onDeleteError(message: string): void; editor: Editor }) {
  const all = useRowKeys(store);
  const shown = useProgressiveCount(all.length);
  const keys = shown < all.length ? all.slice(0, shown) : all;
  const renderRow = useCallback((key: string) => (
    <ExpenseRow key={key} store={store} rowKey={key} onDeleteError={onDeleteError} editor={editor} />
  ), [store, onDeleteError, editor]);
  return <RowBlockList keys={keys} renderRow={renderRow} />;
}

function ExpenseTotalsRow({ store }: { store: ExpenseStore }) {
  const total = useTotalAfterPaint(store, expenseTotalOf);
  return (
    <div role="rowgroup">
      <div role="row" className="tt-row tt-totals">
        <div role="cell" className="tt-span-4">Expense Totals</div>
        <div role="cell" className="tt-money" data-label="Expense total"><span className="tt-fixed">{formatCurrency(total)}</span></div>
      </div>
    </div>
  );
}
