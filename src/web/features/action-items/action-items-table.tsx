import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { type SortKey, type SortState, type StatusFilter, type UiStatus } from '../../../core/action-items.ts';
import type { TActionItem, TAssignableUser } from '../../../core/api/action-items.ts';
import { ActionItemRow, type RowHandlers } from './action-item-row.tsx';
import { PlaceBlockList, useRowPlaces } from '../../ui/big-table/index.ts';
import './action-items.css';

/** A row's usual height, for the placeholders of the body and its blocks while they are off screen. */
const ROW_HEIGHT = 45;

interface Props {
  items: TActionItem[];
  sort: SortState;
  onSort(key: SortKey): void;
  statusFilter: StatusFilter;
  /** The dashboard lists every project: each row names its project. */
  showProject: boolean;
  users: readonly TAssignableUser[];
  emptyText: string;
  onStatus(item: TActionItem, status: UiStatus): void;
  onArchive(item: TActionItem): void;
  onAssign(item: TActionItem, userId: string): void;
  onEdit(item: TActionItem): void;
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: SortKey; sort: SortState; onSort(k: SortKey): void }) {
  const active = sort.key === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <div role="columnheader" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">{label}</Text>
          <Icon size={14} color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </div>
  );
}

/** The 9-column action items table (SPEC §2 Action items card). */
export function ActionItemsTable(props: Props) {
  const { items, sort, onSort, statusFilter, showProject, users, emptyText } = props;
  // Archived rows carry an icon only where archived and live items can appear together or alone.
  const markArchived = statusFilter === 'all' || statusFilter === 'archived';
  // The latest callbacks behind one stable object: the memoised rows never see a new one.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const handlers = useMemo<RowHandlers>(() => ({
    onStatus: (item, status) => latest.current.onStatus(item, status),
    onArchive: (item) => latest.current.onArchive(item),
    onAssign: (item, userId) => latest.current.onAssign(item, userId),
    onEdit: (item) => latest.current.onEdit(item),
  }), []);
  const { itemAt, bodyProps } = useRowPlaces(items);
  return (
    <div className="ai-scroll">
      <div role="table" aria-label="Action items" className="ai-table">
        <div role="rowgroup">
          <div role="row" className="ai-row ai-head">
            <SortHeader label="Assignee" column="assignee" sort={sort} onSort={onSort} />
            <div role="columnheader">Short Description</div>
            <div role="columnheader">Long Description</div>
            <SortHeader label="Date" column="dueDate" sort={sort} onSort={onSort} />
            <div role="columnheader">Time</div>
            <SortHeader label="Status" column="status" sort={sort} onSort={onSort} />
            <div role="columnheader">GCal</div>
            <SortHeader label="Completed" column="dateCompleted" sort={sort} onSort={onSort} />
            <div role="columnheader">Actions</div>
          </div>
        </div>
        <div role="rowgroup" className="ai-body" {...bodyProps} style={{ containIntrinsicSize: `auto ${Math.max(1, items.length) * ROW_HEIGHT}px`, '--row-height': `${ROW_HEIGHT}px` } as CSSProperties}>
          {items.length === 0 && <div role="row" className="ai-row"><div role="cell" className="ai-empty">{emptyText}</div></div>}
          <PlaceBlockList count={items.length} renderPlace={(place) => {
            const item = itemAt(place);
            return (
              <ActionItemRow key={place} item={item} users={users} markArchived={markArchived && item.archived}
                showProject={showProject} handlers={handlers} />
            );
          }} />
        </div>
      </div>
    </div>
  );
}
